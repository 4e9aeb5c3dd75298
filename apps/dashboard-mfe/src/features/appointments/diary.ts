import { isApiError } from '@slotwise/api-client';
import {
  type AvailableTime,
  type BookingRefusalReason,
  CONFIRMABLE_REFUSAL_REASONS,
  type CalendarDay,
  ErrorCode,
  type OwnerAppointment,
  type OwnerCreateAppointmentRequest,
  OwnerCreateAppointmentRequestSchema,
  addDays,
  formatActivityTime,
  formatTime,
  refusalReasons,
  timeZoneAbbreviation,
  messageStateText,
  todayInZone,
} from '@slotwise/contracts';
import { localParts, zonedInstant } from '../owner';
import { customerName } from './appointments';

/** Drags and the arrow keys move an appointment in steps of 15 minutes. */
export const MOVE_STEP = 15;
const DAY_MINUTES = 24 * 60;

const pad = (n: number) => String(n).padStart(2, '0');

/** Minutes after midnight → 'HH:MM' (24 h). */
export const clockOf = (minutes: number) => `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;

/** 'HH:MM' → minutes after midnight, or null for anything else. */
export function minutesOf(clock: string): number | null {
  const m = /^(\d{2}):(\d{2})$/.exec(clock.trim());
  if (!m) return null;
  const hours = Number(m[1]);
  const minutes = Number(m[2]);
  return hours < 24 && minutes < 60 ? hours * 60 + minutes : null;
}

/**
 * Where New appointment starts from the header: today, at the next quarter hour (the last one of
 * the day late at night), with any staff member.
 */
export function nextQuarter(
  timeZone: string,
  now = new Date(),
): { day: CalendarDay; minutes: number; staffId: null } {
  const p = localParts(now.toISOString(), timeZone);
  const minutes = Math.ceil((p.hour * 60 + p.minute) / MOVE_STEP) * MOVE_STEP;
  return {
    day: todayInZone(timeZone, now),
    minutes: Math.min(minutes, DAY_MINUTES - MOVE_STEP),
    staffId: null,
  };
}

/** The nearest step of the grid. */
export const snap = (minutes: number, step = MOVE_STEP) => Math.round(minutes / step) * step;

/** The business-local start of an appointment: its day and minutes after midnight. */
export function startOf(
  a: OwnerAppointment,
  timeZone: string,
): { day: CalendarDay; minutes: number } {
  const p = localParts(a.date, timeZone);
  return { day: p.day, minutes: p.hour * 60 + p.minute };
}

/** The instant of a wall-clock time on a business-local day; minutes past midnight roll over. */
export function slotInstant(day: CalendarDay, minutes: number, timeZone: string): string {
  const shift = Math.floor(minutes / DAY_MINUTES);
  return zonedInstant(addDays(day, shift), clockOf(minutes - shift * DAY_MINUTES), timeZone);
}

/**
 * One step earlier or later on the 15-minute grid, within the day: from 10:05, later is 10:15
 * and earlier 10:00.
 */
export function stepMinutes(minutes: number, direction: 1 | -1): number {
  const next =
    direction > 0
      ? Math.floor(minutes / MOVE_STEP) * MOVE_STEP + MOVE_STEP
      : Math.ceil(minutes / MOVE_STEP) * MOVE_STEP - MOVE_STEP;
  return Math.min(Math.max(next, 0), DAY_MINUTES - MOVE_STEP);
}

/**
 * Where a drag puts the start: the minutes the pointer has travelled since it took hold (an hour
 * row's height is an hour), snapped to the grid, within the day.
 */
export function draggedMinutes(start: number, grabbed: number, pointer: number): number {
  const moved = snap(start + pointer - grabbed);
  return Math.min(Math.max(moved, 0), DAY_MINUTES - MOVE_STEP);
}

/** The minutes a point of an hour row stands for: its hour plus how far down the row it is. */
export function minutesInRow(hour: number, fraction: number): number {
  return hour * 60 + Math.min(Math.max(fraction, 0), 0.999) * 60;
}

/** The staff member a move gives the booking: keep theirs, nobody (null), or this one. */
export type StaffChoice =
  { kind: 'keep' } | { kind: 'none' } | { kind: 'member'; id: number; name: string };

/** Where an appointment is being moved to. */
export interface MoveTarget {
  /** The new start, an ISO instant. */
  date: string;
  staff: StaffChoice;
}

/** Who a target leaves the booking with, as a sentence ends: ' with Mia Rossi'. */
function withWhom(a: OwnerAppointment, staff: StaffChoice): string {
  if (staff.kind === 'member') return ` with ${staff.name}`;
  if (staff.kind === 'none') return ' with no staff member';
  return a.staff ? ` with ${a.staff.name}` : '';
}

/** 'Move Jack Smith to Tue 5 Jan, 10:30 AM with Mia Rossi?' */
export function moveQuestion(a: OwnerAppointment, target: MoveTarget, timeZone: string): string {
  return `Move ${customerName(a)} to ${formatActivityTime(target.date, timeZone)}${withWhom(a, target.staff)}?`;
}

/** The body of the PATCH that moves an appointment. */
export function moveBody(target: MoveTarget, notifyCustomer: boolean, outsideHours: boolean) {
  return {
    date: target.date,
    ...(target.staff.kind === 'member'
      ? { staffMemberId: target.staff.id }
      : target.staff.kind === 'none'
        ? { staffMemberId: null }
        : {}),
    notifyCustomer,
    outsideHours,
  };
}

/** Whether the target is where the appointment already is. */
export function isSamePlace(a: OwnerAppointment, target: MoveTarget): boolean {
  const sameStaff =
    target.staff.kind === 'keep' ||
    (target.staff.kind === 'none' ? a.staffMemberId === null : a.staffMemberId === target.staff.id);
  return sameStaff && Date.parse(target.date) === Date.parse(a.date);
}

/**
 * What became of the client's SMS, told truthfully: nothing is said to be sent that was only
 * queued. `sms` is whether the server has an SMS provider (undefined while unknown).
 */
export function smsOutcome({
  notify,
  start,
  timeChanged = true,
  sms,
  now = Date.now(),
}: {
  notify: boolean;
  start: string;
  timeChanged?: boolean;
  sms: boolean | undefined;
  now?: number;
}): string {
  if (Date.parse(start) <= now) return 'No SMS: the appointment has already started.';
  if (!notify) return 'The client was not sent an SMS.';
  if (!timeChanged) return 'No SMS: the time did not change.';
  return `Client SMS: ${messageStateText('sms', sms === false ? 'not_configured' : 'queued')}`;
}

/** The fields of the New appointment dialog. */
export interface NewAppointmentValues {
  serviceId: string;
  /** '' for any available staff member. */
  staffId: string;
  day: string;
  time: string;
  client: 'existing' | 'new';
  customerId: number | null;
  firstName: string;
  lastName: string;
  phone: string;
  email: string;
  notes: string;
  notify: boolean;
}

export type NewAppointmentField =
  | 'serviceId'
  | 'staffId'
  | 'day'
  | 'time'
  | 'client'
  | 'firstName'
  | 'lastName'
  | 'phone'
  | 'email'
  | 'notes';

export type DiaryErrors<F extends string> = Partial<Record<F | 'form', string>>;

/** A request's field (the API's issue path, 'customer.phone') as the dialog's field. */
export function fieldOfPath(path: string): NewAppointmentField | null {
  const last = path.split('.').at(-1) ?? '';
  switch (last) {
    case 'serviceId':
      return 'serviceId';
    case 'staffMemberId':
      return 'staffId';
    case 'date':
      return 'time';
    case 'customer':
    case 'customerId':
      return 'client';
    case 'firstName':
    case 'lastName':
    case 'phone':
    case 'email':
    case 'notes':
      return last;
    default:
      return null;
  }
}

/**
 * The New appointment dialog's request, or what is wrong with it, checked with the API's own
 * schema so the dialog says what the API would.
 */
export function newAppointmentRequest(
  values: NewAppointmentValues,
  timeZone: string,
):
  | { body: OwnerCreateAppointmentRequest; errors: null }
  | { body: null; errors: DiaryErrors<NewAppointmentField> } {
  const errors: DiaryErrors<NewAppointmentField> = {};
  if (!values.serviceId) errors.serviceId = 'Choose a service';
  if (!/^\d{4}-\d{2}-\d{2}$/.test(values.day)) errors.day = 'Choose a date';
  const minutes = minutesOf(values.time);
  if (minutes === null) errors.time = 'Enter a time';
  if (values.client === 'existing' && values.customerId === null) {
    errors.client = 'Choose a client or enter a new one';
  }
  const body: OwnerCreateAppointmentRequest = {
    serviceId: Number(values.serviceId) || 0,
    ...(values.staffId ? { staffMemberId: Number(values.staffId) } : {}),
    date:
      errors.day || minutes === null
        ? new Date(0).toISOString()
        : slotInstant(values.day, minutes, timeZone),
    ...(values.client === 'existing'
      ? values.customerId !== null
        ? { customerId: values.customerId }
        : {}
      : {
          customer: {
            firstName: values.firstName,
            lastName: values.lastName,
            phone: values.phone,
            email: values.email,
          },
        }),
    notes: values.notes,
    notifyCustomer: values.notify,
    outsideHours: false,
  };
  const parsed = OwnerCreateAppointmentRequestSchema.safeParse(body);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = fieldOfPath(issue.path.map(String).join('.'));
      // The service's own message ('serviceId must be a positive number') is ours above.
      if (field && !errors[field]) errors[field] = issue.message;
    }
  }
  return Object.keys(errors).length > 0 ? { body: null, errors } : { body, errors: null };
}

/** The text for a failure the server did not explain (a lost connection, a fault). */
export const TRY_AGAIN = 'Something went wrong. Check your connection and try again.';

/**
 * A refused booking or move, beside the fields it concerns: a taken slot beside the time, the
 * API's field issues beside their fields, anything else above the buttons in the server's words.
 * OUTSIDE_HOURS is not here: the dialogs ask the owner about it.
 */
export function diaryErrors(error: unknown): DiaryErrors<NewAppointmentField> {
  if (!isApiError(error)) return { form: TRY_AGAIN };
  const message = error.serverMessage;
  switch (error.code) {
    case ErrorCode.SLOT_TAKEN:
      return { time: message ?? TRY_AGAIN };
    case ErrorCode.SERVICE_NOT_FOUND:
      return { serviceId: message ?? TRY_AGAIN };
    case ErrorCode.STAFF_NOT_FOUND:
      return { staffId: message ?? TRY_AGAIN };
    case ErrorCode.NOT_FOUND:
      return { client: message ?? TRY_AGAIN };
    case ErrorCode.VALIDATION_FAILED: {
      const errors: DiaryErrors<NewAppointmentField> = {};
      for (const issue of error.issues) {
        const field = fieldOfPath(issue.path) ?? 'form';
        errors[field] ??= issue.message;
      }
      return Object.keys(errors).length > 0 ? errors : { form: message ?? TRY_AGAIN };
    }
    case null:
    case ErrorCode.INTERNAL:
      return { form: TRY_AGAIN };
    default:
      return { form: message ?? TRY_AGAIN };
  }
}

export const isOutsideHours = (error: unknown) =>
  isApiError(error) && error.code === ErrorCode.OUTSIDE_HOURS;

/**
 * The Move dialog's free times: the public ones, plus the booking's own start on its own day and
 * person (the public list leaves it out because the booking itself holds it).
 */
export function withOwnSlot(
  free: readonly AvailableTime[],
  a: OwnerAppointment,
  day: string,
  staffId: number | null,
  timeZone: string,
): AvailableTime[] {
  const own = Date.parse(a.date);
  if (
    day !== startOf(a, timeZone).day ||
    staffId !== a.staffMemberId ||
    free.some((t) => Date.parse(t.start) === own)
  ) {
    return [...free];
  }
  const slot: AvailableTime = {
    time: formatTime(a.date, timeZone),
    start: a.date,
    timeZoneName: timeZoneAbbreviation(a.date, timeZone),
  };
  return [...free, slot].sort((x, y) => Date.parse(x.start) - Date.parse(y.start));
}

/** Why the API refused a booking or move, and whether the owner may go ahead anyway. */
export interface DiaryRefusal {
  reasons: BookingRefusalReason[];
  /** Only hours reasons (outside the opening hours, not on shift): 'Book/Move anyway' is offered. */
  confirmable: boolean;
}

/**
 * The refusal an answer lists reasons for (each as an issue `reasons.<reason>`): OUTSIDE_HOURS
 * asks for a confirmation, BOOKING_REFUSED and SLOT_TAKEN refuse. A SLOT_TAKEN listing none (a
 * booking made meanwhile) is not one: its message goes beside the time.
 */
export function diaryRefusal(error: unknown): DiaryRefusal | null {
  if (!isApiError(error)) return null;
  const reasons = refusalReasons(error.issues);
  switch (error.code) {
    case ErrorCode.OUTSIDE_HOURS:
      return {
        reasons: reasons.length > 0 ? reasons : ['outside_hours'],
        confirmable: reasons.every((r) => CONFIRMABLE_REFUSAL_REASONS.includes(r)),
      };
    case ErrorCode.BOOKING_REFUSED:
    case ErrorCode.SLOT_TAKEN:
      return reasons.length > 0 ? { reasons, confirmable: false } : null;
    default:
      return null;
  }
}

/** The server's words for a refused change, or the fallback when it gave none worth showing. */
export function serverMessage(error: unknown, fallback: string): string {
  if (!isApiError(error) || !error.serverMessage) return fallback;
  return error.code === null || error.code === ErrorCode.INTERNAL ? fallback : error.serverMessage;
}

/** The text the owner typed into the client search as a new client's name or phone. */
export function newClientFrom(
  search: string,
): Pick<NewAppointmentValues, 'firstName' | 'lastName' | 'phone'> {
  const text = search.trim();
  if (/^\+?[\d\s().-]{6,}$/.test(text)) return { firstName: '', lastName: '', phone: text };
  const [first = '', ...rest] = text.split(/\s+/);
  return { firstName: first, lastName: rest.join(' '), phone: '' };
}
