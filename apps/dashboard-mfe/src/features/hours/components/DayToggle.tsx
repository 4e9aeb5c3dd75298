import { Label, Switch } from '@slotwise/ui';
import { DEFAULT_INTERVAL, type Interval } from '../intervals';

interface DayState {
  isOpen: boolean;
  intervals: Interval[];
}

/**
 * A day's on/off switch with its state in words ('Open' or 'Closed', 'Working' or 'Off').
 * A day switched on without hours gets the default interval; a day switched off keeps its hours.
 */
export function DayToggle({
  id,
  day,
  onText,
  offText,
  label,
  onChange,
}: {
  id: string;
  day: DayState;
  onText: string;
  offText: string;
  label: string;
  onChange: (change: DayState) => void;
}) {
  return (
    <div className="dash-day__toggle">
      <Label htmlFor={id} className="dash-day__state">
        {day.isOpen ? onText : offText}
      </Label>
      <Switch
        id={id}
        checked={day.isOpen}
        onCheckedChange={(isOpen) =>
          onChange({
            isOpen,
            intervals: isOpen && day.intervals.length === 0 ? [DEFAULT_INTERVAL] : day.intervals,
          })
        }
        aria-label={label}
      />
    </div>
  );
}
