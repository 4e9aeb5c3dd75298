import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import nodemailer, { type Transporter } from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport/index.js';
import { APP_CONFIG, type AppConfig } from '../../../core/config/app-config.js';
import type { OutboxAttachment } from '../entities/outbox-message.entity.js';
import { networkFailureKind, SendError } from './send-error.js';

export interface EmailToSend {
  to: string;
  subject: string;
  text: string;
  attachments?: readonly OutboxAttachment[];
  /** Stable per outbox row (see messageIdFor), so a resend after a crash is the same message. */
  messageId: string;
}

/** Domain of the sender address, for Message-IDs. */
function senderDomain(mailFrom: string): string {
  const match = /@([^>\s]+)>?\s*$/.exec(mailFrom);
  return match?.[1] ?? 'slotwise.com.au';
}

/**
 * Every email of an outbox row carries the same Message-ID (the row's id and its creation time,
 * which keeps ids of different databases apart). SMTP has no way to ask "did you already take
 * this?", so a send whose outcome was lost is sent again; the recipient's mail system then sees
 * the same Message-ID twice, and most (Gmail, Outlook, threading clients) show it once. This is
 * the honest limit of exactly-once over SMTP: at-least-once delivery, deduplicated by Message-ID.
 */
export function messageIdFor(outboxId: number, createdAt: Date, mailFrom: string): string {
  return `<outbox-${outboxId}.${createdAt.getTime()}@${senderDomain(mailFrom)}>`;
}

/** Sends email over SMTP with nodemailer; `configured` is false without SMTP_URL. */
@Injectable()
export class SmtpEmailSender implements OnModuleDestroy {
  private readonly transport: Transporter<SMTPTransport.SentMessageInfo> | null;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {
    const timeout = Math.min(30_000, config.OUTBOX_LEASE_MS / 2);
    this.transport = config.SMTP_URL
      ? nodemailer.createTransport({
          url: config.SMTP_URL,
          connectionTimeout: timeout,
          greetingTimeout: timeout,
          socketTimeout: timeout,
        } as SMTPTransport.Options)
      : null;
  }

  get configured(): boolean {
    return this.transport !== null;
  }

  /** The Message-ID the server accepted. Throws SendError. */
  async send(email: EmailToSend): Promise<string> {
    if (!this.transport) throw new SendError('permanent', 'SMTP is not configured');
    try {
      const info = await this.transport.sendMail({
        from: this.config.MAIL_FROM,
        to: email.to,
        subject: email.subject,
        text: email.text,
        attachments: email.attachments?.map((a) => ({
          filename: a.filename,
          contentType: a.contentType,
          content: a.content,
        })),
        messageId: email.messageId,
      });
      return info.messageId || email.messageId;
    } catch (error) {
      throw toSendError(error);
    }
  }

  onModuleDestroy(): void {
    this.transport?.close();
  }
}

function toSendError(error: unknown): SendError {
  const responseCode = (error as { responseCode?: unknown })?.responseCode;
  const message = error instanceof Error ? error.message : String(error);
  if (typeof responseCode === 'number') {
    // 5xx: the server refused the message or recipient for good; 4xx: try again later.
    return new SendError(responseCode >= 500 ? 'permanent' : 'transient', `SMTP ${message}`);
  }
  // Without an SMTP reply the mail was not accepted unless the connection died after DATA; a
  // resend carries the same Message-ID, so retrying is the safe choice here.
  const kind = networkFailureKind(error);
  return new SendError(kind === 'unknown' ? 'transient' : kind, `SMTP unreachable: ${message}`);
}
