import { Inject, Injectable, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { CLOCK, type Clock, toDate } from '../../../core/clock/clock.js';
import { BookingPaymentsService } from '../services/booking-payments.service.js';
import { PaymentsStripe } from '../services/payments-stripe.service.js';
import { PaymentHoldsQueue } from './payment-holds.queue.js';

const SWEEP_MS = 60_000;

/**
 * Runs the holds' jobs in this process (only where Stripe is configured: elsewhere no hold is
 * ever made), and sweeps once a minute for a hold whose job Redis lost.
 */
@Injectable()
export class PaymentHoldsRunner implements OnModuleInit, OnModuleDestroy {
  private timer: NodeJS.Timeout | null = null;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly queue: PaymentHoldsQueue,
    private readonly payments: BookingPaymentsService,
    private readonly stripe: PaymentsStripe,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  onModuleInit(): void {
    if (!this.stripe.configured) return;
    this.queue.start((job) => this.payments.expireHold(job.data.paymentId));
    this.timer = setInterval(() => void this.sweep().catch(() => undefined), SWEEP_MS);
    this.timer.unref();
  }

  /** Frees every hold past its end (what the jobs do, for any whose job is gone). */
  async sweep(): Promise<void> {
    const rows: { id: number }[] = await this.dataSource.query(
      `SELECT id FROM booking_payments WHERE held_until < $1 AND state = 'pending' LIMIT 100`,
      [toDate(this.clock.now())],
    );
    for (const row of rows) await this.payments.expireHold(row.id);
  }

  onModuleDestroy(): void {
    if (this.timer) clearInterval(this.timer);
  }
}
