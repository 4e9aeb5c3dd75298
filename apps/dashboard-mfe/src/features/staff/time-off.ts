import {
  type CreateTimeOffRequest,
  type TimeOff,
  addDays,
  formatCalendarDay,
  formatClockTime,
  formatLongDate,
  timeZoneAbbreviation,
} from '@slotwise/contracts';
import { localParts, zonedInstant } from '../owner';

/** The Add Time Off form: whole days by dates, or part of one day by times. */
export interface TimeOffForm {
  kind: 'days' | 'part';
  from: string;
  to: string;
  date: string;
  startTime: string;
  endTime: string;
  reason: string;
}

export type TimeOffErrors = Partial<Record<'from' | 'to' | 'date' | 'endTime' | 'reason', string>>;

export function emptyTimeOffForm(today: string): TimeOffForm {
  return {
    kind: 'days',
    from: today,
    to: today,
    date: today,
    startTime: '09:00',
    endTime: '12:00',
    reason: '',
  };
}

/** What is wrong with the form, by field (empty when it can be sent). */
export function timeOffErrors(form: TimeOffForm): TimeOffErrors {
  const errors: TimeOffErrors = {};
  if (form.kind === 'days') {
    if (!form.from) errors.from = 'Choose the first day';
    if (!form.to) errors.to = 'Choose the last day';
    else if (form.from && form.to < form.from) {
      errors.to = 'The last day must not be before the first';
    }
  } else {
    if (!form.date) errors.date = 'Choose a date';
    if (form.endTime <= form.startTime) errors.endTime = 'The end must be after the start';
  }
  if (form.reason.trim().length > 120) errors.reason = 'Reason must be 120 characters or fewer';
  return errors;
}

/**
 * POST /api/staff/{id}/time-off's body: whole days run from the first day's midnight to the
 * midnight after the last, in the business's zone; part of a day from its start to its end there.
 */
export function timeOffRequest(form: TimeOffForm, timeZone: string): CreateTimeOffRequest {
  const reason = form.reason.trim() || null;
  if (form.kind === 'days') {
    return {
      start: zonedInstant(form.from, '00:00', timeZone),
      end: zonedInstant(addDays(form.to, 1), '00:00', timeZone),
      reason,
    };
  }
  return {
    start: zonedInstant(form.date, form.startTime, timeZone),
    end: zonedInstant(form.date, form.endTime, timeZone),
    reason,
  };
}

/**
 * How the list shows time off, in the business's zone: '5 Jan 2027 – 7 Jan 2027 · All day',
 * 'Tue, 5 Jan 2027 · 9:00 AM – 12:00 PM AEDT'.
 */
export function timeOffLabel(entry: Pick<TimeOff, 'start' | 'end'>, timeZone: string): string {
  const start = localParts(entry.start, timeZone);
  const end = localParts(entry.end, timeZone);
  if (start.time === '00:00' && end.time === '00:00') {
    const last = addDays(end.day, -1);
    const days =
      last <= start.day
        ? formatCalendarDay(start.day)
        : `${formatCalendarDay(start.day)} – ${formatCalendarDay(last)}`;
    return `${days} · All day`;
  }
  const zone = timeZoneAbbreviation(entry.start, timeZone);
  if (start.day === end.day) {
    return `${formatLongDate(entry.start, timeZone)} · ${formatClockTime(start.time)} – ${formatClockTime(end.time)} ${zone}`;
  }
  return `${formatCalendarDay(start.day)} ${formatClockTime(start.time)} – ${formatCalendarDay(end.day)} ${formatClockTime(end.time)} ${zone}`;
}

/** The entries not over yet, soonest first. */
export function upcomingTimeOff(list: readonly TimeOff[], now: Date = new Date()): TimeOff[] {
  return list
    .filter((t) => Date.parse(t.end) > now.getTime())
    .sort((a, b) => Date.parse(a.start) - Date.parse(b.start));
}
