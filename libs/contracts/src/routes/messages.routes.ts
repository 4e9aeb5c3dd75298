// Zod-free: the front ends import this table without the schema library (see route-spec.ts).
import type {
  DevOutboxMessage,
  ManualMessageResponse,
  MessageStatus,
  MessagingStatus,
  TestEmailRequest,
  TestSmsRequest,
} from '../messages.js';
import { route } from './api-route.js';

export const messagesRoutes = {
  testEmail: route<ManualMessageResponse, TestEmailRequest>()('POST', 'test-email'),
  testSms: route<ManualMessageResponse, TestSmsRequest>()('POST', 'test-sms'),
  /** One of the owner's business's messages, as it is now (screens follow a send with it). */
  status: route<MessageStatus>()('GET', 'messages/:id'),
  /** Whether the server has an SMS and an email provider (the dashboard's banner). */
  messagingStatus: route<MessagingStatus>()('GET', 'messaging-status'),
  /** The development mailbox (only where it is switched on). */
  devOutbox: route<DevOutboxMessage[], undefined, { to?: string }>()('GET', 'dev/outbox'),
  /** Twilio's delivery reports (form-encoded, signed by Twilio). */
  twilioStatus: route<void>()('POST', 'webhooks/twilio/status'),
} as const;
