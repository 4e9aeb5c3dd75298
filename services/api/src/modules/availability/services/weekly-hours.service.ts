import { Injectable, type OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager, In, IsNull } from 'typeorm';
import {
  type Availability,
  type DayHours,
  DEFAULT_CLOSE_TIME,
  DEFAULT_OPEN_TIME,
  defaultWeeklyHours,
  type OpeningInterval,
  SLOT_INTERVALS,
  type StaffDayHours,
  type StaffHours,
} from '@slotwise/contracts';
import { BusinessCache, frozenRows, type ReadFrom } from '../../../core/cache/business-cache.js';
import type { BookingConstraint } from '../../../core/database/booking-constraint.js';
import { ActivityLog } from '../../activity/index.js';
import { BusinessService, type OwnedBusinessRef } from '../../business/index.js';
import { summarizeBusinessHours } from '../business-hours-summary.js';
import { AvailabilityEntity } from '../entities/availability.entity.js';

/**
 * The weekday's intervals as the contracts show them, the first one also as the spec's pair (always
 * HH:MM: a closed day saved without hours shows the default template's).
 */
function dayDto(row: { dayOfWeek: number; isOpen: boolean; intervals: OpeningInterval[] }) {
  const first = row.intervals[0];
  return {
    dayOfWeek: row.dayOfWeek,
    isOpen: row.isOpen,
    openTime: first?.openTime ?? DEFAULT_OPEN_TIME,
    closeTime: first?.closeTime ?? DEFAULT_CLOSE_TIME,
    intervals: row.intervals.map((i) => ({ openTime: i.openTime, closeTime: i.closeTime })),
  };
}

interface DayRow {
  dayOfWeek: number;
  isOpen: boolean;
  intervals: OpeningInterval[];
  slotDuration: number;
}

/** A week's rows, one per weekday (Sunday first); a day without a row is closed. */
function sevenDays(rows: readonly DayRow[], missing: (dayOfWeek: number) => DayRow): DayRow[] {
  return [0, 1, 2, 3, 4, 5, 6].map((day) => rows.find((r) => r.dayOfWeek === day) ?? missing(day));
}

/** Every column of the weekly hours: a booking depends on all of them. */
const WEEKLY_HOURS_COVERAGE = {
  availabilities: {
    checked: [
      'id',
      'business_id',
      'staff_id',
      'day_of_week',
      'is_open',
      'intervals',
      'slot_duration',
    ],
    ignored: [],
  },
};

/** `sameHours`'s rows as JSON, by week (the cache's rows, or a read's) and staff member. */
const weekJson = new WeakMap<readonly AvailabilityEntity[], Map<number | null, string>>();

/**
 * The `availabilities` table: each business's weekly opening hours, one row per weekday, and the
 * weekly hours of staff members who do not simply work the business's hours.
 */
@Injectable()
export class WeeklyHoursService implements OnModuleInit {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly businesses: BusinessService,
    private readonly cache: BusinessCache,
    private readonly activity: ActivityLog,
  ) {}

  /** `summaries` of one business; `cached` (its public page): from the cached week. */
  async summary(businessId: number, from: ReadFrom = {}): Promise<string | null> {
    const week = await this.week(businessId, [], from);
    return summarizeBusinessHours(week.filter((r) => r.staffId === null));
  }

  /** Every new business starts with the default week (Mon–Fri 09:00–17:00, 30-minute slots). */
  onModuleInit(): void {
    this.businesses.registerCreationStep((em, businessId) => this.createDefaults(em, businessId));
  }

  async createDefaults(em: EntityManager, businessId: number): Promise<void> {
    await em.insert(
      AvailabilityEntity,
      defaultWeeklyHours().map((h) => ({
        businessId,
        staffId: null,
        dayOfWeek: h.dayOfWeek,
        isOpen: h.isOpen,
        intervals: h.intervals,
        slotDuration: h.slotDuration,
      })),
    );
  }

  /**
   * For a public booking written in one statement on the strength of `week` as read earlier
   * (from the cache): a condition that holds while the business's own weekly hours, and those of
   * the staff member booked (null: none), are still the rows of `week` that are theirs. Checked
   * when the statement runs, so old hours cannot let a booking through that the table would refuse.
   */
  sameHours(
    businessId: number,
    staffId: number | null,
    week: readonly AvailabilityEntity[],
  ): BookingConstraint {
    // Written once per cached week and staff member: every booking of theirs sends the same.
    let written = weekJson.get(week);
    if (!written) weekJson.set(week, (written = new Map()));
    let rows = written.get(staffId);
    if (rows === undefined) {
      rows = JSON.stringify(
        week
          .filter((r) => r.staffId === null || r.staffId === staffId)
          .sort((a, b) => a.id - b.id)
          .map((r) => [r.id, r.staffId, r.dayOfWeek, r.isOpen, r.intervals, r.slotDuration]),
      );
      written.set(staffId, rows);
    }
    const asRead = rows;
    return {
      name: 'weekly hours as read',
      covers: WEEKLY_HOURS_COVERAGE,
      sql: (p) => `(SELECT coalesce(jsonb_agg(jsonb_build_array(id, staff_id, day_of_week, is_open,
                                                         intervals, slot_duration) ORDER BY id),
                             '[]'::jsonb)
               FROM availabilities
              WHERE business_id = ${p.add(businessId)}
                AND (staff_id IS NULL OR staff_id = ${p.add(staffId, 'int')})
            ) = ${p.add(asRead, 'jsonb')}`,
    };
  }

  /**
   * The business's rows and those of the staff members named ('all': every staff member's), by
   * weekday. With `cached`, from this process's cache of all the business's rows (frozen, shared by
   * every request, dropped when the business changes: core/cache); public bookings check what
   * they read (`sameHours`).
   */
  async week(
    businessId: number,
    staffIds: readonly number[] | 'all' = [],
    from: ReadFrom = {},
  ): Promise<readonly AvailabilityEntity[]> {
    if (from.cached) {
      const rows = await this.cache.read(businessId, 'availability:week', from, async () =>
        frozenRows(
          await this.dataSource.manager.find(AvailabilityEntity, {
            where: { businessId },
            order: { dayOfWeek: 'ASC', id: 'ASC' },
          }),
        ),
      );
      return staffIds === 'all'
        ? rows
        : rows.filter((r) => r.staffId === null || staffIds.includes(r.staffId));
    }
    const query = (from.em ?? this.dataSource.manager)
      .createQueryBuilder(AvailabilityEntity, 'a')
      .where('a.business_id = :businessId', { businessId });
    if (staffIds !== 'all') {
      query.andWhere('(a.staff_id IS NULL OR a.staff_id = ANY(:staffIds::int[]))', {
        staffIds: [...staffIds],
      });
    }
    return query.orderBy('a.day_of_week', 'ASC').getMany();
  }

  /** 'Mon–Fri 9:00 AM – 5:00 PM, …' per business, null when closed all week. */
  async summaries(businessIds: readonly number[]): Promise<Map<number, string | null>> {
    const rows =
      businessIds.length === 0
        ? []
        : await this.dataSource.manager.findBy(AvailabilityEntity, {
            businessId: In([...businessIds]),
            staffId: IsNull(),
          });
    return new Map(
      businessIds.map((id) => [
        id,
        summarizeBusinessHours(rows.filter((r) => r.businessId === id)),
      ]),
    );
  }

  /** Which of `businessIds` open on at least one weekday (the directory lists only those). */
  async businessesWithOpenDay(businessIds: readonly number[]): Promise<Set<number>> {
    if (businessIds.length === 0) return new Set();
    const rows: { business_id: number }[] = await this.dataSource.query(
      `SELECT DISTINCT business_id FROM availabilities
        WHERE business_id = ANY($1::int[]) AND staff_id IS NULL
          AND is_open AND jsonb_array_length(intervals) > 0`,
      [[...businessIds]],
    );
    return new Set(rows.map((r) => r.business_id));
  }

  /** Settings → Business Hours: all seven days, Sunday first; a day with no row reads as closed. */
  async get(
    businessId: number,
    em: EntityManager = this.dataSource.manager,
  ): Promise<Availability[]> {
    const rows = await em.findBy(AvailabilityEntity, { businessId, staffId: IsNull() });
    const defaults = defaultWeeklyHours();
    return sevenDays(rows, (day) => ({ ...defaults[day]!, businessId, isOpen: false })).map(
      (row) => ({ businessId, slotDuration: row.slotDuration, ...dayDto(row) }),
    );
  }

  /** Replaces the whole week; the public available times follow at once. */
  async replace(owned: OwnedBusinessRef, days: DayHours[]): Promise<Availability[]> {
    await this.dataSource.transaction(async (em) => {
      await em.delete(AvailabilityEntity, { businessId: owned.id, staffId: IsNull() });
      await em.insert(
        AvailabilityEntity,
        days.map((d) => ({
          businessId: owned.id,
          staffId: null,
          dayOfWeek: d.dayOfWeek,
          isOpen: d.isOpen,
          intervals: d.intervals,
          slotDuration: d.slotDuration,
        })),
      );
      // The slot interval is the business's setting now (decision 37); a week whose open days all
      // step by one of its choices (what older clients send) sets it too.
      const steps = new Set(days.filter((d) => d.isOpen).map((d) => d.slotDuration));
      const [step] = steps;
      if (steps.size === 1 && (SLOT_INTERVALS as readonly number[]).includes(step!)) {
        await em.query('UPDATE businesses SET slot_interval = $2 WHERE id = $1', [owned.id, step]);
      }
      // Hours the owner saved are hours they chose: the business may be published.
      await em.query(
        'UPDATE businesses SET hours_confirmed_at = now() WHERE id = $1 AND hours_confirmed_at IS NULL',
        [owned.id],
      );
      await this.hoursLogged(em, owned, null, 'Business hours changed');
    });
    return this.get(owned.id);
  }

  /** A staff member's week: their own rows, or the business's when they have none. */
  async staffHours(
    businessId: number,
    staffId: number,
    em: EntityManager = this.dataSource.manager,
  ): Promise<StaffHours> {
    const own = await em.findBy(AvailabilityEntity, { businessId, staffId });
    if (own.length === 0) {
      const business = await this.get(businessId, em);
      return { staffId, ownHours: false, days: business.map((d) => dayDto(d)) };
    }
    const days = sevenDays(own, (day) => ({
      dayOfWeek: day,
      isOpen: false,
      intervals: [],
      slotDuration: 0,
    }));
    return { staffId, ownHours: true, days: days.map((d) => dayDto(d)) };
  }

  /** A change of hours in Settings → Activity (`staffId`: a staff member's own), in its transaction. */
  private hoursLogged(
    em: EntityManager,
    owned: OwnedBusinessRef,
    staffId: number | null,
    summary: string,
  ) {
    return this.activity.otherChanged(
      {
        businessId: owned.id,
        subject: 'hours',
        subjectId: staffId,
        action: 'updated',
        summary,
        actor: owned.actor,
      },
      em,
    );
  }

  /**
   * Gives a staff member hours of their own (the caller has checked the person is the owner's);
   * in `within`'s transaction when given (an approved staff request), else in its own.
   */
  async replaceStaffHours(
    owned: OwnedBusinessRef,
    staffId: number,
    days: StaffDayHours[],
    within?: EntityManager,
  ): Promise<StaffHours> {
    const businessId = owned.id;
    const inTransaction = <T>(work: (em: EntityManager) => Promise<T>) =>
      within ? work(within) : this.dataSource.transaction(work);
    return inTransaction(async (em) => {
      await this.hoursLogged(em, owned, staffId, 'Staff member’s own hours changed');
      await em.delete(AvailabilityEntity, { businessId, staffId });
      await em.insert(
        AvailabilityEntity,
        days.map((d) => ({
          businessId,
          staffId,
          dayOfWeek: d.dayOfWeek,
          isOpen: d.isOpen,
          intervals: d.intervals,
        })),
      );
      return this.staffHours(businessId, staffId, em);
    });
  }

  /** The staff member works the business's hours again. */
  async clearStaffHours(owned: OwnedBusinessRef, staffId: number): Promise<StaffHours> {
    await this.dataSource.transaction(async (em) => {
      await em.delete(AvailabilityEntity, { businessId: owned.id, staffId });
      await this.hoursLogged(em, owned, staffId, 'Staff member back on the business’s hours');
    });
    return this.staffHours(owned.id, staffId);
  }
}
