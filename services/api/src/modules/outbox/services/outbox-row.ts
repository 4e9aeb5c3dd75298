import type { OutboxChannel, OutboxStatus } from '@slotwise/contracts';
import type { OutboxAttachment } from '../entities/outbox-message.entity.js';

/** An outbox row as raw SQL returns it (snake_case columns): the worker's and the tests' view. */
export interface OutboxRow {
  id: number;
  channel: OutboxChannel;
  recipient: string;
  subject: string | null;
  body: string;
  attachments: OutboxAttachment[] | null;
  kind: string;
  status: OutboxStatus;
  attempts: number;
  last_error: string | null;
  business_id: number | null;
  appointment_id: number | null;
  not_before: Date;
  claimed_at: Date | null;
  provider_message_id: string | null;
  sent_at: Date | null;
  delivered_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

/** `interval` parameter from milliseconds. */
export const msInterval = (ms: number): string => `${ms} milliseconds`;
