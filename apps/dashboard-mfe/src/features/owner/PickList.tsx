import { type ReactNode } from 'react';
import { cx } from '@slotwise/ui';

/**
 * A search's matches to pick one from: each a button with a bold title and a line of detail under
 * it (a client's name, then their phone and email).
 */
export function PickList<T extends { id: number }>({
  items,
  label,
  className,
  optionClassName,
  title,
  detail,
  onPick,
}: {
  items: readonly T[];
  /** The list's accessible name. */
  label: string;
  className: string;
  optionClassName: string;
  title: (item: T) => ReactNode;
  detail: (item: T) => ReactNode;
  onPick: (item: T) => void;
}) {
  return (
    <ul className={className} aria-label={label}>
      {items.map((item) => (
        <li key={item.id}>
          <button
            type="button"
            className={cx(optionClassName, 'sw-list-button')}
            onClick={() => onPick(item)}
          >
            <span className="dash-table__strong">{title(item)}</span>
            <span className="dash-table__sub">{detail(item)}</span>
          </button>
        </li>
      ))}
    </ul>
  );
}
