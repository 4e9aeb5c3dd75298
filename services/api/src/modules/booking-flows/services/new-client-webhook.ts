import type { SqlParams } from '../../../core/database/sql-params.js';
import { type BookingFollowUp, type BookingStatement, BookingStep } from '../../bookings/index.js';
import type { WebhookEvents } from '../../webhooks/index.js';

/**
 * The public booking's client.created (a follow-up of its one statement), written only when the
 * statement wrote a new client (`inserted`, see CustomerService#findOrCreateSql). The booking's
 * own events are BookingWriter's.
 */
export function newClientWebhook(
  events: WebhookEvents,
  { booking }: Pick<BookingStatement, 'booking'>,
): BookingFollowUp {
  return {
    name: 'client_webhooks',
    sql: (written: string, p: SqlParams) =>
      events.emitSql(
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
  };
}
