import { type StaffMember } from '@slotwise/contracts';
import { Button } from '@slotwise/ui';
import { ToggleGroup } from '../../owner';
import { type CalendarView, periodLabel, shift } from '../calendar';

const VIEWS: readonly { value: CalendarView; label: string }[] = [
  { value: 'day', label: 'Day' },
  { value: 'week', label: 'Week' },
  { value: 'month', label: 'Month' },
];

/** Day / Week / Month, Today, previous and next, the period, and the staff filter (with staff). */
export function CalendarToolbar({
  view,
  onView,
  anchor,
  onAnchor,
  today,
  staff,
  staffFilter,
  onStaffFilter,
}: {
  view: CalendarView;
  onView: (view: CalendarView) => void;
  anchor: string;
  onAnchor: (day: string) => void;
  today: string;
  staff: readonly StaffMember[];
  staffFilter: number | null;
  onStaffFilter: (id: number | null) => void;
}) {
  return (
    <div className="dash-cal-tools sw-row sw-row--spread">
      <ToggleGroup label="Calendar view" options={VIEWS} value={view} onChange={onView} />
      <div className="dash-cal-nav">
        <Button size="sm" variant="secondary" onClick={() => onAnchor(today)}>
          Today
        </Button>
        <Button
          size="sm"
          variant="ghost"
          aria-label={`Previous ${view}`}
          onClick={() => onAnchor(shift(view, anchor, -1))}
        >
          ‹
        </Button>
        <Button
          size="sm"
          variant="ghost"
          aria-label={`Next ${view}`}
          onClick={() => onAnchor(shift(view, anchor, 1))}
        >
          ›
        </Button>
        <h3 className="dash-cal-label" aria-live="polite">
          {periodLabel(view, anchor)}
        </h3>
      </div>
      {staff.length > 0 && (
        <select
          className="sw-input dash-cal-staff"
          aria-label="Staff member"
          value={staffFilter ?? ''}
          onChange={(e) => onStaffFilter(e.target.value ? Number(e.target.value) : null)}
        >
          <option value="">All Staff</option>
          {staff.map((m) => (
            <option key={m.id} value={m.id}>
              {m.name}
            </option>
          ))}
        </select>
      )}
    </div>
  );
}
