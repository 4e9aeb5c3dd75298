import type { OutboxChannel, OutboxStatus } from '@slotwise/contracts';

/** An outbox row as the worker's raw SQL returns it (snake_case columns). */
export interface OutboxRow {
  id: number;
  channel: OutboxChannel;
  recipient: string;
  subject: string | null;
  body: string;
  kind: string;
  status: OutboxStatus;
  attempts: number;
  last_error: string | null;
  business_id: number | null;
  claimed_at: Date | null;
  provider_message_id: string | null;
  created_at: Date;
}

/** `interval` parameter from milliseconds. */
export const msInterval = (ms: number): string => `${ms} milliseconds`;
