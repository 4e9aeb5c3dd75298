import { useId } from 'react';
import { type AvailableTime } from '@slotwise/contracts';
import { Spinner, cx } from '@slotwise/ui';

interface TimeSlotGridProps {
  hasDate: boolean;
  loading: boolean;
  slots: AvailableTime[] | undefined;
  /** Why the day has no times (closed, fully booked, outside the booking window), when known. */
  emptyReason: string | null;
  selected: AvailableTime | null;
  onSelect: (slot: AvailableTime) => void;
}

/** The zone abbreviations of a day's slots, in order of first use ('AEDT', then 'AEST'). */
export function zoneNames(slots: readonly AvailableTime[]): string[] {
  return [...new Set(slots.map((s) => s.timeZoneName))];
}

/**
 * Times are the API's display strings, already in the business's zone; `start` is kept for the
 * booking. The zone is named once above the grid; on the day the clocks change each time names
 * its own, so the repeated hour's two '2:00 AM's are two different buttons.
 */
export function TimeSlotGrid({
  hasDate,
  loading,
  slots,
  emptyReason,
  selected,
  onSelect,
}: TimeSlotGridProps) {
  const zoneId = useId();
  if (!hasDate) return <p className="bk-muted">Please select a date first.</p>;
  if (loading) {
    return (
      <p className="bk-muted bk-loading-line" role="status">
        <Spinner /> Loading available times…
      </p>
    );
  }
  if (!slots || slots.length === 0) {
    return (
      <div className="bk-no-times">
        <p className="bk-muted">No available times for this date.</p>
        {emptyReason && <p className="bk-no-times__reason">{emptyReason}</p>}
      </div>
    );
  }
  const zones = zoneNames(slots);
  const mixed = zones.length > 1;
  return (
    <>
      <p className="bk-muted bk-slots__zone" id={zoneId}>
        Times in {zones.join(' and ')}
      </p>
      <div className="bk-slots" role="group" aria-label="Available times" aria-describedby={zoneId}>
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
              {mixed && <span className="bk-slot__zone"> {slot.timeZoneName}</span>}
            </button>
          );
        })}
      </div>
    </>
  );
}
