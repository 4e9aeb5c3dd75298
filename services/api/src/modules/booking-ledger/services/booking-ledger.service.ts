import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import {
  type AppointmentCounts,
  type AppointmentStatus,
  ErrorCode,
  ErrorMessages,
} from '@slotwise/contracts';
import { PG_EXCLUSION_VIOLATION, pgErrorCode } from '../../../core/database/pg-errors.js';
import { DomainException } from '../../../core/exceptions/domain.exception.js';
import { AppointmentEntity } from '../entities/appointment.entity.js';

/** Something that can be booked: a staff member, or the business itself when nobody offers it. */
export const staffResourceKey = (staffId: number) => `staff:${staffId}`;
export const businessResourceKey = (businessId: number) => `business:${businessId}`;
export const resourceKeyOf = (a: { staffId: number | null; businessId: number }) =>
  a.staffId != null ? staffResourceKey(a.staffId) : businessResourceKey(a.businessId);

/** A resource's booked range (non-cancelled). */
export interface BookedRange {
  resourceKey: string;
  start: Date;
  end: Date;
}

export type NewBooking = Pick<
  AppointmentEntity,
  'businessId' | 'serviceId' | 'staffId' | 'customerId' | 'status' | 'startsAt' | 'endsAt' | 'notes'
>;

export type BookingChanges = Partial<
  Pick<AppointmentEntity, 'status' | 'notes' | 'startsAt' | 'endsAt' | 'staffId'>
>;

/** What the owner's list asks for (every field optional: no filter at all is the whole history). */
export interface LedgerFilter {
  /** Bookings overlapping [from, to). */
  from?: Date;
  to?: Date;
  statuses?: readonly AppointmentStatus[];
  /** Bookings of these customers or these services (a text search resolved to ids). */
  matching?: { customerIds: readonly number[]; serviceIds: readonly number[] };
  limit?: number;
  offset?: number;
}

/** A booking without entity hydration (a busy month is thousands of rows). */
export interface LedgerRow {
  id: number;
  businessId: number;
  serviceId: number;
  staffId: number | null;
  customerId: number;
  status: AppointmentStatus;
  startsAt: Date;
  endsAt: Date;
  notes: string | null;
}

/** The longest a booking can last (it ends by its day's closing time; 26 h covers daylight saving). */
const LONGEST_BOOKING_MS = 26 * 3600 * 1000;

const slotTaken = () => new DomainException(ErrorCode.SLOT_TAKEN, ErrorMessages.slotTaken);

/** A clash with another booking of the resource, as the exclusion constraint reports it. */
async function refusingOverlaps<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (pgErrorCode(error) === PG_EXCLUSION_VIOLATION) throw slotTaken();
    throw error;
  }
}

/**
 * The `appointments` table: who has which resource when. Availability asks it what is taken; the
 * appointment flows write through it. PostgreSQL's exclusion constraint has the last word on
 * overlaps, so two requests racing for one slot get one booking and one SLOT_TAKEN.
 */
@Injectable()
export class BookingLedgerService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Non-cancelled bookings of the resources that overlap [from, to), optionally but one. */
  async overlapping(
    resourceKeys: readonly string[],
    from: Date,
    to: Date,
    options: { excludeId?: number; em?: EntityManager } = {},
  ): Promise<BookedRange[]> {
    if (resourceKeys.length === 0) return [];
    const rows: { resource_key: string; starts_at: Date; ends_at: Date }[] = await (
      options.em ?? this.dataSource.manager
    ).query(
      `SELECT resource_key, starts_at, ends_at
         FROM appointments
        WHERE resource_key = ANY($1::text[])
          AND status <> 'cancelled'
          AND tstzrange(starts_at, ends_at, '[)') && tstzrange($2, $3, '[)')
          AND id <> $4`,
      [resourceKeys, from.toISOString(), to.toISOString(), options.excludeId ?? 0],
    );
    return rows.map((r) => ({ resourceKey: r.resource_key, start: r.starts_at, end: r.ends_at }));
  }

  /** Writes a booking; one overlapping another booking of its resource is refused (SLOT_TAKEN). */
  book(em: EntityManager, booking: NewBooking): Promise<AppointmentEntity> {
    return refusingOverlaps(() => em.save(em.create(AppointmentEntity, booking)));
  }

  /** Changes a booking; a move or a re-activation onto a taken time is refused (SLOT_TAKEN). */
  async change(em: EntityManager, id: number, changes: BookingChanges): Promise<void> {
    if (Object.keys(changes).length === 0) return;
    await refusingOverlaps(() => em.update(AppointmentEntity, { id }, changes));
  }

  find(id: number, em: EntityManager = this.dataSource.manager) {
    return em.findOneBy(AppointmentEntity, { id });
  }

  /**
   * The booking, locked until `em`'s transaction ends, so changes of one appointment (a cancel
   * and a move at once) run one at a time. With `businessId`, another business's is not found.
   */
  lock(em: EntityManager, id: number, businessId?: number): Promise<AppointmentEntity | null> {
    return em.findOne(AppointmentEntity, {
      where: businessId === undefined ? { id } : { id, businessId },
      lock: { mode: 'pessimistic_write' },
    });
  }

  /** Whether any booking (of any status) names this service or staff member. */
  async isReferenced(
    em: EntityManager,
    by: { serviceId: number } | { staffId: number },
  ): Promise<boolean> {
    const [column, id] =
      'serviceId' in by ? ['service_id', by.serviceId] : ['staff_id', by.staffId];
    const rows: unknown[] = await em.query(
      `SELECT 1 FROM appointments WHERE ${column} = $1 LIMIT 1`,
      [id],
    );
    return rows.length > 0;
  }

  /** A business's bookings, newest first, narrowed and paged by `filter`. */
  async list(businessId: number, filter: LedgerFilter = {}): Promise<LedgerRow[]> {
    const params: unknown[] = [businessId];
    const where = ['business_id = $1'];
    const param = (value: unknown) => `$${params.push(value)}`;
    if (filter.to) where.push(`starts_at < ${param(filter.to)}`);
    if (filter.from) {
      where.push(`ends_at > ${param(filter.from)}`);
      // The bounded start keeps this an index range scan instead of reading all earlier history.
      where.push(`starts_at > ${param(new Date(filter.from.getTime() - LONGEST_BOOKING_MS))}`);
    }
    if (filter.matching) {
      where.push(
        `(customer_id = ANY(${param(filter.matching.customerIds)}::int[])` +
          ` OR service_id = ANY(${param(filter.matching.serviceIds)}::int[]))`,
      );
    }
    if (filter.statuses && filter.statuses.length > 0) {
      where.push(`status = ANY(${param(filter.statuses)}::text[])`);
    }
    let page = '';
    if (filter.limit !== undefined) page += ` LIMIT ${param(filter.limit)}`;
    if (filter.offset) page += ` OFFSET ${param(filter.offset)}`;
    const rows: {
      id: number;
      business_id: number;
      service_id: number;
      staff_id: number | null;
      customer_id: number;
      status: AppointmentStatus;
      starts_at: Date;
      ends_at: Date;
      notes: string | null;
    }[] = await this.dataSource.query(
      `SELECT id, business_id, service_id, staff_id, customer_id, status, starts_at, ends_at, notes
         FROM appointments
        WHERE ${where.join(' AND ')}
        ORDER BY starts_at DESC, id DESC${page}`,
      params,
    );
    return rows.map((r) => ({
      id: r.id,
      businessId: r.business_id,
      serviceId: r.service_id,
      staffId: r.staff_id,
      customerId: r.customer_id,
      status: r.status,
      startsAt: r.starts_at,
      endsAt: r.ends_at,
      notes: r.notes,
    }));
  }

  /** Not-cancelled bookings starting in [dayStart, dayEnd); confirmed and pending overall. */
  async counts(businessId: number, dayStart: Date, dayEnd: Date): Promise<AppointmentCounts> {
    const [row] = (await this.dataSource.query(
      `SELECT
         count(*) FILTER (WHERE starts_at >= $2 AND starts_at < $3 AND status <> 'cancelled')::int AS today,
         count(*) FILTER (WHERE status = 'confirmed')::int AS confirmed,
         count(*) FILTER (WHERE status = 'pending')::int AS pending
       FROM appointments WHERE business_id = $1`,
      [businessId, dayStart, dayEnd],
    )) as AppointmentCounts[];
    return { today: row?.today ?? 0, confirmed: row?.confirmed ?? 0, pending: row?.pending ?? 0 };
  }
}
