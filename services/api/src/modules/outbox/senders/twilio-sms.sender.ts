import { Inject, Injectable } from '@nestjs/common';
import twilio from 'twilio';
import { APP_CONFIG, type AppConfig } from '../../../core/config/app-config.js';
import { networkFailureKind, SendError } from './send-error.js';

export interface SmsToSend {
  outboxId: number;
  /** E.164 */
  to: string;
  body: string;
}

/** Sends SMS through the official Twilio SDK; `configured` is false without the three settings. */
@Injectable()
export class TwilioSmsSender {
  private readonly client: twilio.Twilio | null;
  private readonly from: string | null;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {
    const { TWILIO_ACCOUNT_SID: sid, TWILIO_AUTH_TOKEN: token, TWILIO_FROM_NUMBER: from } = config;
    if (!sid || !token || !from) {
      this.client = null;
      this.from = null;
      return;
    }
    // A timeout well inside the lease, so a slow call ends before its message counts as stale.
    this.client = twilio(sid, token, { timeout: Math.min(30_000, config.OUTBOX_LEASE_MS / 2) });
    // The SDK's domains take their base URL from `baseUrl`: tests point it at a fake server.
    if (config.TWILIO_API_URL) this.client.api.baseUrl = config.TWILIO_API_URL;
    this.from = from;
  }

  get configured(): boolean {
    return this.client !== null;
  }

  /** Twilio's message SID. Throws SendError. */
  async send(sms: SmsToSend): Promise<string> {
    const client = this.requireClient();
    try {
      const message = await client.messages.create({
        to: sms.to,
        from: this.from!,
        body: sms.body,
        ...(this.config.PUBLIC_URL ? { statusCallback: this.statusCallbackUrl(sms.outboxId) } : {}),
      });
      return message.sid;
    } catch (error) {
      throw toSendError(error);
    }
  }

  /**
   * SIDs of messages with this body sent to `to` since `since`, oldest first: how a send whose
   * outcome was lost (the worker died, or the answer timed out) is recognised as done.
   */
  async findSent(to: string, body: string, since: Date): Promise<string[]> {
    const client = this.requireClient();
    try {
      const found = await client.messages.list({ to, dateSentAfter: since, limit: 100 });
      return found
        .filter((m) => m.body === body)
        .reverse()
        .map((m) => m.sid);
    } catch (error) {
      throw toSendError(error);
    }
  }

  statusCallbackUrl(outboxId: number): string {
    const base = (this.config.PUBLIC_URL ?? '').replace(/\/+$/, '');
    return `${base}/api/webhooks/twilio/status?outboxId=${outboxId}`;
  }

  private requireClient(): twilio.Twilio {
    if (!this.client) throw new SendError('permanent', 'Twilio is not configured');
    return this.client;
  }
}

function toSendError(error: unknown): SendError {
  if (error instanceof twilio.RestException) {
    const reason = `Twilio ${error.status}${error.code ? ` (error ${error.code})` : ''}: ${error.message}`;
    // 4xx means Twilio refused this message (invalid number, unverified sender...): retrying cannot
    // help. 429 (too many requests) and 5xx may pass later.
    const permanent = error.status >= 400 && error.status < 500 && error.status !== 429;
    return new SendError(permanent ? 'permanent' : 'transient', reason);
  }
  const message = error instanceof Error ? error.message : String(error);
  return new SendError(networkFailureKind(error), `Twilio unreachable: ${message}`);
}
