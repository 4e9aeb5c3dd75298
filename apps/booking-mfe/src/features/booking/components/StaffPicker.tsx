import { useId } from 'react';
import { type StaffMember } from '@slotwise/contracts';
import { cx } from '@slotwise/ui';

interface StaffPickerProps {
  staff: StaffMember[];
  /** null = 'Any available'. */
  value: number | null;
  onChange: (staffId: number | null) => void;
}

/** Native radios (arrow keys move between them) styled as chips. */
export function StaffPicker({ staff, value, onChange }: StaffPickerProps) {
  const name = useId();
  const options = [
    { id: null, label: 'Any available', detail: 'First free team member' },
    ...staff.map((m) => ({ id: m.id, label: m.name, detail: m.position })),
  ];
  return (
    <fieldset className="bk-staff">
      <legend className="bk-panel-title">Choose a team member</legend>
      <div className="bk-staff__options">
        {options.map((option) => {
          const checked = option.id === value;
          return (
            <label
              key={option.id ?? 'any'}
              className={cx('bk-staff__option', checked && 'bk-staff__option--checked')}
            >
              <input
                type="radio"
                name={name}
                className="sw-visually-hidden"
                checked={checked}
                onChange={() => onChange(option.id)}
              />
              <span className="bk-staff__name">{option.label}</span>
              {option.detail && <span className="bk-staff__detail">{option.detail}</span>}
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
