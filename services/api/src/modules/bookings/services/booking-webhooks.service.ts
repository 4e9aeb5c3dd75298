import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { Actor, AppointmentStatus } from '@slotwise/contracts';
import { CLOCK, type Clock } from '../../../core/clock/clock.js';
import type { SqlParams } from '../../../core/database/sql-params.js';
import { WebhookEvents } from '../../webhooks/index.js';
import type { AppointmentEntity } from '../entities/appointment.entity.js';

/** Who changed a booking, as `booking.cancelled` tells it. */
export type ChangedBy = 'owner' | 'customer' | 'business';

/** Who changed a booking by default: a customer, a signed-in person (the owner), or Slotwise. */
export const changedByOf = (actor: Actor): ChangedBy =>
  actor.kind === 'customer' ? 'customer' : actor.kind === 'user' ? 'owner' : 'business';

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

/**
 * A booking held for its payment (decision 39) is not yet a booking to integrations: it is told
 * as created only once Stripe confirms it, and a hold given up (expired, failed, cancelled) is
 * never told at all (decision record 026).
 */
export const isHeld = (status: AppointmentStatus | string) => status === 'pending_payment';

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
 * The webhook events of bookings, written by BookingWriter itself in the transaction of each
 * write (so no caller can forget them, as with the history): booking.created when a booking
 * becomes one integrations may see; and from a change, compared with the booking as it was,
 * booking.rescheduled (with the old times), booking.status_changed on every status change, and
 * booking.cancelled (by whom, late or not) or booking.no_show besides.
 */
@Injectable()
export class BookingWebhooks {
  constructor(
    private readonly events: WebhookEvents,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /** booking.created for a booking just written (nothing while it is held for its payment). */
  async created(em: EntityManager, booking: AppointmentEntity): Promise<void> {
    if (isHeld(booking.status)) return;
    await this.events.emit(em, booking.businessId, 'booking.created', bookingData(booking));
  }

  /**
   * booking.created as the body of a WITH query of the one-statement booking, with the customer
   * the statement writes (`customerFrom`); null for a held booking.
   */
  createdSql(
    booking: BookingFacts,
    customerFrom: string,
    written: string,
    p: SqlParams,
  ): string | null {
    if (isHeld(booking.status)) return null;
    return this.events.emitSql(
      booking.businessId,
      'booking.created',
      bookingData(booking),
      written,
      p,
      {
        from: customerFrom,
        extra: `jsonb_build_object('customerId', ${customerFrom}.id)`,
      },
    );
  }

  /** The events of a change to `before` (`after`: as it now stands), in `em`'s transaction. */
  async changed(
    em: EntityManager,
    before: BookingBefore,
    after: AppointmentEntity,
    by: ChangedBy,
  ): Promise<void> {
    const data = bookingData(after);
    const { businessId } = after;
    if (isHeld(before.status)) {
      // Integrations never saw the hold: it becomes a booking to them when it is confirmed (its
      // times as they now are), and one given up is not told of.
      if (!isHeld(after.status) && after.status !== 'cancelled') {
        await this.events.emit(em, businessId, 'booking.created', data);
      }
      return;
    }
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
