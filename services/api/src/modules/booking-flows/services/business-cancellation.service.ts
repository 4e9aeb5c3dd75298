import { Injectable } from '@nestjs/common';
import type { Actor } from '@slotwise/contracts';
import type { EntityManager } from 'typeorm';
import { BookingWriter } from '../../bookings/index.js';
import { StatusChangeNotifier } from './status-change-notifier.service.js';

/**
 * Bookings the business cancels on its own initiative (a staff member leaving), in the caller's
 * transaction: each is cancelled as an owner's Cancel would be, its reminder withdrawn and the
 * customer texted that the business cancelled.
 */
@Injectable()
export class BusinessCancellationService {
  constructor(
    private readonly ledger: BookingWriter,
    private readonly notifier: StatusChangeNotifier,
  ) {}

  async cancel(
    em: EntityManager,
    businessId: number,
    ids: readonly number[],
    actor: Actor,
  ): Promise<void> {
    for (const id of ids) {
      const appointment = await this.ledger.lock(em, id, businessId);
      if (!appointment || appointment.status === 'cancelled') continue;
      await this.ledger.change(em, appointment, { status: 'cancelled' }, actor, 'business');
      await this.notifier.statusChanged(em, appointment, appointment.status, 'cancelled');
    }
  }
}
