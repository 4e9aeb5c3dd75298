import { Inject, Injectable } from '@nestjs/common';
import { type EntityManager, IsNull } from 'typeorm';
import { CLOCK, type Clock, toDate } from '../../../core/clock/clock.js';
import { APP_CONFIG, type AppConfig } from '../../../core/config/app-config.js';
import { newHashedToken } from '../../../core/crypto/secure-token.js';
import type { SqlParams } from '../../../core/database/sql-params.js';
import { publicLink } from '../../../core/http/public-url.js';
import type { AppointmentEntity, BookingFollowUp } from '../../bookings/index.js';
import { AppointmentTokenEntity } from '../entities/appointment-token.entity.js';
import type { CustomerLinks } from './appointment-links.js';

/**
 * The links customers' messages carry, under the configured public URL: their cancel and
 * reschedule links (the `appointment_tokens` table) and the business's booking page.
 */
@Injectable()
export class CustomerLinksService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /**
   * Fresh cancel and reschedule tokens for an appointment, written through `em` (the transaction of
   * the booking or the move). Both expire at the appointment's start.
   */
  async issue(
    em: EntityManager,
    appointment: Pick<AppointmentEntity, 'id' | 'startsAt'>,
  ): Promise<CustomerLinks> {
    const { links, tokens } = this.fresh(appointment);
    await em.insert(AppointmentTokenEntity, tokens);
    return links;
  }

  /**
   * `issue` for an appointment written in one statement with its links: the links, and the part
   * of that statement that writes their tokens once the appointment is written.
   */
  issueWithBooking(appointment: Pick<AppointmentEntity, 'id' | 'startsAt'>): {
    links: CustomerLinks;
    tokens: BookingFollowUp;
  } {
    const { links, tokens } = this.fresh(appointment);
    const rows = tokens.map((t) => ({ purpose: t.purpose, token_hash: t.tokenHash }));
    const sql = (written: string, p: SqlParams) =>
      `INSERT INTO appointment_tokens (appointment_id, purpose, token_hash, expires_at)
       SELECT ${p.add(appointment.id, 'int')}, t.purpose, t.token_hash,
              ${p.add(appointment.startsAt, 'timestamptz')}
         FROM ROWS FROM (jsonb_to_recordset(${p.add(JSON.stringify(rows), 'jsonb')})
                AS (purpose text, token_hash text)) WITH ORDINALITY AS t
        WHERE ${written}
        ORDER BY t.ordinality`;
    return { links, tokens: { name: 'tokens', sql } };
  }

  /** New cancel and reschedule tokens, both expiring at the appointment's start. */
  private fresh(appointment: Pick<AppointmentEntity, 'id' | 'startsAt'>) {
    const cancel = newHashedToken();
    const reschedule = newHashedToken();
    const appointmentId = appointment.id;
    const expiresAt = appointment.startsAt;
    const tokens: Pick<
      AppointmentTokenEntity,
      'appointmentId' | 'purpose' | 'tokenHash' | 'expiresAt'
    >[] = [
      { appointmentId, purpose: 'cancel', tokenHash: cancel.tokenHash, expiresAt },
      { appointmentId, purpose: 'reschedule', tokenHash: reschedule.tokenHash, expiresAt },
    ];
    const links: CustomerLinks = {
      cancelUrl: this.link(`/cancel?token=${cancel.token}`),
      rescheduleUrl: this.link(`/reschedule?token=${reschedule.token}`),
    };
    return { links, tokens };
  }

  /** Every link of the appointment not used yet is spent, through `em`. */
  async spendAll(em: EntityManager, appointmentId: number): Promise<void> {
    await em.update(
      AppointmentTokenEntity,
      { appointmentId, usedAt: IsNull() },
      { usedAt: toDate(this.clock.now()) },
    );
  }

  /**
   * The appointment's links not used yet follow it to its new start (they expire then), through
   * `em`: a move the customer is not told of leaves the links they hold working.
   */
  async extendTo(em: EntityManager, appointmentId: number, startsAt: Date): Promise<void> {
    await em.update(
      AppointmentTokenEntity,
      { appointmentId, usedAt: IsNull() },
      { expiresAt: startsAt },
    );
  }

  /** The business's public booking page (`/book/{slug}`), for "book again" in messages. */
  bookingPage(slug: string): string {
    return this.link(`/book/${encodeURIComponent(slug)}`);
  }

  private link(path: string): string {
    return publicLink(this.config.PUBLIC_URL, path);
  }
}
