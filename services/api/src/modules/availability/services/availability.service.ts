import { Inject, Injectable } from '@nestjs/common';
import { Temporal } from 'temporal-polyfill';
import type { EntityManager } from 'typeorm';
import {
  type AvailableDays,
  type AvailableTime,
  DEFAULT_SLOT_DURATION,
  ErrorCode,
  timeZoneAbbreviation,
} from '@slotwise/contracts';
import { CLOCK, type Clock, toDate } from '../../../core/clock/clock.js';
import {
  DomainException,
  ValidationFailedException,
} from '../../../core/exceptions/domain.exception.js';
import {
  BookingLedgerService,
  businessResourceKey,
  staffResourceKey,
} from '../../booking-ledger/index.js';
import type { BusinessEntity } from '../../business/index.js';
import type { ServiceEntity } from '../../catalog/index.js';
import { offers, type Staff, StaffService } from '../../staff/index.js';
import type { AvailabilityEntity } from '../entities/availability.entity.js';
import {
  type ClockInterval,
  type DaySlot,
  type DaySlotsResult,
  daySlots,
  resolveBusinessDate,
  type Span,
  toClockIntervals,
  toIsoString,
  weekdayIndex,
  workingSpans,
} from '../slot-engine.js';
import {
  isClosed,
  type ScheduleExceptions,
  ScheduleExceptionsService,
} from './schedule-exceptions.service.js';
import { WeeklyHoursService } from './weekly-hours.service.js';

/** What can be booked: a staff member, or the business itself when nobody offers the service. */
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
}

/** Proposed rules to try a change against before saving it (affected bookings). */
export type RulesChange = (rules: ScheduleRules) => ScheduleRules;

const toSpan = (r: { start: Date; end: Date }): Span => ({
  start: r.start.getTime(),
  end: r.end.getTime(),
});

function startOfDay(date: Temporal.PlainDate, timeZone: string): Date {
  return new Date(date.toZonedDateTime({ timeZone }).epochMilliseconds);
}

/** The business's intervals on a date: closed by a closure, else its special hours, else the week. */
export function businessDayIntervals(
  rules: ScheduleRules,
  date: Temporal.PlainDate,
): { intervals: ClockInterval[]; slotDuration: number } {
  const weekday = weekdayIndex(date);
  const row = rules.week.find((r) => r.staffId === null && r.dayOfWeek === weekday);
  const slotDuration = row?.slotDuration ?? DEFAULT_SLOT_DURATION;
  const key = date.toString();
  if (isClosed(rules.exceptions, key)) return { intervals: [], slotDuration };
  const special = rules.exceptions.specialHours.get(key);
  if (special) return { intervals: toClockIntervals(special), slotDuration };
  return { intervals: row?.isOpen ? toClockIntervals(row.intervals) : [], slotDuration };
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

/** Which times can be booked: the slot engine fed with a business's hours, staff and bookings. */
@Injectable()
export class AvailabilityService {
  constructor(
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly staffService: StaffService,
    private readonly weeklyHours: WeeklyHoursService,
    private readonly exceptions: ScheduleExceptionsService,
    private readonly ledger: BookingLedgerService,
  ) {}

  /**
   * Who can take a booking of this service: the chosen staff member; else every active staff
   * member offering it; else, when nobody offers it, the business itself as one resource.
   */
  async resolveResources(
    business: BusinessEntity,
    service: ServiceEntity,
    staffId?: number | null,
  ): Promise<BookingResource[]> {
    if (staffId != null) {
      const staff = await this.staffService.findActiveOrThrow(business.id, staffId);
      if (!offers(staff, service.id)) {
        throw new DomainException(
          ErrorCode.VALIDATION_FAILED,
          'This staff member does not offer the selected service',
        );
      }
      return [{ key: staffResourceKey(staff.id), staffId: staff.id, staff }];
    }
    const eligible = await this.staffService.listActive(business.id, service.id);
    if (eligible.length > 0) {
      return eligible.map((staff) => ({
        key: staffResourceKey(staff.id),
        staffId: staff.id,
        staff,
      }));
    }
    return [{ key: businessResourceKey(business.id), staffId: null, staff: null }];
  }

  /** The weekly hours and the exceptions of [from, to] for the business and these staff members. */
  async loadRules(
    business: BusinessEntity,
    staffIds: readonly number[],
    from: Temporal.PlainDate,
    to: Temporal.PlainDate,
    em?: EntityManager,
  ): Promise<ScheduleRules> {
    const [week, exceptions] = await Promise.all([
      this.weeklyHours.week(business.id, staffIds, em),
      this.exceptions.forRange(
        business.id,
        staffIds,
        { from: from.toString(), to: to.toString() },
        {
          from: startOfDay(from.subtract({ days: 1 }), business.timeZone),
          to: startOfDay(to.add({ days: 2 }), business.timeZone),
        },
        em,
      ),
    ]);
    return { week, exceptions };
  }

  /**
   * Everything the engine needs for the dates [from, to], in three queries (weekly hours, the days'
   * exceptions, the bookings), then each day computed in memory. `em`: read inside the caller's
   * transaction; `excludeId`: leave one booking out (the one being moved).
   */
  async plan(
    business: BusinessEntity,
    service: ServiceEntity,
    resources: readonly ResourceRef[],
    range: { from: Temporal.PlainDate; to: Temporal.PlainDate },
    options: { em?: EntityManager; excludeId?: number; change?: RulesChange } = {},
  ): Promise<SchedulePlan> {
    const staffIds = resources.flatMap((r) => (r.staffId === null ? [] : [r.staffId]));
    const margin = {
      from: startOfDay(range.from.subtract({ days: 1 }), business.timeZone),
      to: startOfDay(range.to.add({ days: 2 }), business.timeZone),
    };
    const [loaded, booked] = await Promise.all([
      this.loadRules(business, staffIds, range.from, range.to, options.em),
      this.ledger.overlapping(
        resources.map((r) => r.key),
        margin.from,
        margin.to,
        { em: options.em, excludeId: options.excludeId },
      ),
    ]);
    const rules = options.change ? options.change(loaded) : loaded;
    const now = this.clock.now();
    return {
      day: (date) => {
        const { intervals, slotDuration } = businessDayIntervals(rules, date);
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
          businessIntervals: intervals,
          slotDuration,
          resources: resources.map((r) => ({
            key: r.key,
            ownIntervals: staffDayIntervals(rules, r.staffId, date),
            away: rules.exceptions.timeOff.filter((t) => t.staffId === r.staffId),
            bookings: booked.filter((b) => b.resourceKey === r.key).map(toSpan),
          })),
        });
      },
    };
  }

  /**
   * The slot starting at `start` on its business-local day for these resources (free or not), or
   * null when it is not a bookable time (closed, off the grid, too soon, too far ahead).
   */
  async slotAt(
    business: BusinessEntity,
    service: ServiceEntity,
    resources: readonly ResourceRef[],
    start: Temporal.Instant,
    options: { em?: EntityManager; excludeId?: number } = {},
  ): Promise<DaySlot | null> {
    const date = start.toZonedDateTimeISO(business.timeZone).toPlainDate();
    const plan = await this.plan(business, service, resources, { from: date, to: date }, options);
    return plan.day(date).slots.find((s) => s.start.equals(start)) ?? null;
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
      businessIntervals: businessDayIntervals(rules, date).intervals,
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

  parseDate(input: string, timeZone: string): Temporal.PlainDate {
    try {
      return resolveBusinessDate(input, timeZone);
    } catch {
      throw new ValidationFailedException('date must be YYYY-MM-DD or an ISO timestamp', [
        { path: 'date', message: 'date must be YYYY-MM-DD or an ISO timestamp' },
      ]);
    }
  }

  async listAvailableTimes(
    business: BusinessEntity,
    service: ServiceEntity,
    dateInput: string,
    staffId?: number,
  ): Promise<AvailableTime[]> {
    const date = this.parseDate(dateInput, business.timeZone);
    const resources = await this.resolveResources(business, service, staffId);
    const plan = await this.plan(business, service, resources, { from: date, to: date });
    return plan
      .day(date)
      .slots.filter((s) => s.freeResources.length > 0)
      .map((s) => ({
        time: s.time,
        start: toIsoString(s.start),
        timeZoneName: timeZoneAbbreviation(toDate(s.start), business.timeZone),
      }));
  }

  /** Every date of the month with its status, so the calendar can disable dates up front. */
  async availableDays(
    business: BusinessEntity,
    service: ServiceEntity,
    month: string,
    staffId?: number,
  ): Promise<AvailableDays> {
    const first = Temporal.PlainYearMonth.from(month).toPlainDate({ day: 1 });
    const last = first.add({ months: 1 }).subtract({ days: 1 });
    const resources = await this.resolveResources(business, service, staffId);
    const plan = await this.plan(business, service, resources, { from: first, to: last });
    const days: AvailableDays['days'] = [];
    for (
      let date = first;
      Temporal.PlainDate.compare(date, last) <= 0;
      date = date.add({ days: 1 })
    ) {
      days.push({ date: date.toString(), status: plan.day(date).status });
    }
    return {
      month,
      timeZone: business.timeZone,
      availableDates: days.filter((d) => d.status === 'available').map((d) => d.date),
      days,
    };
  }
}
