import type {
  DevOutboxMessage,
  ManualMessageResponse,
  MessageStatus,
  MessagingStatus,
  TestEmailRequest,
  TestSmsRequest,
} from '../messages.js';
import { route } from './route.js';

export const messagesRoutes = {
  testEmail: route<ManualMessageResponse, TestEmailRequest>()('POST', 'test-email'),
  testSms: route<ManualMessageResponse, TestSmsRequest>()('POST', 'test-sms'),
  status: route<MessageStatus>()('GET', 'messages/:id'),
  messagingStatus: route<MessagingStatus>()('GET', 'messaging-status'),
  devOutbox: route<DevOutboxMessage[], undefined, { to?: string }>()('GET', 'dev/outbox'),
  twilioStatus: route<void>()('POST', 'webhooks/twilio/status'),
} as const;
