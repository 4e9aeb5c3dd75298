import { Inject, Injectable } from '@nestjs/common';
import { Temporal } from 'temporal-polyfill';
import type { z } from 'zod';
import {
  type AffectedBooking,
  type AffectedBookingsRequestSchema,
  DEFAULT_SLOT_DURATION,
} from '@slotwise/contracts';
import { CLOCK, type Clock } from '../../../core/clock/clock.js';
import { fullName } from '../../../core/database/columns.js';
import { DiaryReads, type LedgerRow } from '../../bookings/index.js';
import type { BusinessEntity } from '../../business/index.js';
import { CatalogService } from '../../catalog/index.js';
import { CustomerService } from '../../customer/index.js';
import { StaffService } from '../../staff/index.js';
import { AvailabilityEntity } from '../entities/availability.entity.js';
import { intersectSpans, type Span, spansOverlap, toSpans } from '../slot-engine.js';
import {
  AvailabilityService,
  businessDayIntervals,
  type ScheduleRules,
  staffDayIntervals,
} from './availability.service.js';

type ProposedChange = z.output<typeof AffectedBookingsRequestSchema>;

/** Upcoming bookings looked at: far enough for any booking window a business may set. */
const LOOKAHEAD_DAYS = 731;

/** The hours a booking's resource works on its day, under the rules (time off aside). */
function hoursOf(
  rules: ScheduleRules,
  booking: LedgerRow,
  date: Temporal.PlainDate,
  timeZone: string,
): Span[] {
  const business = toSpans(date, businessDayIntervals(rules, date).intervals, timeZone);
  const own = staffDayIntervals(rules, booking.staffId, date);
  return own === null ? business : intersectSpans(business, toSpans(date, own, timeZone));
}

function inside(hours: readonly Span[], booking: LedgerRow): boolean {
  const b = { start: booking.startsAt.getTime(), end: booking.endsAt.getTime() };
  return hours.some((h) => h.start <= b.start && b.end <= h.end);
}

/** Proposed weekly hours as the rows the rules read (never saved). */
function weekRows(
  businessId: number,
  staffId: number | null,
  days: readonly {
    dayOfWeek: number;
    isOpen: boolean;
    intervals: { openTime: string; closeTime: string }[];
    slotDuration?: number;
  }[],
): AvailabilityEntity[] {
  return days.map((d) =>
    Object.assign(new AvailabilityEntity(), {
      businessId,
      staffId,
      dayOfWeek: d.dayOfWeek,
      isOpen: d.isOpen,
      intervals: d.intervals,
      slotDuration: d.slotDuration ?? DEFAULT_SLOT_DURATION,
    }),
  );
}

/**
 * Which upcoming bookings a change of hours would leave outside them, asked before the change is
 * saved so the owner can contact those clients. Nothing is cancelled by a change of hours.
 */
@Injectable()
export class AffectedBookingsService {
  constructor(
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly availability: AvailabilityService,
    private readonly ledger: DiaryReads,
    private readonly staff: StaffService,
    private readonly catalog: CatalogService,
    private readonly customers: CustomerService,
  ) {}

  async find(business: BusinessEntity, change: ProposedChange): Promise<AffectedBooking[]> {
    const now = new Date(this.clock.now().epochMilliseconds);
    const staffId = 'staffId' in change ? change.staffId : undefined;
    if (staffId !== undefined) await this.staff.findOwnedOrThrow(business.id, staffId);
    const upcoming = (
      await this.ledger.list(business.id, {
        from: now,
        to: new Date(now.getTime() + LOOKAHEAD_DAYS * 86_400_000),
        statuses: ['pending', 'confirmed'],
      })
    ).filter((b) => staffId === undefined || b.staffId === staffId);
    if (upcoming.length === 0) return [];

    const tz = business.timeZone;
    const dateOf = (d: Date) =>
      Temporal.Instant.fromEpochMilliseconds(d.getTime()).toZonedDateTimeISO(tz).toPlainDate();
    let affected: LedgerRow[];
    if (change.kind === 'time-zone') {
      // Instants are kept, so every upcoming booking shows another local time (unless no change).
      affected = change.timeZone === tz ? [] : upcoming;
    } else if (change.kind === 'closure') {
      affected = upcoming.filter((b) => {
        const first = dateOf(b.startsAt).toString();
        const last = dateOf(new Date(b.endsAt.getTime() - 1)).toString();
        return first <= change.to && last >= change.from;
      });
    } else if (change.kind === 'time-off') {
      const away = { start: Date.parse(change.start), end: Date.parse(change.end) };
      affected = upcoming.filter((b) =>
        spansOverlap(away, { start: b.startsAt.getTime(), end: b.endsAt.getTime() }),
      );
    } else {
      const dates = upcoming.map((b) => dateOf(b.startsAt));
      const from = dates.reduce((a, b) => (Temporal.PlainDate.compare(a, b) <= 0 ? a : b));
      const to = dates.reduce((a, b) => (Temporal.PlainDate.compare(a, b) >= 0 ? a : b));
      const staffIds = [
        ...new Set(upcoming.flatMap((b) => (b.staffId === null ? [] : [b.staffId]))),
      ];
      const current = await this.availability.loadRules(business, staffIds, from, to);
      const proposed = this.propose(business, current, change);
      // Only what this change moves outside the hours: a booking already outside (made by the
      // owner at another time) is not news.
      affected = upcoming.filter((b, i) => {
        const date = dates[i]!;
        return (
          inside(hoursOf(current, b, date, tz), b) && !inside(hoursOf(proposed, b, date, tz), b)
        );
      });
    }
    return this.describe(affected);
  }

  private propose(
    business: BusinessEntity,
    current: ScheduleRules,
    change: Extract<ProposedChange, { kind: 'weekly-hours' | 'staff-hours' | 'special-hours' }>,
  ): ScheduleRules {
    if (change.kind === 'weekly-hours') {
      return {
        ...current,
        week: [
          ...current.week.filter((r) => r.staffId !== null),
          ...weekRows(business.id, null, change.days),
        ],
      };
    }
    if (change.kind === 'staff-hours') {
      return {
        ...current,
        week: [
          ...current.week.filter((r) => r.staffId !== change.staffId),
          ...(change.days ? weekRows(business.id, change.staffId, change.days) : []),
        ],
      };
    }
    const specialHours = new Map(current.exceptions.specialHours);
    if (change.intervals === null) specialHours.delete(change.date);
    else specialHours.set(change.date, change.intervals);
    return { ...current, exceptions: { ...current.exceptions, specialHours } };
  }

  /** Bookings as the owner's warnings list them: soonest first, with client, service and staff. */
  async describe(rows: readonly LedgerRow[]): Promise<AffectedBooking[]> {
    const [customers, services, staff] = await Promise.all([
      this.customers.byIds(rows.map((r) => r.customerId)),
      this.catalog.byIds(rows.map((r) => r.serviceId)),
      this.staff.byIds(rows.flatMap((r) => (r.staffId === null ? [] : [r.staffId]))),
    ]);
    return [...rows]
      .sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime())
      .map((r) => {
        const customer = customers.get(r.customerId);
        const member = r.staffId === null ? undefined : staff.get(r.staffId);
        return {
          id: r.id,
          start: r.startsAt.toISOString(),
          end: r.endsAt.toISOString(),
          // The name it was booked with (decision 35); the record's only for rows without one.
          customerName: r.bookedAs
            ? fullName(r.bookedAs)
            : customer
              ? fullName(customer)
              : 'Unknown client',
          serviceName: services.get(r.serviceId)?.name ?? 'Service',
          staffName: member ? fullName(member) : null,
        };
      });
  }
}
