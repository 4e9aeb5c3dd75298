import { type StaffChangeRequest, type StaffRequestStatus } from '@slotwise/contracts';
import { type BadgeVariant } from '@slotwise/ui';
import { DAY_NAMES, DISPLAY_ORDER, formatIntervals, savedIntervals } from '../hours';
import { timeOffLabel } from '../staff';

export const STATUS_BADGE: Record<StaffRequestStatus, BadgeVariant> = {
  pending: 'warning',
  approved: 'success',
  declined: 'danger',
};

/** 'Time off: 2 Mar 2027 – 3 Mar 2027 · All day', or 'Hours: Mon 10:00 AM – 3:00 PM, Tue Off…'. */
export function requestSummary(request: StaffChangeRequest, timeZone: string): string {
  if (request.kind === 'time-off' && request.start && request.end) {
    return `Time off: ${timeOffLabel({ start: request.start, end: request.end }, timeZone)}`;
  }
  const days = request.days ?? [];
  const week = DISPLAY_ORDER.map((dow) => {
    const day = days.find((d) => d.dayOfWeek === dow);
    const name = (DAY_NAMES[dow] ?? '').slice(0, 3);
    const intervals = day?.isOpen ? savedIntervals(day) : [];
    return `${name} ${intervals.length > 0 ? formatIntervals(intervals) : 'Off'}`;
  });
  return `Hours: ${week.join(', ')}`;
}
