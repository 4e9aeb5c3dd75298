import { Inject, Logger, Module, type OnApplicationBootstrap } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../core/config/app-config.js';
import { DeliverMessageJob } from './jobs/deliver-message.job.js';
import { OutboxQueue } from './jobs/outbox-queue.js';
import { SmtpEmailSender } from './senders/smtp-email.sender.js';
import { TwilioSmsSender } from './senders/twilio-sms.sender.js';
import { OutboxDeliveryService } from './services/outbox-delivery.service.js';
import { OutboxRelayService } from './services/outbox-relay.service.js';
import { SmsCapService } from './services/sms-cap.service.js';

/** The worker's side of the outbox: relay, queue, delivery job and the providers. */
@Module({
  providers: [
    OutboxQueue,
    TwilioSmsSender,
    SmtpEmailSender,
    SmsCapService,
    OutboxDeliveryService,
    OutboxRelayService,
    DeliverMessageJob,
  ],
  exports: [OutboxQueue, OutboxDeliveryService, OutboxRelayService],
})
export class OutboxWorkerModule implements OnApplicationBootstrap {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly sms: TwilioSmsSender,
    private readonly email: SmtpEmailSender,
    private readonly queue: OutboxQueue,
  ) {}

  onApplicationBootstrap(): void {
    const logger = new Logger('OutboxWorker');
    logger.log(
      this.sms.configured
        ? `SMS: Twilio from ${this.config.TWILIO_FROM_NUMBER}${this.config.TWILIO_API_URL ? ` via ${this.config.TWILIO_API_URL}` : ''}`
        : 'SMS: not configured (TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN, TWILIO_FROM_NUMBER): SMS are kept in the outbox as not_configured',
    );
    logger.log(
      this.email.configured
        ? `Email: SMTP at ${new URL(this.config.SMTP_URL!).host}, from ${this.config.MAIL_FROM}`
        : 'Email: not configured (SMTP_URL): emails are kept in the outbox as not_configured',
    );
    logger.log(
      `Queue: ${redact(this.queue.redisUrl)} (prefix ${this.config.QUEUE_PREFIX}); status callbacks ${
        this.config.PUBLIC_URL ? `at ${this.config.PUBLIC_URL}` : 'off (PUBLIC_URL unset)'
      }`,
    );
  }
}

function redact(url: string): string {
  const u = new URL(url);
  if (u.password) u.password = '***';
  return u.toString();
}
