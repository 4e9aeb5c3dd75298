import { type AvailableTime } from '@slotwise/contracts';
import { Spinner, cx } from '@slotwise/ui';

interface TimeSlotGridProps {
  hasDate: boolean;
  loading: boolean;
  slots: AvailableTime[] | undefined;
  selected: AvailableTime | null;
  onSelect: (slot: AvailableTime) => void;
}

/** Times are the API's display strings, already in the business's zone; `start` is kept for the booking. */
export function TimeSlotGrid({ hasDate, loading, slots, selected, onSelect }: TimeSlotGridProps) {
  if (!hasDate) return <p className="bk-muted">Please select a date first.</p>;
  if (loading) {
    return (
      <p className="bk-muted bk-loading-line" role="status">
        <Spinner /> Loading available times…
      </p>
    );
  }
  if (!slots || slots.length === 0) {
    return <p className="bk-muted">No available times for this date.</p>;
  }
  return (
    <div className="bk-slots" role="group" aria-label="Available times">
      {slots.map((slot) => {
        const isSelected = selected?.start === slot.start;
        return (
          <button
            key={slot.start}
            type="button"
            className={cx('bk-slot', isSelected && 'bk-slot--selected')}
            aria-pressed={isSelected}
            data-testid="time-slot"
            data-start={slot.start}
            onClick={() => onSelect(slot)}
          >
            {slot.time}
          </button>
        );
      })}
    </div>
  );
}
