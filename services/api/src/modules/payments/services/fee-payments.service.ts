import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { ErrorCode, type FeePayment, LinkTokenSchema, PaymentMessages } from '@slotwise/contracts';
import { DomainException } from '../../../core/exceptions/domain.exception.js';
import { BookingPaymentsService } from './booking-payments.service.js';
import { PaymentsStripe } from './payments-stripe.service.js';

const invalid = () => new DomainException(ErrorCode.LINK_INVALID, PaymentMessages.feeLinkInvalid);

/** The pay link of a fee the saved card could not pay alone (authentication required). */
@Injectable()
export class FeePaymentsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly bookings: BookingPaymentsService,
    private readonly stripe: PaymentsStripe,
  ) {}

  async byToken(token: string | undefined): Promise<FeePayment> {
    const parsed = LinkTokenSchema.safeParse(token);
    if (!parsed.success) throw invalid();
    const fee = await this.bookings.feeByToken(parsed.data);
    if (!fee || (fee.kind !== 'no_show_fee' && fee.kind !== 'late_cancellation_fee'))
      throw invalid();
    const rows: { name: string; time_zone: string; service: string; starts_at: Date }[] =
      await this.dataSource.query(
        `SELECT b.name, b.time_zone, s.name AS service, a.starts_at
           FROM appointments a JOIN businesses b ON b.id = a.business_id
           JOIN services s ON s.id = a.service_id WHERE a.id = $1`,
        [fee.appointmentId],
      );
    const about = rows[0]!;
    let clientSecret: string | null = null;
    if (fee.state === 'fee_failed' && fee.stripeId) {
      const intent = await this.stripe.call('paymentIntents.retrieve', (s) =>
        s.paymentIntents.retrieve(fee.stripeId!),
      );
      clientSecret = intent.status === 'succeeded' ? null : intent.client_secret;
    }
    return {
      kind: fee.kind,
      amount: fee.amountCents,
      currency: 'aud',
      state: fee.state,
      clientSecret,
      publishableKey: this.stripe.publishableKey,
      business: { name: about.name, timeZone: about.time_zone },
      service: about.service,
      date: new Date(about.starts_at).toISOString(),
    };
  }
}
