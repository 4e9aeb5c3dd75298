import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { CLOCK, type Clock } from '../../../core/clock/clock.js';
import type { SqlParams } from '../../../core/database/sql-params.js';
import {
  type AppointmentEntity,
  BookingStep,
  BookingWriter,
  type BookingFollowUp,
  type BookingStatement,
} from '../../bookings/index.js';
import { WebhookEvents } from '../../webhooks/index.js';

/** Who changed a booking, as `booking.cancelled` tells it. */
export type ChangedBy = 'owner' | 'customer' | 'business';

/** A booking as it was before a change: what the events compare with. */
export type BookingBefore = Pick<
  AppointmentEntity,
  'id' | 'status' | 'startsAt' | 'endsAt' | 'staffId'
>;

type BookingFacts = Pick<
  AppointmentEntity,
  | 'id'
  | 'businessId'
  | 'serviceId'
  | 'staffId'
  | 'status'
  | 'startsAt'
  | 'endsAt'
  | 'priceCents'
  | 'customerFirstName'
  | 'customerLastName'
  | 'customerEmail'
  | 'customerPhone'
> & { customerId?: number };

/** A booking as webhooks carry it (instants in UTC, money in cents). */
export function bookingData(b: BookingFacts): Record<string, unknown> {
  return {
    id: b.id,
    businessId: b.businessId,
    serviceId: b.serviceId,
    staffId: b.staffId,
    ...(b.customerId !== undefined ? { customerId: b.customerId } : {}),
    status: b.status,
    start: b.startsAt.toISOString(),
    end: b.endsAt.toISOString(),
    priceCents: b.priceCents,
    bookedAs: {
      firstName: b.customerFirstName,
      lastName: b.customerLastName,
      email: b.customerEmail,
      phone: b.customerPhone,
    },
  };
}

/**
 * The webhook events of bookings, which each writer of bookings calls in its own transaction
 * (after BookingWriter's book or change): booking.created; and from a change, compared with the
 * booking as it was, booking.rescheduled (with the old times), booking.status_changed on every
 * status change, and booking.cancelled (by whom, late or not) or booking.no_show besides.
 */
@Injectable()
export class BookingEvents {
  constructor(
    private readonly events: WebhookEvents,
    private readonly writer: BookingWriter,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  created(em: EntityManager, booking: AppointmentEntity): Promise<void> {
    return this.events.emit(em, booking.businessId, 'booking.created', bookingData(booking));
  }

  /**
   * The public booking's follow-ups (its one statement): booking.created, and client.created when
   * the statement wrote a new client (`inserted`, see CustomerService#findOrCreateSql).
   */
  createdSql(statement: Pick<BookingStatement, 'booking'>): BookingFollowUp[] {
    const { booking } = statement;
    const customerId = `jsonb_build_object('customerId', ${BookingStep.customer}.id)`;
    return [
      {
        name: 'booking_webhooks',
        sql: (written: string, p: SqlParams) =>
          this.events.emitSql(
            booking.businessId,
            'booking.created',
            bookingData(booking),
            written,
            p,
            {
              from: BookingStep.customer,
              extra: customerId,
            },
          ),
      },
      {
        name: 'client_webhooks',
        sql: (written: string, p: SqlParams) =>
          this.events.emitSql(
            booking.businessId,
            'client.created',
            {
              firstName: booking.customerFirstName,
              lastName: booking.customerLastName,
              email: booking.customerEmail,
              phone: booking.customerPhone,
            },
            `${BookingStep.customer}.inserted AND ${written}`,
            p,
            {
              from: BookingStep.customer,
              extra: `jsonb_build_object('id', ${BookingStep.customer}.id)`,
            },
          ),
      },
    ];
  }

  /** The events of a change to `before` (read again as it now stands), in `em`'s transaction. */
  async changed(em: EntityManager, before: BookingBefore, by: ChangedBy): Promise<void> {
    const after = await this.writer.find(before.id, em);
    if (!after) return;
    const data = bookingData(after);
    const { businessId } = after;
    if (
      after.startsAt.getTime() !== before.startsAt.getTime() ||
      after.staffId !== before.staffId
    ) {
      await this.events.emit(em, businessId, 'booking.rescheduled', {
        ...data,
        previousStart: before.startsAt.toISOString(),
        previousEnd: before.endsAt.toISOString(),
        previousStaffId: before.staffId,
      });
    }
    if (after.status === before.status) return;
    await this.events.emit(em, businessId, 'booking.status_changed', {
      ...data,
      previousStatus: before.status,
    });
    if (after.status === 'cancelled') {
      await this.events.emit(em, businessId, 'booking.cancelled', {
        ...data,
        cancelledBy: by,
        late: await this.late(em, after),
      });
    } else if (after.status === 'no_show') {
      await this.events.emit(em, businessId, 'booking.no_show', data);
    }
  }

  /** Cancelled inside the business's cut-off before the start (or after it). */
  private async late(em: EntityManager, booking: AppointmentEntity): Promise<boolean> {
    const [row] = (await em.query(`SELECT cancel_cutoff_minutes FROM businesses WHERE id = $1`, [
      booking.businessId,
    ])) as { cancel_cutoff_minutes: number }[];
    const cutoffMs = (row?.cancel_cutoff_minutes ?? 0) * 60_000;
    return this.clock.now().epochMilliseconds >= booking.startsAt.getTime() - cutoffMs;
  }
}
