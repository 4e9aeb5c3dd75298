import { type StaffHours, type StaffHoursRequest } from '@slotwise/contracts';
import { dayInvalid, type Interval, requestIntervals, savedIntervals } from '../hours';

/** One weekday of a person's own hours as the staff dialog edits it. */
export interface StaffDayDraft {
  dayOfWeek: number;
  isOpen: boolean;
  intervals: Interval[];
}

export interface StaffHoursDraft {
  /** False: the person works the business's hours. */
  ownHours: boolean;
  days: StaffDayDraft[];
}

/**
 * The dialog's starting point. Without own hours the API answers the business's week, which is
 * where the owner's own hours for the person start from.
 */
export function staffDraft(saved: StaffHours): StaffHoursDraft {
  const days = [0, 1, 2, 3, 4, 5, 6].map((dayOfWeek) => {
    const day = saved.days.find((d) => d.dayOfWeek === dayOfWeek);
    return {
      dayOfWeek,
      isOpen: day?.isOpen ?? false,
      intervals: day ? savedIntervals(day) : [],
    };
  });
  return { ownHours: saved.ownHours, days };
}

/** PUT /api/staff/{id}/availability's body, or null: back to the business's hours. */
export function toStaffRequest(draft: StaffHoursDraft): StaffHoursRequest | null {
  if (!draft.ownHours) return null;
  return draft.days.map((d) => ({
    dayOfWeek: d.dayOfWeek,
    isOpen: d.isOpen,
    intervals: requestIntervals(d),
  }));
}

export function staffHoursInvalid(draft: StaffHoursDraft): boolean {
  return draft.ownHours && draft.days.some(dayInvalid);
}

/** Whether the draft says something else than what is saved. */
export function staffHoursChanged(draft: StaffHoursDraft, saved: StaffHours): boolean {
  if (draft.ownHours !== saved.ownHours) return true;
  return (
    draft.ownHours &&
    JSON.stringify(toStaffRequest(draft)) !== JSON.stringify(toStaffRequest(staffDraft(saved)))
  );
}
