import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { Temporal } from 'temporal-polyfill';
import { DataSource, type EntityManager } from 'typeorm';
import {
  type AvailableDays,
  type AvailableTime,
  DEFAULT_SLOT_DURATION,
  ErrorCode,
  type OpeningInterval,
} from '@slotwise/contracts';
import type { Expiring } from '../../../core/cache/business-cache.js';
import { CLOCK, type Clock } from '../../../core/clock/clock.js';
import type { BookingConstraint } from '../../../core/database/booking-constraint.js';
import { preparedValues } from '../../../core/database/prepared-query.js';
import {
  DomainException,
  ValidationFailedException,
} from '../../../core/exceptions/domain.exception.js';
import {
  BookedRanges,
  businessResourceKey,
  readBlockedSpans,
  staffResourceKey,
} from '../../bookings/index.js';
import type { BusinessEntity } from '../../business/index.js';
import type { ServiceEntity } from '../../catalog/index.js';
import { offers, type Staff, StaffService } from '../../staff/index.js';
import type { AvailabilityEntity } from '../entities/availability.entity.js';
import {
  businessIntervalsOn,
  type ClockInterval,
  type DaySlot,
  type DaySlotsResult,
  daySlots,
  resolveBusinessDate,
  type Span,
  spansOverlap,
  todayIn,
  toSpans,
  toClockIntervals,
  weekdayIndex,
  workingSpans,
  zoneDay,
} from '../slot-engine.js';
import {
  readScheduleExceptions,
  type ScheduleExceptions,
  ScheduleExceptionsService,
} from './schedule-exceptions.service.js';
import { WeeklyHoursService } from './weekly-hours.service.js';

/** What can be booked: a staff member, or the business itself when nobody offers the service. */
/** What a booking reads of the days' exceptions; their ids and reasons do not change a slot. */
const EXCEPTIONS_COVERAGE = {
  business_closures: {
    checked: ['business_id', 'from_date', 'to_date'],
    ignored: ['id', 'reason', 'created_at'],
  },
  business_special_hours: {
    checked: ['business_id', 'date', 'intervals'],
    ignored: ['id', 'reason', 'created_at'],
  },
  staff_time_off: {
    checked: ['business_id', 'staff_id', 'starts_at', 'ends_at'],
    ignored: ['id', 'reason', 'created_at'],
  },
};

export interface ResourceRef {
  key: string;
  staffId: number | null;
}

/** A resource with the staff member behind it (for names in messages). */
export interface BookingResource extends ResourceRef {
  staff: Staff | null;
}

/** What the engine needs besides bookings: the rules of a stretch of days, loaded once. */
export interface ScheduleRules {
  week: readonly AvailabilityEntity[];
  exceptions: ScheduleExceptions;
}

/** A stretch of days for one service and its resources, with everything the engine reads. */
export interface SchedulePlan {
  day(date: Temporal.PlainDate): DaySlotsResult;
  /** The instant the days are computed at (minimum notice, booking window). */
  now: Temporal.Instant;
  /** The closures, special hours and time off the days were computed with. */
  exceptions: ScheduleExceptions;
}

/** A slot at a requested start, with the day's exceptions it was offered by (as read). */
export interface RequestedSlot extends DaySlot {
  /** Its business-local date, 'YYYY-MM-DD'. */
  date: string;
  /** That date's special hours as read; null: none (the weekly hours applied). */
  specialHours: readonly OpeningInterval[] | null;
}

/** The reasons of an owner's booking refusal that hours give. */
export type HoursReason = 'outside_hours' | 'closed' | 'not_on_shift' | 'on_leave';

/** Proposed rules to try a change against before saving it (affected bookings). */
export type RulesChange = (rules: ScheduleRules) => ScheduleRules;

/**
 * The instants a stretch of business-local days reaches: from the first day's midnight to the
 * last day's 24:00. Every span the engine builds for those days (opening hours, working time, a
 * slot with its buffers) lies inside, so time off and bookings outside cannot change a day.
 */
function reach(from: Temporal.PlainDate, to: Temporal.PlainDate, timeZone: string) {
  return {
    from: new Date(zoneDay(from, timeZone).boundary(0, 'open')),
    to: new Date(zoneDay(to, timeZone).boundary(1440, 'close')),
  };
}

/** The business's weekly intervals for the date's weekday, and the weekday's slot duration. */
function businessWeekday(
  rules: ScheduleRules,
  date: Temporal.PlainDate,
): { weekly: ClockInterval[]; slotDuration: number } {
  const weekday = weekdayIndex(date);
  const row = rules.week.find((r) => r.staffId === null && r.dayOfWeek === weekday);
  return {
    weekly: row?.isOpen ? toClockIntervals(row.intervals) : [],
    slotDuration: row?.slotDuration ?? DEFAULT_SLOT_DURATION,
  };
}

/** The business's intervals on a date: closed by a closure, else its special hours, else the week. */
export function businessDayIntervals(
  rules: ScheduleRules,
  date: Temporal.PlainDate,
): { intervals: readonly ClockInterval[]; slotDuration: number } {
  const { weekly, slotDuration } = businessWeekday(rules, date);
  return { intervals: businessIntervalsOn(date, weekly, rules.exceptions), slotDuration };
}

/** The staff member's own intervals on that weekday; null when they work the business's hours. */
export function staffDayIntervals(
  rules: ScheduleRules,
  staffId: number | null,
  date: Temporal.PlainDate,
): ClockInterval[] | null {
  if (staffId === null) return null;
  const own = rules.week.filter((r) => r.staffId === staffId);
  if (own.length === 0) return null;
  const row = own.find((r) => r.dayOfWeek === weekdayIndex(date));
  return row?.isOpen ? toClockIntervals(row.intervals) : [];
}

/** The years a requested day may fall in; nothing is ever bookable outside them. */
const MIN_YEAR = 2000;
const DAY_MS = 86_400_000;
const MAX_YEAR = 2999;

/** Which times can be booked: the slot engine fed with a business's hours, staff and bookings. */
@Injectable()
export class AvailabilityService {
  constructor(
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly staffService: StaffService,
    private readonly weeklyHours: WeeklyHoursService,
    private readonly exceptions: ScheduleExceptionsService,
    private readonly ledger: BookedRanges,
    @InjectDataSource() private readonly dataSource: DataSource,
  ) {}

  /**
   * Who can take a booking of this service: the chosen staff member; else every active staff
   * member offering it; else, when nobody offers it, the business itself as one resource.
   */
  async resolveResources(
    business: BusinessEntity,
    service: ServiceEntity,
    staffId?: number | null,
    options: { cached?: boolean } = {},
  ): Promise<BookingResource[]> {
    if (staffId != null) {
      const staff = await this.staffService.findActiveOrThrow(business.id, staffId, options);
      if (!offers(staff, service.id)) {
        throw new DomainException(
          ErrorCode.VALIDATION_FAILED,
          'This staff member does not offer the selected service',
        );
      }
      return [{ key: staffResourceKey(staff.id), staffId: staff.id, staff }];
    }
    const eligible = await this.staffService.listActive(business.id, service.id, options);
    if (eligible.length > 0) {
      return eligible.map((staff) => ({
        key: staffResourceKey(staff.id),
        staffId: staff.id,
        staff,
      }));
    }
    return [{ key: businessResourceKey(business.id), staffId: null, staff: null }];
  }

  /**
   * The weekly hours and the exceptions of [from, to] for the business and these staff members,
   * as stored (the owner's checks: affected bookings, working time; public reads go through `plan`).
   */
  async loadRules(
    business: BusinessEntity,
    staffIds: readonly number[],
    from: Temporal.PlainDate,
    to: Temporal.PlainDate,
    em?: EntityManager,
  ): Promise<ScheduleRules> {
    const [week, exceptions] = await Promise.all([
      this.weeklyHours.week(business.id, staffIds, { em }),
      this.exceptions.forRange(
        business.id,
        staffIds,
        { from: from.toString(), to: to.toString() },
        reach(from, to, business.timeZone),
        em,
      ),
    ]);
    return { week, exceptions };
  }

  /**
   * Everything the engine needs for the dates [from, to], in two round trips sent at once (the
   * weekly hours; the days' exceptions with the bookings, in one statement), then each day
   * computed in memory; one with `cached` (weekly hours from this process's cache: the public
   * reads). `em`: read inside the caller's transaction; `excludeId`: leave one booking out (the
   * one being moved).
   */
  async plan(
    business: BusinessEntity,
    service: ServiceEntity,
    resources: readonly ResourceRef[],
    range: { from: Temporal.PlainDate; to: Temporal.PlainDate },
    options: {
      em?: EntityManager;
      excludeId?: number;
      change?: RulesChange;
      cached?: boolean;
      /** The weekly hours to go by (rows the caller holds: a booking checks them as it writes). */
      week?: readonly AvailabilityEntity[];
      /**
       * Only the bookings overlapping this stretch are read: for a caller that looks at one slot
       * (its blocked range), whose answer the others' bookings cannot change.
       */
      bookingsWithin?: { from: Date; to: Date };
    } = {},
  ): Promise<SchedulePlan> {
    const staffIds = resources.flatMap((r) => (r.staffId === null ? [] : [r.staffId]));
    const days = reach(range.from, range.to, business.timeZone);
    // The exceptions and the bookings in one statement: one round trip, one connection.
    const [week, [exceptions, bookings]] = await Promise.all([
      options.week
        ? options.week.filter((r) => r.staffId === null || staffIds.includes(r.staffId))
        : this.weeklyHours.week(business.id, staffIds, options),
      preparedValues(
        options.em ?? this.dataSource.manager,
        'availability_exceptions_and_bookings',
        (p) => [
          this.exceptions.forRangeSql(
            business.id,
            staffIds,
            { from: range.from.toString(), to: range.to.toString() },
            days,
            p,
          ),
          this.ledger.businessBlockedSpansSql(
            business.id,
            options.bookingsWithin?.from ?? days.from,
            options.bookingsWithin?.to ?? days.to,
            options.excludeId,
            p,
          ),
        ],
      ),
    ]);
    const loaded: ScheduleRules = { week, exceptions: readScheduleExceptions(exceptions) };
    const booked = readBlockedSpans(bookings);
    const rules = options.change ? options.change(loaded) : loaded;
    const now = this.clock.now();
    // Each resource's bookings (the business's other resources' are left out) and time off,
    // sorted out once for every day of the range.
    const bookingsOf = new Map<string, Span[]>(resources.map((r) => [r.key, []]));
    for (const b of booked) bookingsOf.get(b.resourceKey)?.push({ start: b.start, end: b.end });
    const awayOf = resources.map((r) =>
      rules.exceptions.timeOff.filter((t) => t.staffId === r.staffId),
    );
    return {
      exceptions: rules.exceptions,
      now,
      day: (date) => {
        const { weekly } = businessWeekday(rules, date);
        return daySlots({
          date,
          timeZone: business.timeZone,
          now,
          window: {
            minNoticeMinutes: business.minNoticeMinutes,
            maxAdvanceDays: business.maxAdvanceDays,
          },
          service: {
            durationMinutes: service.durationMinutes,
            bufferBeforeMinutes: service.bufferBeforeMinutes,
            bufferAfterMinutes: service.bufferAfterMinutes,
          },
          // The engine applies the date's closures and special hours to the week.
          businessIntervals: weekly,
          exceptions: rules.exceptions,
          // The business's slot interval steps the start times, whatever the service's duration.
          slotDuration: business.slotInterval,
          resources: resources.map((r, i) => ({
            key: r.key,
            ownIntervals: staffDayIntervals(rules, r.staffId, date),
            away: awayOf[i]!,
            bookings: bookingsOf.get(r.key)!,
          })),
        });
      },
    };
  }

  /**
   * The slot starting at `start` on its business-local day for these resources (free or not), or
   * null when it is not a bookable time (closed, off the grid, too soon, too far ahead). `week`:
   * the weekly hours to go by, as in `plan`.
   */
  async slotAt(
    business: BusinessEntity,
    service: ServiceEntity,
    resources: readonly ResourceRef[],
    start: Temporal.Instant,
    options: { em?: EntityManager; excludeId?: number; week?: readonly AvailabilityEntity[] } = {},
  ): Promise<RequestedSlot | null> {
    const date = start.toZonedDateTimeISO(business.timeZone).toPlainDate();
    const at = start.epochMilliseconds;
    // The slot's blocked range, as daySlots makes it: only bookings overlapping it can take it.
    const bookingsWithin = {
      from: new Date(at - service.bufferBeforeMinutes * 60_000),
      to: new Date(at + (service.durationMinutes + service.bufferAfterMinutes) * 60_000),
    };
    const plan = await this.plan(
      business,
      service,
      resources,
      { from: date, to: date },
      { ...options, bookingsWithin },
    );
    const slot = plan.day(date).slots.find((s) => s.startMs === at);
    if (!slot) return null;
    const key = date.toString();
    // The slot is this call's own (its plan is), and its times are getters a spread would drop.
    return Object.assign(slot, {
      date: key,
      specialHours: plan.exceptions.specialHours.get(key) ?? null,
    });
  }

  /**
   * A booking statement's check that the exceptions `slot` was offered by still hold for the
   * resource it goes to (see ScheduleExceptionsService#sameForSlotSql).
   */
  sameExceptions(
    businessId: number,
    slot: RequestedSlot,
    staffId: number | null,
  ): BookingConstraint {
    return {
      name: 'schedule exceptions as read',
      covers: EXCEPTIONS_COVERAGE,
      sql: (p) => this.exceptions.sameForSlotSql({ businessId, staffId, ...slot }, p),
    };
  }

  /**
   * The keys of the resources whose working time on the span's business-local day holds the whole
   * span (opening hours, closures, special hours, own hours and time off all count).
   */
  async workingThrough(
    business: BusinessEntity,
    resources: readonly ResourceRef[],
    span: Span,
    em?: EntityManager,
  ): Promise<Set<string>> {
    const date = Temporal.Instant.fromEpochMilliseconds(span.start)
      .toZonedDateTimeISO(business.timeZone)
      .toPlainDate();
    const staffIds = resources.flatMap((r) => (r.staffId === null ? [] : [r.staffId]));
    const rules = await this.loadRules(business, staffIds, date, date, em);
    const working = workingSpans({
      date,
      timeZone: business.timeZone,
      businessIntervals: businessWeekday(rules, date).weekly,
      exceptions: rules.exceptions,
      resources: resources.map((r) => ({
        key: r.key,
        ownIntervals: staffDayIntervals(rules, r.staffId, date),
        away: rules.exceptions.timeOff.filter((t) => t.staffId === r.staffId),
      })),
    });
    return new Set(
      resources
        .filter((r) =>
          (working.get(r.key) ?? []).some((w) => w.start <= span.start && span.end <= w.end),
        )
        .map((r) => r.key),
    );
  }

  /**
   * Each resource's working minutes over the business-local dates [from, to]: the business's hours
   * (closures and special hours applied), narrowed to the staff member's own week, net of breaks
   * (the gaps between intervals) and time off. The reports' utilisation divides by this.
   */
  async workingMinutes(
    business: BusinessEntity,
    resources: readonly ResourceRef[],
    range: { from: Temporal.PlainDate; to: Temporal.PlainDate },
  ): Promise<Map<string, number>> {
    const staffIds = resources.flatMap((r) => (r.staffId === null ? [] : [r.staffId]));
    const rules = await this.loadRules(business, staffIds, range.from, range.to);
    const totals = new Map<string, number>(resources.map((r) => [r.key, 0]));
    const awayOf = resources.map((r) =>
      rules.exceptions.timeOff.filter((t) => t.staffId === r.staffId),
    );
    const away = awayOf.flat();
    const { closures, specialHours } = rules.exceptions;
    const hasDateRules = closures.length > 0 || specialHours.size > 0;
    // A year of days for each staff member: an ordinary day (24 hours long, no closure, special
    // hours or time off) gives what the last ordinary day of its weekday gave, so each weekday is
    // computed once and only the exceptional days one by one.
    const ordinaryOf = new Map<number, Map<string, number>>();
    for (let date = range.from; Temporal.PlainDate.compare(date, range.to) <= 0;) {
      const zone = zoneDay(date, business.timeZone);
      const dayStart = zone.boundary(0, 'open');
      const dayEnd = zone.boundary(1440, 'close');
      const key = hasDateRules ? date.toString() : '';
      const ordinary =
        dayEnd - dayStart === DAY_MS &&
        !(
          hasDateRules &&
          (specialHours.has(key) || closures.some((c) => c.from <= key && key <= c.to))
        ) &&
        !away.some((t) => t.start < dayEnd && t.end > dayStart);
      const weekday = weekdayIndex(date);
      let minutes = ordinary ? ordinaryOf.get(weekday) : undefined;
      if (!minutes) {
        const working = workingSpans({
          date,
          timeZone: business.timeZone,
          businessIntervals: businessWeekday(rules, date).weekly,
          exceptions: rules.exceptions,
          resources: resources.map((r, i) => ({
            key: r.key,
            ownIntervals: staffDayIntervals(rules, r.staffId, date),
            away: awayOf[i]!,
          })),
        });
        minutes = new Map();
        for (const [resource, spans] of working) {
          const ms = spans.reduce((sum, s) => sum + (s.end - s.start), 0);
          minutes.set(resource, Math.round(ms / 60_000));
        }
        if (ordinary) ordinaryOf.set(weekday, minutes);
      }
      for (const [resource, m] of minutes) totals.set(resource, (totals.get(resource) ?? 0) + m);
      date = date.add({ days: 1 });
    }
    return totals;
  }

  /**
   * Why the resource's hours do not hold the span, every reason that applies (none: they do): the
   * business's week ('outside_hours'), a closure or special hours of the date ('closed'), the staff
   * member's own week ('not_on_shift') and their time off ('on_leave').
   */
  async hoursReasons(
    business: BusinessEntity,
    resource: ResourceRef,
    span: Span,
    em?: EntityManager,
  ): Promise<HoursReason[]> {
    const date = Temporal.Instant.fromEpochMilliseconds(span.start)
      .toZonedDateTimeISO(business.timeZone)
      .toPlainDate();
    const staffIds = resource.staffId === null ? [] : [resource.staffId];
    const rules = await this.loadRules(business, staffIds, date, date, em);
    const holds = (intervals: readonly ClockInterval[]) =>
      toSpans(date, intervals, business.timeZone).some(
        (w) => w.start <= span.start && span.end <= w.end,
      );
    const weekly = businessWeekday(rules, date).weekly;
    const reasons: HoursReason[] = [];
    const key = date.toString();
    const { closures, specialHours } = rules.exceptions;
    const excepted = closures.some((c) => c.from <= key && key <= c.to) || specialHours.has(key);
    if (excepted && !holds(businessIntervalsOn(date, weekly, rules.exceptions))) {
      reasons.push('closed');
    } else if (!excepted && !holds(weekly)) {
      reasons.push('outside_hours');
    }
    const own = staffDayIntervals(rules, resource.staffId, date);
    if (own !== null && !holds(own)) reasons.push('not_on_shift');
    if (
      rules.exceptions.timeOff.some((t) => t.staffId === resource.staffId && spansOverlap(t, span))
    ) {
      reasons.push('on_leave');
    }
    return reasons;
  }

  parseDate(input: string, timeZone: string): Temporal.PlainDate {
    let date: Temporal.PlainDate;
    try {
      date = resolveBusinessDate(input, timeZone);
    } catch {
      throw new ValidationFailedException('date must be YYYY-MM-DD or an ISO timestamp', [
        { path: 'date', message: 'date must be YYYY-MM-DD or an ISO timestamp' },
      ]);
    }
    // Far-off years (275760, 99999) overflow Date and PostgreSQL further on: refused here.
    if (date.year < MIN_YEAR || date.year > MAX_YEAR) {
      const message = `date must be between the years ${MIN_YEAR} and ${MAX_YEAR}`;
      throw new ValidationFailedException(message, [{ path: 'date', message }]);
    }
    return date;
  }

  /**
   * The public available times: business, service, staff and weekly hours come from this process's
   * cache (core/cache), so only the day's exceptions and bookings are read, in one statement. A
   * booking finds its slot the same way (`slotAt` with the cached `week`), and the statement that
   * writes it checks what came from the cache against the tables (AppointmentService). `until`:
   * when the passing time alone changes the answer (`answerUntil`).
   */
  async listAvailableTimes(
    business: BusinessEntity,
    service: ServiceEntity,
    dateInput: string,
    staffId?: number,
  ): Promise<Expiring<AvailableTime[]>> {
    const date = this.parseDate(dateInput, business.timeZone);
    const resources = await this.resolveResources(business, service, staffId, { cached: true });
    const plan = await this.plan(
      business,
      service,
      resources,
      { from: date, to: date },
      { cached: true },
    );
    const zone = zoneDay(date, business.timeZone);
    const { slots } = plan.day(date);
    const value = slots
      .filter((s) => s.freeResources.length > 0)
      .map((s) => {
        const { iso, abbreviation } = zone.label(s.startMs);
        return { time: s.time, start: iso, timeZoneName: abbreviation };
      });
    return { value, until: answerUntil(business, plan.now, slots) };
  }

  /** Every date of the month with its status, so the calendar can disable dates up front. */
  async availableDays(
    business: BusinessEntity,
    service: ServiceEntity,
    month: string,
    staffId?: number,
  ): Promise<Expiring<AvailableDays>> {
    const first = Temporal.PlainYearMonth.from(month).toPlainDate({ day: 1 });
    const last = first.add({ months: 1 }).subtract({ days: 1 });
    const resources = await this.resolveResources(business, service, staffId, { cached: true });
    const plan = await this.plan(
      business,
      service,
      resources,
      { from: first, to: last },
      { cached: true },
    );
    const days: AvailableDays['days'] = [];
    const slots: DaySlot[] = [];
    for (
      let date = first;
      Temporal.PlainDate.compare(date, last) <= 0;
      date = date.add({ days: 1 })
    ) {
      const day = plan.day(date);
      slots.push(...day.slots);
      days.push({ date: date.toString(), status: day.status });
    }
    return {
      value: {
        month,
        timeZone: business.timeZone,
        availableDates: days.filter((d) => d.status === 'available').map((d) => d.date),
        days,
      },
      until: answerUntil(business, plan.now, slots),
    };
  }
}

/**
 * The first instant (epoch ms) at which an answer computed at `now` from these slots (every slot
 * of its days, free or not) is no longer true as time passes: time alone changes it only when a
 * slot comes within the minimum notice (a slot is offered while now + notice <= its start; then it
 * is not, which may change its day's status too) or the business's day ends (the booking window
 * moves on a day). Anything else is a write, which drops the answer.
 */
export function answerUntil(
  business: Pick<BusinessEntity, 'timeZone' | 'minNoticeMinutes'>,
  now: Temporal.Instant,
  slots: readonly Pick<DaySlot, 'startMs'>[],
): number {
  const tomorrow = todayIn(business.timeZone, now).add({ days: 1 });
  let until = zoneDay(tomorrow, business.timeZone).boundary(0, 'open');
  const notice = business.minNoticeMinutes * 60_000;
  for (const slot of slots) until = Math.min(until, slot.startMs - notice + 1);
  return until;
}
