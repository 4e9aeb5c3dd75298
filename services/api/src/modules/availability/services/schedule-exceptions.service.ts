import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager, MoreThan, MoreThanOrEqual } from 'typeorm';
import { Temporal } from 'temporal-polyfill';
import {
  type Closure,
  type CreateClosureRequestSchema,
  type CreateTimeOffRequestSchema,
  ErrorCode,
  type OpeningInterval,
  type SpecialHours,
  type SpecialHoursRequestSchema,
  type TimeOff,
} from '@slotwise/contracts';
import type { z } from 'zod';
import { CLOCK, type Clock } from '../../../core/clock/clock.js';
import { DomainException } from '../../../core/exceptions/domain.exception.js';
import type { BusinessEntity } from '../../business/index.js';
import { ClosureEntity } from '../entities/closure.entity.js';
import { SpecialHoursEntity } from '../entities/special-hours.entity.js';
import { TimeOffEntity } from '../entities/time-off.entity.js';
import { todayIn } from '../slot-engine.js';

type ClosureInput = z.output<typeof CreateClosureRequestSchema>;
type SpecialHoursInput = z.output<typeof SpecialHoursRequestSchema>;
type TimeOffInput = z.output<typeof CreateTimeOffRequestSchema>;

const notFound = (what: string) => new DomainException(ErrorCode.NOT_FOUND, `${what} not found`);

/** What overrides the weekly hours over a stretch of days, read in one query. */
export interface ScheduleExceptions {
  closures: { from: string; to: string }[];
  /** Special hours by 'YYYY-MM-DD'. */
  specialHours: Map<string, OpeningInterval[]>;
  timeOff: { staffId: number; start: number; end: number }[];
}

export const NO_EXCEPTIONS: ScheduleExceptions = {
  closures: [],
  specialHours: new Map(),
  timeOff: [],
};

export function isClosed(exceptions: ScheduleExceptions, date: string): boolean {
  return exceptions.closures.some((c) => c.from <= date && date <= c.to);
}

const toClosureDto = (c: ClosureEntity): Closure => ({
  id: c.id,
  businessId: c.businessId,
  from: c.from,
  to: c.to,
  reason: c.reason,
});

const toSpecialHoursDto = (s: SpecialHoursEntity): SpecialHours => ({
  id: s.id,
  businessId: s.businessId,
  date: s.date,
  intervals: s.intervals,
  reason: s.reason,
});

const toTimeOffDto = (t: TimeOffEntity): TimeOff => ({
  id: t.id,
  staffId: t.staffId,
  start: t.startsAt.toISOString(),
  end: t.endsAt.toISOString(),
  reason: t.reason,
});

/**
 * Closures, special hours and staff time off: the tables that override the weekly hours on some
 * days. Callers have scoped the business (and checked the staff member is the business's).
 */
@Injectable()
export class ScheduleExceptionsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /**
   * The closures and special hours of the business-local dates [fromDate, toDate] and the time off
   * of the staff members overlapping [from, to), in one round trip.
   */
  async forRange(
    businessId: number,
    staffIds: readonly number[],
    dates: { from: string; to: string },
    instants: { from: Date; to: Date },
    em: EntityManager = this.dataSource.manager,
  ): Promise<ScheduleExceptions> {
    const rows: {
      kind: 'closure' | 'special' | 'time_off';
      staff_id: number | null;
      from_date: string | null;
      to_date: string | null;
      starts_at: Date | null;
      ends_at: Date | null;
      intervals: OpeningInterval[] | null;
    }[] = await em.query(
      `SELECT 'closure' AS kind, NULL::int AS staff_id, from_date::text AS from_date,
              to_date::text AS to_date, NULL::timestamptz AS starts_at,
              NULL::timestamptz AS ends_at, NULL::jsonb AS intervals
         FROM business_closures
        WHERE business_id = $1 AND from_date <= $3::date AND to_date >= $2::date
       UNION ALL
       SELECT 'special', NULL, date::text, date::text, NULL, NULL, intervals
         FROM business_special_hours
        WHERE business_id = $1 AND date BETWEEN $2::date AND $3::date
       UNION ALL
       SELECT 'time_off', staff_id, NULL, NULL, starts_at, ends_at, NULL
         FROM staff_time_off
        WHERE business_id = $1 AND staff_id = ANY($4::int[]) AND starts_at < $6 AND ends_at > $5`,
      [
        businessId,
        dates.from,
        dates.to,
        [...staffIds],
        instants.from.toISOString(),
        instants.to.toISOString(),
      ],
    );
    const result: ScheduleExceptions = { closures: [], specialHours: new Map(), timeOff: [] };
    for (const r of rows) {
      if (r.kind === 'closure') result.closures.push({ from: r.from_date!, to: r.to_date! });
      else if (r.kind === 'special') result.specialHours.set(r.from_date!, r.intervals ?? []);
      else {
        result.timeOff.push({
          staffId: r.staff_id!,
          start: new Date(r.starts_at!).getTime(),
          end: new Date(r.ends_at!).getTime(),
        });
      }
    }
    return result;
  }

  private today(business: BusinessEntity): string {
    return todayIn(business.timeZone, this.clock.now()).toString();
  }

  /** Closures that have not ended, soonest first. */
  async closures(business: BusinessEntity): Promise<Closure[]> {
    const rows = await this.dataSource.manager.find(ClosureEntity, {
      where: { businessId: business.id, to: MoreThanOrEqual(this.today(business)) },
      order: { from: 'ASC', id: 'ASC' },
    });
    return rows.map(toClosureDto);
  }

  async createClosure(businessId: number, input: ClosureInput): Promise<Closure> {
    const saved = await this.dataSource.manager.save(
      this.dataSource.manager.create(ClosureEntity, {
        businessId,
        from: input.from,
        to: input.to,
        reason: input.reason,
      }),
    );
    return toClosureDto(saved);
  }

  async removeClosure(businessId: number, closureId: number): Promise<void> {
    const result = await this.dataSource.manager.delete(ClosureEntity, {
      id: closureId,
      businessId,
    });
    if (!result.affected) throw notFound('Closure');
  }

  /** Special hours from today on, by date. */
  async specialHours(business: BusinessEntity): Promise<SpecialHours[]> {
    const rows = await this.dataSource.manager.find(SpecialHoursEntity, {
      where: { businessId: business.id, date: MoreThanOrEqual(this.today(business)) },
      order: { date: 'ASC' },
    });
    return rows.map(toSpecialHoursDto);
  }

  /** Sets the date's hours, replacing any set before. */
  async setSpecialHours(businessId: number, input: SpecialHoursInput): Promise<SpecialHours> {
    await this.dataSource.manager.upsert(
      SpecialHoursEntity,
      { businessId, date: input.date, intervals: input.intervals, reason: input.reason },
      { conflictPaths: ['businessId', 'date'] },
    );
    const row = await this.dataSource.manager.findOneByOrFail(SpecialHoursEntity, {
      businessId,
      date: input.date,
    });
    return toSpecialHoursDto(row);
  }

  async removeSpecialHours(businessId: number, date: string): Promise<void> {
    const valid = /^\d{4}-\d{2}-\d{2}$/.test(date) && isRealDate(date);
    const result = valid
      ? await this.dataSource.manager.delete(SpecialHoursEntity, { businessId, date })
      : { affected: 0 };
    if (!result.affected) throw notFound('Special hours');
  }

  /** The staff member's time off that has not ended, soonest first. */
  async timeOff(businessId: number, staffId: number): Promise<TimeOff[]> {
    const rows = await this.dataSource.manager.find(TimeOffEntity, {
      where: {
        businessId,
        staffId,
        endsAt: MoreThan(new Date(this.clock.now().epochMilliseconds)),
      },
      order: { startsAt: 'ASC', id: 'ASC' },
    });
    return rows.map(toTimeOffDto);
  }

  async createTimeOff(businessId: number, staffId: number, input: TimeOffInput): Promise<TimeOff> {
    const saved = await this.dataSource.manager.save(
      this.dataSource.manager.create(TimeOffEntity, {
        businessId,
        staffId,
        startsAt: new Date(input.start),
        endsAt: new Date(input.end),
        reason: input.reason,
      }),
    );
    return toTimeOffDto(saved);
  }

  async removeTimeOff(businessId: number, staffId: number, timeOffId: number): Promise<void> {
    const result = await this.dataSource.manager.delete(TimeOffEntity, {
      id: timeOffId,
      businessId,
      staffId,
    });
    if (!result.affected) throw notFound('Time off');
  }
}

function isRealDate(date: string): boolean {
  try {
    Temporal.PlainDate.from(date, { overflow: 'reject' });
    return true;
  } catch {
    return false;
  }
}
