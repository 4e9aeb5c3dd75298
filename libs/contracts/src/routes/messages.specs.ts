import {
  DevOutboxMessageSchema,
  DevOutboxQuerySchema,
  ManualMessageResponseSchema,
  MessageStatusSchema,
  MessagingStatusSchema,
  TestEmailRequestSchema,
  TestSmsRequestSchema,
} from '../messages.js';
import { z } from 'zod';
import { ErrorCode } from '../error-codes.js';
import { defineRoutes, ownerRoute } from './route-spec.js';
import { messagesRoutes } from './messages.routes.js';

/** The fields of Twilio's status callback that Slotwise reads (Twilio sends more). */
const TwilioStatusCallbackSchema = z
  .object({
    MessageSid: z.string(),
    MessageStatus: z.string(),
    ErrorCode: z.string().optional(),
  })
  .loose();

export const messagesSpecs = defineRoutes(messagesRoutes, {
  tag: {
    name: 'Messages',
    description: 'SMS and emails: manual sends, delivery state, the development mailbox.',
  },
  routes: {
    testEmail: ownerRoute(
      [ErrorCode.NOT_FOUND, ErrorCode.ALREADY_CANCELLED],
      'Send an email reminder of an appointment, or a test email',
      ManualMessageResponseSchema,
      {
        description: 'Answers the message state at once; follow it with `GET messages/{id}`.',
        status: 200,
        rateLimited: true,
        request: {
          body: TestEmailRequestSchema,
          example: { email: 'sam@example.com', type: 'reminder', appointmentId: 345 },
        },
      },
    ),
    testSms: ownerRoute(
      [ErrorCode.NOT_FOUND, ErrorCode.ALREADY_CANCELLED],
      'Send an SMS reminder of an appointment, or a test SMS',
      ManualMessageResponseSchema,
      {
        description: 'Answers the message state at once; follow it with `GET messages/{id}`.',
        status: 200,
        rateLimited: true,
        request: {
          body: TestSmsRequestSchema,
          example: { phoneNumber: '0412 345 678', type: 'test' },
        },
      },
    ),
    status: ownerRoute(
      [ErrorCode.NOT_FOUND],
      "One of the business's messages, as it is now",
      MessageStatusSchema,
    ),
    messagingStatus: {
      summary: 'Whether this server has an SMS and an email provider',
      access: 'owner',
      response: MessagingStatusSchema,
    },
    devOutbox: {
      summary: 'The development mailbox: what would have been sent, newest first',
      description:
        'Only where DEV_OUTBOX=true, and only to connections from the machine itself: 404 otherwise.',
      errors: [ErrorCode.NOT_FOUND],
      response: DevOutboxMessageSchema.array(),
      request: { query: DevOutboxQuerySchema },
    },
    twilioStatus: {
      summary: "Twilio's delivery reports",
      description: 'Moves an SMS to delivered or failed, never backwards.',
      status: 200,
      access: 'signature',
      errors: [ErrorCode.FORBIDDEN],
      response: null,
      request: {
        body: TwilioStatusCallbackSchema,
        bodyType: 'application/x-www-form-urlencoded',
        headers: { 'x-twilio-signature': "Twilio's signature of the URL and the form" },
        example: { MessageSid: 'SM0123456789abcdef0123456789abcdef', MessageStatus: 'delivered' },
      },
    },
  },
});
