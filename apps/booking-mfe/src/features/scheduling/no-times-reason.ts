import { type DayStatus } from '@slotwise/contracts';

/** The spec's text for a day the customer's chosen staff member has no time left on. */
export const STAFF_FULLY_BOOKED =
  'This date is fully booked for the selected staff member. Please select another date or staff member.';

export interface NoTimesContext {
  businessName: string;
  /**
   * Whose day it is: the person the customer picked ('chosen', with their first name when known:
   * they may pick someone else), the booking's own person on the reschedule page ('fixed', by
   * name: they cannot), or nobody.
   */
  staff: { kind: 'chosen'; name?: string } | { kind: 'fixed'; name: string } | null;
  /** The business's booking window, when known. */
  window: { minNoticeMinutes: number; maxAdvanceDays: number } | null;
}

const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;

/** 60 → '1 hour', 90 → '90 minutes', 150 → '2 hours 30 minutes', 2880 → '2 days'. */
export function formatNotice(minutes: number): string {
  if (minutes > 0 && minutes % 1440 === 0) return plural(minutes / 1440, 'day');
  if (minutes > 0 && minutes % 60 === 0) return plural(minutes / 60, 'hour');
  if (minutes < 120) return plural(minutes, 'minute');
  return `${plural(Math.floor(minutes / 60), 'hour')} ${plural(minutes % 60, 'minute')}`;
}

function outsideWindow(window: NoTimesContext['window']): string {
  const lead = "Online booking isn't open for this date.";
  if (!window) return lead;
  const ahead = `You can book up to ${plural(window.maxAdvanceDays, 'day')} ahead`;
  return window.minNoticeMinutes > 0
    ? `${lead} ${ahead}, at least ${formatNotice(window.minNoticeMinutes)} before the start.`
    : `${lead} ${ahead}.`;
}

function fullyBooked(staff: NoTimesContext['staff']): string {
  if (staff?.kind === 'chosen') return STAFF_FULLY_BOOKED;
  if (staff?.kind === 'fixed') {
    return `This date is fully booked for ${staff.name}. Please select another date.`;
  }
  return 'This date is fully booked. Please select another date.';
}

/** The business is open but the person (or, without one, everybody) does not work that day. */
function notWorking(staff: NoTimesContext['staff']): string {
  if (staff?.kind === 'chosen') {
    return `${staff.name ?? 'The selected staff member'} isn't working on this date. Try another date or another staff member.`;
  }
  if (staff?.kind === 'fixed') {
    return `${staff.name} isn't working on this date. Please select another date.`;
  }
  return 'No staff member is working on this date. Please select another date.';
}

/**
 * Why a chosen date shows no times, by its status in the month's days. 'available' means the
 * date filled after the days were read. Unknown (the days could not be read): only a chosen
 * person's day is called full, as before the days were known; otherwise nothing is added.
 */
export function noTimesReason(
  status: DayStatus | undefined,
  context: NoTimesContext,
): string | null {
  switch (status) {
    case 'closed':
      return `${context.businessName} is closed on this date. Please choose another date.`;
    case 'staff_not_working':
      return notWorking(context.staff);
    case 'outside_window':
      return outsideWindow(context.window);
    case 'no_times_left':
      return `No times left on this date: the service does not fit in ${context.businessName}'s hours that day. Please choose another date.`;
    case 'fully_booked':
    case 'available':
      return fullyBooked(context.staff);
    default:
      return context.staff?.kind === 'chosen' ? STAFF_FULLY_BOOKED : null;
  }
}
