import { Injectable } from '@nestjs/common';
import {
  type ReportFigures,
  type ReportRangeQuery,
  type ReportSummary,
  type ReportSummaryQuery,
  type ReportTimeseries,
  type ReportTimeseriesQuery,
  type ServiceReport,
  type StaffReport,
} from '@slotwise/contracts';
import { Temporal } from 'temporal-polyfill';
import { AvailabilityService, type ResourceRef } from '../../availability/index.js';
import { businessResourceKey, staffResourceKey } from '../../bookings/index.js';
import type { BusinessEntity } from '../../business/index.js';
import { StaffService } from '../../staff/index.js';
import { lateCancelMinutes, type Period, previousPeriod } from './report-period.js';
import {
  NO_MONEY,
  type PeriodCounts,
  type PeriodMoney,
  ReportQueries,
} from './report-queries.service.js';

/** a / b, or null when b is 0 (a rate of nothing is not 0 %). */
function ratio(a: number, b: number): number | null {
  return b === 0 ? null : a / b;
}

/** The resources whose working time a period's utilisation divides by, by key, with names. */
interface WorkingTime {
  minutesOf: Map<string, number>;
  names: Map<number, string>;
  total: number;
}

/** The owner's reports: SQL aggregates (ReportQueries) and working time from the availability code. */
@Injectable()
export class ReportsService {
  constructor(
    private readonly queries: ReportQueries,
    private readonly availability: AvailabilityService,
    private readonly staff: StaffService,
  ) {}

  /**
   * `withMoney`: the caller's role may see the business's money (`payments.manage`); otherwise the
   * money is not even read and answers null (docs/decisions/025).
   */
  async summary(
    business: BusinessEntity,
    query: ReportSummaryQuery,
    withMoney: boolean,
  ): Promise<ReportSummary> {
    const current: Period = { from: query.from, to: query.to };
    const previous = previousPeriod(current);
    const late = lateCancelMinutes(business);
    // The two periods' counts in one statement, their money in another, working time meanwhile.
    const [counts, money, workingNow, workingBefore] = await Promise.all([
      this.queries.periods(
        business.id,
        business.timeZone,
        previous,
        current,
        late,
        query.rebookWithinDays,
      ),
      withMoney ? this.queries.money(business.id, business.timeZone, { previous, current }) : null,
      this.workingTime(business, current),
      this.workingTime(business, previous),
    ]);
    const now = this.figures(current, counts.current, workingNow, money?.current ?? null);
    const before = this.figures(previous, counts.previous, workingBefore, money?.previous ?? null);
    return {
      timeZone: business.timeZone,
      lateCancelMinutes: late,
      rebookWithinDays: query.rebookWithinDays,
      current: now,
      previous: before,
    };
  }

  /** `withMoney` as for the summary: each point's money, or null for a role without it. */
  async timeseries(
    business: BusinessEntity,
    query: ReportTimeseriesQuery,
    withMoney: boolean,
  ): Promise<ReportTimeseries> {
    const [points, money] = await Promise.all([
      this.queries.series(business.id, business.timeZone, query, query.interval),
      withMoney
        ? this.queries.moneySeries(business.id, business.timeZone, query, query.interval)
        : null,
    ]);
    return {
      interval: query.interval,
      points: points.map((p) => ({
        ...p,
        money: money ? (money.get(p.start) ?? NO_MONEY) : null,
      })),
    };
  }

  async byStaff(business: BusinessEntity, query: ReportRangeQuery): Promise<StaffReport> {
    const [groups, working] = await Promise.all([
      this.queries.byStaff(business.id, business.timeZone, query),
      this.workingTime(business, query),
    ]);
    const byKey = new Map(groups.map((g) => [g.key, g]));
    // Every staff member whose time counts, booked or not, then the business's own bookings.
    const keys: (number | null)[] = [...working.names.keys()];
    if (byKey.has(null)) keys.push(null);
    for (const g of groups) if (!keys.includes(g.key)) keys.push(g.key);
    const rows = keys.map((key) => {
      const g = byKey.get(key);
      const resource = key === null ? businessResourceKey(business.id) : staffResourceKey(key);
      const workingMinutes = working.minutesOf.get(resource) ?? 0;
      const bookedMinutes = g?.bookedMinutes ?? 0;
      return {
        staffId: key,
        name: key === null ? business.name : (working.names.get(key) ?? g?.name ?? ''),
        appointments: g?.appointments ?? 0,
        completed: g?.completed ?? 0,
        noShows: g?.noShows ?? 0,
        cancelled: g?.cancelled ?? 0,
        expectedRevenueCents: g?.expectedRevenueCents ?? 0,
        bookedMinutes,
        workingMinutes,
        utilisation: ratio(bookedMinutes, workingMinutes),
      };
    });
    return { rows };
  }

  async byService(business: BusinessEntity, query: ReportRangeQuery): Promise<ServiceReport> {
    const groups = await this.queries.byService(business.id, business.timeZone, query);
    return {
      rows: groups.map(({ key, ...g }) => ({ serviceId: key!, ...g })),
    };
  }

  private figures(
    period: Period,
    c: PeriodCounts,
    working: WorkingTime,
    money: PeriodMoney | null,
  ): ReportFigures {
    const visitors = c.newClients + c.returningClients;
    return {
      from: period.from,
      to: period.to,
      appointments: {
        total: c.total,
        pending: c.pending,
        confirmed: c.confirmed,
        completed: c.completed,
        cancelled: c.cancelled,
        noShow: c.noShow,
      },
      expectedRevenueCents: c.expectedRevenueCents,
      noShowRate: ratio(c.noShow, c.completed + c.noShow),
      lateCancellations: c.lateCancellations,
      lateCancellationRate: ratio(c.lateCancellations, c.total),
      bookedMinutes: c.bookedMinutes,
      workingMinutes: working.total,
      utilisation: ratio(c.bookedMinutes, working.total),
      newClients: c.newClients,
      returningClients: c.returningClients,
      rebookedClients: c.rebookedClients,
      rebookingRate: ratio(c.rebookedClients, visitors),
      onlineBookings: c.onlineBookings,
      ownerBookings: c.ownerBookings,
      money,
    };
  }

  /**
   * Working minutes of the period: each active staff member's and each staff member booked in it;
   * the business's own hours when it has no staff (it is then the one resource).
   */
  private async workingTime(business: BusinessEntity, period: Period): Promise<WorkingTime> {
    const [active, booked] = await Promise.all([
      this.staff.listAll(business.id),
      this.queries.staffIdsBooked(business.id, business.timeZone, period),
    ]);
    const names = new Map<number, string>();
    for (const s of active) {
      if (s.isActive || booked.includes(s.id)) {
        names.set(s.id, [s.firstName, s.lastName].filter(Boolean).join(' '));
      }
    }
    const resources: ResourceRef[] = [...names.keys()].map((id) => ({
      key: staffResourceKey(id),
      staffId: id,
    }));
    if (resources.length === 0) {
      resources.push({ key: businessResourceKey(business.id), staffId: null });
    }
    const minutesOf = await this.availability.workingMinutes(business, resources, {
      from: Temporal.PlainDate.from(period.from),
      to: Temporal.PlainDate.from(period.to),
    });
    const total = [...minutesOf.values()].reduce((a, b) => a + b, 0);
    return { minutesOf, names, total };
  }
}
