import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import {
  APPOINTMENT_NOT_FOUND_MESSAGE,
  type AppointmentCounts,
  type AppointmentStatus,
  ErrorCode,
  ErrorMessages,
  type OwnerAppointment,
  type OwnerAppointmentsQuery,
  sameStatusMessage,
  type UpdateAppointmentInput,
} from '@slotwise/contracts';
import { CLOCK, type Clock } from '../../../core/clock/clock.js';
import { PG_EXCLUSION_VIOLATION, pgErrorCode } from '../../../core/database/pg-errors.js';
import { DomainException } from '../../../core/exceptions/domain.exception.js';
import { BusinessService } from '../../business/services/business.service.js';
import { staffFullName } from '../../staff/services/staff.service.js';
import { AppointmentEntity } from '../entities/appointment.entity.js';
import { StatusChangeNotifier } from './status-change-notifier.service.js';

const appointmentNotFound = () =>
  new DomainException(ErrorCode.NOT_FOUND, APPOINTMENT_NOT_FOUND_MESSAGE);

export function toOwnerAppointment(a: AppointmentEntity): OwnerAppointment {
  const service = a.service!;
  const customer = a.customer!;
  return {
    id: a.id,
    date: a.startsAt.toISOString(),
    end: a.endsAt.toISOString(),
    status: a.status,
    notes: a.notes,
    staffMemberId: a.staffId,
    staff: a.staff
      ? { id: a.staff.id, name: staffFullName(a.staff), position: a.staff.position }
      : null,
    service: {
      id: service.id,
      name: service.name,
      duration: service.durationMinutes,
      price: service.priceCents,
      description: service.description,
    },
    customer: {
      firstName: customer.firstName,
      lastName: customer.lastName,
      email: customer.email,
      phone: customer.phone,
      notificationPreferences: { email: customer.notifyEmail, sms: customer.notifySms },
    },
  };
}

interface ListRow {
  id: number;
  starts_at: Date;
  ends_at: Date;
  status: AppointmentStatus;
  notes: string | null;
  staff_id: number | null;
  service_id: number;
  service_name: string;
  duration_minutes: number;
  price_cents: number;
  service_description: string | null;
  staff_first_name: string | null;
  staff_last_name: string | null;
  staff_position: string | null;
  first_name: string;
  last_name: string;
  email: string | null;
  phone: string | null;
  notify_email: boolean;
  notify_sms: boolean;
}

function fromRow(r: ListRow): OwnerAppointment {
  return {
    id: r.id,
    date: r.starts_at.toISOString(),
    end: r.ends_at.toISOString(),
    status: r.status,
    notes: r.notes,
    staffMemberId: r.staff_id,
    staff:
      r.staff_id !== null
        ? {
            id: r.staff_id,
            name: staffFullName({
              firstName: r.staff_first_name ?? '',
              lastName: r.staff_last_name ?? '',
            }),
            position: r.staff_position,
          }
        : null,
    service: {
      id: r.service_id,
      name: r.service_name,
      duration: r.duration_minutes,
      price: r.price_cents,
      description: r.service_description,
    },
    customer: {
      firstName: r.first_name,
      lastName: r.last_name,
      email: r.email,
      phone: r.phone,
      notificationPreferences: { email: r.notify_email, sms: r.notify_sms },
    },
  };
}

/** The owner's side of appointments: list, counts, status and notes changes, cancel (decision 11). */
@Injectable()
export class OwnerAppointmentService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly businessService: BusinessService,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly notifier: StatusChangeNotifier,
  ) {}

  private query(em: EntityManager) {
    // Archived services and staff keep their names in history: soft-deleted rows are included.
    return em
      .createQueryBuilder(AppointmentEntity, 'a')
      .withDeleted()
      .innerJoinAndSelect('a.service', 'service')
      .innerJoinAndSelect('a.customer', 'customer')
      .leftJoinAndSelect('a.staff', 'staff');
  }

  /**
   * Newest first; with a window, only appointments overlapping [from, to); `q` and `status`
   * narrow it and `limit`/`offset` page it (the table). One SQL query mapped
   * straight to the DTO (no entity hydration: a busy month is thousands of rows), archived
   * services and staff included by name.
   */
  async list(
    businessId: number,
    userId: string,
    window: OwnerAppointmentsQuery,
  ): Promise<OwnerAppointment[]> {
    await this.businessService.findOwnedOrThrow(businessId, userId);
    const params: unknown[] = [businessId];
    const where = ['a.business_id = $1'];
    if (window.to) {
      params.push(new Date(window.to));
      where.push(`a.starts_at < $${params.length}`);
    }
    if (window.from) {
      const from = Date.parse(window.from);
      params.push(new Date(from));
      where.push(`a.ends_at > $${params.length}`);
      // A booking ends by its day's closing time, so it lasts under a day (26 h covers DST): the
      // bounded start keeps this an index range scan instead of reading all earlier history.
      params.push(new Date(from - 26 * 3600 * 1000));
      where.push(`a.starts_at > $${params.length}`);
    }
    if (window.q) {
      // strpos, not LIKE: the owner's text is matched literally (% and _ are not wildcards).
      params.push(window.q.toLowerCase());
      where.push(
        `(strpos(lower(c.first_name || ' ' || c.last_name), $${params.length}) > 0` +
          ` OR strpos(lower(s.name), $${params.length}) > 0)`,
      );
    }
    if (window.status && window.status.length > 0) {
      params.push(window.status);
      where.push(`a.status = ANY($${params.length}::text[])`);
    }
    let page = '';
    if (window.limit !== undefined) {
      params.push(window.limit);
      page += ` LIMIT $${params.length}`;
    }
    if (window.offset) {
      params.push(window.offset);
      page += ` OFFSET $${params.length}`;
    }
    const rows = (await this.dataSource.query(
      `SELECT a.id, a.starts_at, a.ends_at, a.status, a.notes, a.staff_id,
              s.id AS service_id, s.name AS service_name, s.duration_minutes, s.price_cents,
              s.description AS service_description,
              st.first_name AS staff_first_name, st.last_name AS staff_last_name,
              st.position AS staff_position,
              c.first_name, c.last_name, c.email, c.phone, c.notify_email, c.notify_sms
         FROM appointments a
         JOIN services s ON s.id = a.service_id
         JOIN customers c ON c.id = a.customer_id
         LEFT JOIN staff_members st ON st.id = a.staff_id
        WHERE ${where.join(' AND ')}
        ORDER BY a.starts_at DESC, a.id DESC${page}`,
      params,
    )) as ListRow[];
    return rows.map(fromRow);
  }

  /** Today's (not cancelled) on the business's own calendar day; confirmed and pending overall. */
  async counts(businessId: number, userId: string): Promise<AppointmentCounts> {
    const business = await this.businessService.findOwnedOrThrow(businessId, userId);
    const today = this.clock.now().toZonedDateTimeISO(business.timeZone).toPlainDate();
    const start = today.toZonedDateTime({ timeZone: business.timeZone }).toInstant();
    const end = today.add({ days: 1 }).toZonedDateTime({ timeZone: business.timeZone }).toInstant();
    const [row] = (await this.dataSource.query(
      `SELECT
         count(*) FILTER (WHERE starts_at >= $2 AND starts_at < $3 AND status <> 'cancelled')::int AS today,
         count(*) FILTER (WHERE status = 'confirmed')::int AS confirmed,
         count(*) FILTER (WHERE status = 'pending')::int AS pending
       FROM appointments WHERE business_id = $1`,
      [business.id, new Date(start.epochMilliseconds), new Date(end.epochMilliseconds)],
    )) as AppointmentCounts[];
    return { today: row?.today ?? 0, confirmed: row?.confirmed ?? 0, pending: row?.pending ?? 0 };
  }

  async update(
    appointmentId: number,
    userId: string,
    input: UpdateAppointmentInput,
  ): Promise<OwnerAppointment> {
    return this.dataSource.transaction(async (em) => {
      const appointment = await this.findOwned(em, appointmentId, userId);
      const changes: Partial<Pick<AppointmentEntity, 'status' | 'notes'>> = {};
      if (input.status !== undefined) {
        if (input.status === appointment.status.toLowerCase()) {
          throw new DomainException(ErrorCode.VALIDATION_FAILED, sameStatusMessage(input.status));
        }
        changes.status = input.status;
      }
      if (input.notes !== undefined) {
        changes.notes = input.notes?.trim() ? input.notes.trim() : null;
      }
      await this.apply(em, appointment.id, changes);
      if (changes.status) {
        // Messages and the reminder follow the change in the same transaction (decision 19).
        await this.notifier.statusChanged(em, appointment, appointment.status, changes.status);
      }
      return toOwnerAppointment(await this.reload(em, appointment.id));
    });
  }

  /** DELETE: the row stays, its status becomes cancelled and the slot is free again (decision 11). */
  async cancel(appointmentId: number, userId: string): Promise<OwnerAppointment> {
    return this.update(appointmentId, userId, { status: 'cancelled' });
  }

  private async apply(
    em: EntityManager,
    id: number,
    changes: Partial<{ status: AppointmentStatus; notes: string | null }>,
  ): Promise<void> {
    try {
      await em.update(AppointmentEntity, { id }, changes);
    } catch (error) {
      // Re-activating a cancelled appointment whose time someone else has booked meanwhile.
      if (pgErrorCode(error) === PG_EXCLUSION_VIOLATION) {
        throw new DomainException(ErrorCode.SLOT_TAKEN, ErrorMessages.slotTaken);
      }
      throw error;
    }
  }

  private reload(em: EntityManager, id: number): Promise<AppointmentEntity> {
    return this.query(em).where('a.id = :id', { id }).getOneOrFail();
  }

  private async findOwned(
    em: EntityManager,
    id: number,
    userId: string,
  ): Promise<AppointmentEntity> {
    const appointment = await em.findOne(AppointmentEntity, {
      where: { id },
      lock: { mode: 'pessimistic_write' },
    });
    if (!appointment) throw appointmentNotFound();
    const owns = await this.businessService.isOwner(appointment.businessId, userId);
    if (!owns) throw appointmentNotFound();
    return appointment;
  }
}
