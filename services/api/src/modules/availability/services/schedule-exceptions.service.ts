import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  DataSource,
  type EntityManager,
  LessThan,
  LessThanOrEqual,
  MoreThan,
  MoreThanOrEqual,
} from 'typeorm';
import { Temporal } from 'temporal-polyfill';
import {
  type Closure,
  type CreateClosureRequestSchema,
  type CreateTimeOffRequestSchema,
  ErrorCode,
  formatCalendarDay,
  formatDate,
  formatTime,
  type OpeningInterval,
  type SpecialHours,
  type SpecialHoursRequestSchema,
  type TimeOff,
  timeZoneAbbreviation,
} from '@slotwise/contracts';
import type { z } from 'zod';
import { CLOCK, type Clock } from '../../../core/clock/clock.js';
import { preparedValues } from '../../../core/database/prepared-query.js';
import type { SqlParams } from '../../../core/database/sql-params.js';
import {
  DomainException,
  ValidationFailedException,
} from '../../../core/exceptions/domain.exception.js';
import type { BusinessEntity } from '../../business/index.js';
import { ClosureEntity } from '../entities/closure.entity.js';
import { SpecialHoursEntity } from '../entities/special-hours.entity.js';
import { TimeOffEntity } from '../entities/time-off.entity.js';
import { todayIn } from '../slot-engine.js';

type ClosureInput = z.output<typeof CreateClosureRequestSchema>;
type SpecialHoursInput = z.output<typeof SpecialHoursRequestSchema>;
type TimeOffInput = z.output<typeof CreateTimeOffRequestSchema>;

const notFound = (what: string) => new DomainException(ErrorCode.NOT_FOUND, `${what} not found`);

/**
 * Upcoming entries of each kind (closures, special hours, time off) a business may have: plenty
 * for any real diary, and a bound on what every slot read has to go through.
 */
export const MAX_UPCOMING_ENTRIES = 500;

const tooMany = (kind: string) =>
  new ValidationFailedException(
    `A business can have at most ${MAX_UPCOMING_ENTRIES} upcoming ${kind}. Remove ones that are no longer needed first.`,
  );

const overlapping = (kind: string, span: string) =>
  new DomainException(
    ErrorCode.SCHEDULE_OVERLAP,
    `This ${kind} overlaps another ${kind} (${span}). Edit that one instead.`,
  );

/** '23 Dec 2026 – 2 Jan 2027', or one date. */
const daySpan = (from: string, to: string) =>
  from === to ? formatCalendarDay(from) : `${formatCalendarDay(from)} – ${formatCalendarDay(to)}`;

/** '23 Dec 2026 9:00 AM – 2 Jan 2027 5:00 PM AEDT', in the business's zone. */
const instantSpan = (start: Date, end: Date, timeZone: string) =>
  `${formatDate(start, timeZone)} ${formatTime(start, timeZone)} – ${formatDate(end, timeZone)} ${formatTime(end, timeZone)} ${timeZoneAbbreviation(end, timeZone)}`;

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

/** A row of `forRangeSql`'s JSON: what kind of exception, and the fields that kind has. */
type ExceptionRow = [
  kind: 'closure' | 'special' | 'time_off',
  staffId: number | null,
  fromDate: string | null,
  toDate: string | null,
  startsAt: string | null,
  endsAt: string | null,
  intervals: OpeningInterval[] | null,
];

/** The value `ScheduleExceptionsService#forRangeSql` answers, as the exceptions. */
export function readScheduleExceptions(value: unknown): ScheduleExceptions {
  const result: ScheduleExceptions = { closures: [], specialHours: new Map(), timeOff: [] };
  for (const row of value as ExceptionRow[]) {
    const [kind, staffId, fromDate, toDate, startsAt, endsAt, intervals] = row;
    if (kind === 'closure') {
      result.closures.push({ from: fromDate!, to: toDate! });
    } else if (kind === 'special') {
      result.specialHours.set(fromDate!, intervals ?? []);
    } else {
      // JSON timestamps carry their offset: Date.parse reads them exactly.
      result.timeOff.push({
        staffId: staffId!,
        start: Date.parse(startsAt!),
        end: Date.parse(endsAt!),
      });
    }
  }
  return result;
}

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
   * of the staff members overlapping [from, to), in one round trip (a prepared statement: the
   * public slot reads send it on every request).
   */
  async forRange(
    businessId: number,
    staffIds: readonly number[],
    dates: { from: string; to: string },
    instants: { from: Date; to: Date },
    em: EntityManager = this.dataSource.manager,
  ): Promise<ScheduleExceptions> {
    const [exceptions] = await preparedValues(em, 'schedule_exceptions', (p) => [
      this.forRangeSql(businessId, staffIds, dates, instants, p),
    ]);
    return readScheduleExceptions(exceptions);
  }

  /**
   * `forRange` as a part of a larger statement: a scalar subquery answering the exceptions as one
   * JSON value, which `readScheduleExceptions` turns back into them (the public slot reads send
   * it with the bookings in one round trip).
   */
  forRangeSql(
    businessId: number,
    staffIds: readonly number[],
    dates: { from: string; to: string },
    instants: { from: Date; to: Date },
    p: SqlParams,
  ): string {
    const business = p.add(businessId, 'int');
    const from = p.add(dates.from, 'date');
    const to = p.add(dates.to, 'date');
    return `(SELECT coalesce(json_agg(json_build_array(kind, staff_id, from_date, to_date, starts_at,
                                                       ends_at, intervals)), '[]'::json)
               FROM (SELECT 'closure' AS kind, NULL::int AS staff_id, from_date::text AS from_date,
                            to_date::text AS to_date, NULL::timestamptz AS starts_at,
                            NULL::timestamptz AS ends_at, NULL::jsonb AS intervals
                       FROM business_closures
                      WHERE business_id = ${business} AND from_date <= ${to} AND to_date >= ${from}
                     UNION ALL
                     SELECT 'special', NULL, date::text, date::text, NULL, NULL, intervals
                       FROM business_special_hours
                      WHERE business_id = ${business} AND date BETWEEN ${from} AND ${to}
                     UNION ALL
                     SELECT 'time_off', staff_id, NULL, NULL, starts_at, ends_at, NULL
                       FROM staff_time_off
                      WHERE business_id = ${business} AND staff_id = ANY(${p.add([...staffIds], 'int[]')})
                        AND starts_at < ${p.add(instants.to.toISOString(), 'timestamptz')}
                        AND ends_at > ${p.add(instants.from.toISOString(), 'timestamptz')}) AS exceptions)`;
  }

  /**
   * True while the exceptions a slot was offered by still hold: no closure on its business-local
   * date, that date's special hours as read (`specialHours`, null: none), and no time off of its
   * staff member over the range it blocks. A booking's statement checks this as it writes, so an
   * exception saved after the slot was read refuses it instead of booking through it.
   */
  sameForSlotSql(
    slot: {
      businessId: number;
      date: string;
      specialHours: readonly OpeningInterval[] | null;
      staffId: number | null;
      blocked: { start: number; end: number };
    },
    p: SqlParams,
  ): string {
    const business = p.add(slot.businessId, 'int');
    const date = p.add(slot.date, 'date');
    const checks = [
      `NOT EXISTS (SELECT 1 FROM business_closures
                    WHERE business_id = ${business} AND from_date <= ${date} AND to_date >= ${date})`,
      `(SELECT intervals FROM business_special_hours WHERE business_id = ${business} AND date = ${date})
         IS NOT DISTINCT FROM ${p.add(slot.specialHours && JSON.stringify(slot.specialHours), 'jsonb')}`,
    ];
    if (slot.staffId !== null) {
      checks.push(`NOT EXISTS (SELECT 1 FROM staff_time_off
                    WHERE business_id = ${business} AND staff_id = ${p.add(slot.staffId, 'int')}
                      AND starts_at < ${p.add(new Date(slot.blocked.end).toISOString(), 'timestamptz')}
                      AND ends_at > ${p.add(new Date(slot.blocked.start).toISOString(), 'timestamptz')})`);
    }
    return checks.join('\n AND ');
  }

  /**
   * `work` in a transaction holding the business's schedule lock, so two entries saved at once
   * cannot both miss each other's overlap or both pass the cap.
   */
  private serialised<T>(
    businessId: number,
    work: (em: EntityManager) => Promise<T>,
    within?: EntityManager,
  ): Promise<T> {
    const locked = async (em: EntityManager) => {
      await em.query('SELECT pg_advisory_xact_lock(hashtext($1))', [
        `schedule-exceptions:${businessId}`,
      ]);
      return work(em);
    };
    return within ? locked(within) : this.dataSource.transaction(locked);
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

  /** A new closure; one overlapping another is refused (that one is to be edited instead). */
  async createClosure(business: BusinessEntity, input: ClosureInput): Promise<Closure> {
    const businessId = business.id;
    return this.serialised(businessId, async (em) => {
      const other = await em.findOne(ClosureEntity, {
        where: { businessId, from: LessThanOrEqual(input.to), to: MoreThanOrEqual(input.from) },
        order: { from: 'ASC', id: 'ASC' },
      });
      if (other) throw overlapping('closure', daySpan(other.from, other.to));
      const upcoming = await em.countBy(ClosureEntity, {
        businessId,
        to: MoreThanOrEqual(this.today(business)),
      });
      if (upcoming >= MAX_UPCOMING_ENTRIES) throw tooMany('closures');
      const saved = await em.save(
        em.create(ClosureEntity, {
          businessId,
          from: input.from,
          to: input.to,
          reason: input.reason,
        }),
      );
      return toClosureDto(saved);
    });
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

  /**
   * Sets the date's hours, replacing any set before: one entry per date, so a date that already
   * has special hours gets the new ones (no overlap to refuse).
   */
  async setSpecialHours(business: BusinessEntity, input: SpecialHoursInput): Promise<SpecialHours> {
    const businessId = business.id;
    return this.serialised(businessId, async (em) => {
      const replacing = await em.existsBy(SpecialHoursEntity, { businessId, date: input.date });
      if (!replacing) {
        const upcoming = await em.countBy(SpecialHoursEntity, {
          businessId,
          date: MoreThanOrEqual(this.today(business)),
        });
        if (upcoming >= MAX_UPCOMING_ENTRIES) throw tooMany('special hours');
      }
      await em.upsert(
        SpecialHoursEntity,
        { businessId, date: input.date, intervals: input.intervals, reason: input.reason },
        { conflictPaths: ['businessId', 'date'] },
      );
      const row = await em.findOneByOrFail(SpecialHoursEntity, { businessId, date: input.date });
      return toSpecialHoursDto(row);
    });
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

  /**
   * New time off of a staff member; one overlapping their other time off is refused. In `within`'s
   * transaction when given (an approved staff request), else in its own.
   */
  async createTimeOff(
    business: BusinessEntity,
    staffId: number,
    input: TimeOffInput,
    within?: EntityManager,
  ): Promise<TimeOff> {
    const businessId = business.id;
    const startsAt = new Date(input.start);
    const endsAt = new Date(input.end);
    return this.serialised(
      businessId,
      async (em) => {
        const other = await em.findOne(TimeOffEntity, {
          where: { businessId, staffId, startsAt: LessThan(endsAt), endsAt: MoreThan(startsAt) },
          order: { startsAt: 'ASC', id: 'ASC' },
        });
        if (other) {
          throw overlapping(
            'time off',
            instantSpan(other.startsAt, other.endsAt, business.timeZone),
          );
        }
        const upcoming = await em.countBy(TimeOffEntity, {
          businessId,
          endsAt: MoreThan(new Date(this.clock.now().epochMilliseconds)),
        });
        if (upcoming >= MAX_UPCOMING_ENTRIES) throw tooMany('time off entries');
        const saved = await em.save(
          em.create(TimeOffEntity, { businessId, staffId, startsAt, endsAt, reason: input.reason }),
        );
        return toTimeOffDto(saved);
      },
      within,
    );
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
