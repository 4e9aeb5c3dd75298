import { z } from 'zod';

/**
 * Two-way SMS confirmation (decision record 020): some hours before an appointment its customer
 * is texted a request ending 'Reply Y to confirm or N to cancel'; Twilio posts the reply to
 * POST /api/twilio/inbound.
 */

/** The choices a business has for when the request goes (hours before the start); null: never. */
export const CONFIRMATION_REQUEST_HOURS = [12, 24, 48, 72] as const;
export const DEFAULT_CONFIRMATION_REQUEST_HOURS = 48;

/** What the request asks, the last words of every request. */
export const CONFIRMATION_REQUEST_ASK = 'Reply Y to confirm or N to cancel';

/** What a customer's reply did: confirmed, cancelled, or nothing (kept for the owner to read). */
export const SMS_REPLY_ACTIONS = ['confirmed', 'cancelled', 'kept'] as const;
export type SmsReplyAction = (typeof SMS_REPLY_ACTIONS)[number];

/** A customer's SMS reply about an appointment, as the owner's dialog shows it. */
export const SmsReplySchema = z.object({
  body: z.string(),
  action: z.enum(SMS_REPLY_ACTIONS),
  /** ISO-8601 UTC. */
  receivedAt: z.string(),
});
export type SmsReply = z.infer<typeof SmsReplySchema>;

/** Y, yes (any case, with or without punctuation) confirm; N, no cancel; anything else is kept. */
export function smsReplyIntent(body: string): 'confirm' | 'cancel' | null {
  const word = body
    .trim()
    .toLowerCase()
    .replace(/[^a-z]/g, '');
  if (word === 'y' || word === 'yes') return 'confirm';
  if (word === 'n' || word === 'no') return 'cancel';
  return null;
}

/** The texts the customer gets back from a reply. */
export const SmsReplyTexts = {
  confirmed: (service: string, business: string) =>
    `Thanks, your ${service} at ${business} is confirmed.`,
  cancelled: (service: string, business: string) => `Your ${service} at ${business} is cancelled.`,
  tooLate: (business: string) => `It is too late to cancel by text. Please call ${business}.`,
  alreadyCancelled: 'This appointment was already cancelled.',
} as const;
