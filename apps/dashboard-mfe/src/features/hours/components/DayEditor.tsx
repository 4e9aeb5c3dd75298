import { type ReactNode } from 'react';
import { Label, Switch } from '@slotwise/ui';
import { DEFAULT_INTERVAL, type Interval, type IntervalTexts } from '../intervals';
import { IntervalsEditor } from './IntervalsEditor';

interface DayState {
  isOpen: boolean;
  intervals: Interval[];
}

/**
 * One weekday's editor, the business's or a person's: a head row with the day's name and its
 * on/off switch (its state in words, 'Open' or 'Closed', 'Working' or 'Off'), then, while the day
 * is on, its intervals and whatever else the caller adds. A day switched on without hours gets the
 * default interval; a day switched off keeps its hours.
 */
export function DayEditor({
  id,
  name,
  day,
  head,
  toggle,
  texts,
  onChange,
  children,
}: {
  id: string;
  name: string;
  day: DayState;
  /** The head row's class and the day's name as the caller shows it. */
  head: { className: string; title: ReactNode };
  toggle: { id: string; onText: string; offText: string; label: string };
  texts?: IntervalTexts;
  onChange: (change: Partial<DayState>) => void;
  children?: ReactNode;
}) {
  return (
    <>
      <div className={head.className}>
        {head.title}
        <div className="dash-day__toggle">
          <Label htmlFor={toggle.id} className="dash-day__state">
            {day.isOpen ? toggle.onText : toggle.offText}
          </Label>
          <Switch
            id={toggle.id}
            checked={day.isOpen}
            onCheckedChange={(isOpen) =>
              onChange({
                isOpen,
                intervals:
                  isOpen && day.intervals.length === 0 ? [DEFAULT_INTERVAL] : day.intervals,
              })
            }
            aria-label={toggle.label}
          />
        </div>
      </div>
      {day.isOpen && (
        <>
          <IntervalsEditor
            id={id}
            name={name}
            intervals={day.intervals}
            texts={texts}
            onChange={(intervals) => onChange({ intervals })}
          />
          {children}
        </>
      )}
    </>
  );
}
