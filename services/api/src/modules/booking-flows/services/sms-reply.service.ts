import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager, In } from 'typeorm';
import {
  ErrorCode,
  type SmsReply,
  type SmsReplyAction,
  SmsReplyTexts,
  smsReplyIntent,
} from '@slotwise/contracts';
import { APP_CONFIG, type AppConfig } from '../../../core/config/app-config.js';
import { CLOCK, type Clock, toDate } from '../../../core/clock/clock.js';
import { DomainException } from '../../../core/exceptions/domain.exception.js';
import { AppointmentEntity, BookingWriter } from '../../bookings/index.js';
import { BusinessService } from '../../business/index.js';
import { CatalogService } from '../../catalog/index.js';
import {
  OutboxService,
  type TwilioCallback,
  toE164,
  verifyTwilioSignature,
} from '../../outbox/index.js';
import { SmsReplyEntity } from '../entities/sms-reply.entity.js';
import { AppointmentMessageKind } from './appointment-messages.js';
import { SelfServiceService } from './self-service.service.js';

/** TwiML: Twilio texts `reply` back to the sender, or nothing. */
export function twiml(reply?: string): string {
  const escaped = reply?.replace(
    /[<>&"']/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c]!,
  );
  return (
    '<?xml version="1.0" encoding="UTF-8"?>' +
    (escaped ? `<Response><Message>${escaped}</Message></Response>` : '<Response/>')
  );
}

/** What a customer's reply may still act on: an appointment that has not started or ended. */
const AWAITING = ['pending', 'confirmed'];

/**
 * Customers' SMS replies to the request to confirm (decision record 020), from Twilio's incoming
 * webhook. Every business texts from the one Twilio number, so a reply names no business: it
 * answers the most recent request sent to that number whose appointment is still to come (a
 * customer of two shops answers the later text they got). Y confirms, N cancels through the
 * cancel link's own path, anything else is kept for the owner.
 */
@Injectable()
export class SmsReplyService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly outbox: OutboxService,
    private readonly writer: BookingWriter,
    private readonly businesses: BusinessService,
    private readonly catalog: CatalogService,
    private readonly selfService: SelfServiceService,
  ) {}

  /** Answers the TwiML to send back. 403 for a request Twilio did not sign. */
  async handle(callback: TwilioCallback): Promise<string> {
    verifyTwilioSignature(this.config.TWILIO_AUTH_TOKEN, callback);
    const sid = callback.params.MessageSid ?? callback.params.SmsSid;
    const from = toE164(callback.params.From ?? '') ?? callback.params.From;
    const body = (callback.params.Body ?? '').trim().slice(0, 1600);
    if (!sid || !from) return twiml();
    const answered = await this.awaitingAnswer(from);
    // A number we never asked (or whose bookings are over): nothing to do, nothing said.
    if (!answered) return twiml();
    const appointmentId = answered.id;
    const intent = smsReplyIntent(body);
    const answer = await this.dataSource.transaction(async (em) => {
      // A webhook Twilio retries carries the same SID: the first one acted.
      const kept = await em
        .createQueryBuilder()
        .insert()
        .into(SmsReplyEntity)
        .values({
          businessId: answered.businessId,
          appointmentId,
          fromNumber: from,
          body,
          action: 'kept',
          receivedAt: toDate(this.clock.now()),
          providerMessageId: sid,
        })
        .orIgnore()
        .returning(['id'])
        .execute();
      const replyId = (kept.raw as { id: number }[])[0]?.id;
      if (replyId === undefined || intent === null) return { xml: twiml(), cancelled: false };
      const action = await this.act(em, appointmentId, intent);
      if (action.done !== 'kept') {
        await em.update(SmsReplyEntity, { id: replyId }, { action: action.done });
      }
      return { xml: twiml(action.text), cancelled: action.done === 'cancelled' };
    });
    // Stripe is never called inside the transaction: the deposit's refund or the late fee after.
    if (answer.cancelled) await this.selfService.settleCancelledByReply(appointmentId);
    return answer.xml;
  }

  /** The appointment a reply from `from` answers, or null. */
  private async awaitingAnswer(from: string): Promise<AppointmentEntity | null> {
    const ids = await this.outbox.sentTo(from, AppointmentMessageKind.confirmationRequest);
    if (ids.length === 0) return null;
    const now = toDate(this.clock.now());
    const found = await this.dataSource.manager.findBy(AppointmentEntity, { id: In(ids) });
    const open = new Map(
      found.filter((a) => AWAITING.includes(a.status) && a.startsAt > now).map((a) => [a.id, a]),
    );
    const id = ids.find((i) => open.has(i));
    return id === undefined ? null : open.get(id)!;
  }

  private async act(
    em: EntityManager,
    appointmentId: number,
    intent: 'confirm' | 'cancel',
  ): Promise<{ done: SmsReplyAction; text?: string }> {
    const appointment = await this.writer.find(appointmentId, em);
    if (!appointment) return { done: 'kept' };
    const business = await this.businesses.byIdOrThrow(appointment.businessId, { em });
    if (intent === 'confirm') {
      const service = await this.catalog.findById(appointment.serviceId, em);
      await this.writer.confirmByCustomer(em, appointmentId, toDate(this.clock.now()));
      return { done: 'confirmed', text: SmsReplyTexts.confirmed(service.name, business.name) };
    }
    try {
      await this.selfService.cancelByReply(em, appointmentId);
    } catch (error) {
      if (!(error instanceof DomainException)) throw error;
      // Past the business's cut-off (or cancelled meanwhile): kept for the owner, the customer told.
      return {
        done: 'kept',
        text:
          error.code === ErrorCode.ALREADY_CANCELLED
            ? SmsReplyTexts.alreadyCancelled
            : SmsReplyTexts.tooLate(business.name),
      };
    }
    // The cancellation's own SMS (the cancel link's) tells the customer: no second text.
    return { done: 'cancelled' };
  }

  /** Each appointment's replies, oldest first. */
  async repliesOf(appointmentIds: readonly number[]): Promise<Map<number, SmsReply[]>> {
    const byAppointment = new Map<number, SmsReply[]>();
    if (appointmentIds.length === 0) return byAppointment;
    const rows = await this.dataSource.manager.find(SmsReplyEntity, {
      where: { appointmentId: In([...new Set(appointmentIds)]) },
      order: { receivedAt: 'ASC', id: 'ASC' },
    });
    for (const r of rows) {
      const list = byAppointment.get(r.appointmentId) ?? [];
      list.push({ body: r.body, action: r.action, receivedAt: r.receivedAt.toISOString() });
      byAppointment.set(r.appointmentId, list);
    }
    return byAppointment;
  }
}
