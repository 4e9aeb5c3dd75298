import { z } from 'zod';
import { ErrorCode } from '../error-codes.js';
import { defineRoutes } from './route-spec.js';
import { smsConfirmationRoutes } from './sms-confirmation.routes.js';

/** The fields of Twilio's incoming-message webhook that Slotwise reads (Twilio sends more). */
const TwilioInboundSchema = z
  .object({
    MessageSid: z.string(),
    From: z.string(),
    Body: z.string(),
  })
  .loose();

export const smsConfirmationSpecs = defineRoutes(smsConfirmationRoutes, {
  tag: {
    name: 'SMS confirmation',
    description: "Customers' replies to the SMS asking them to confirm their appointment.",
  },
  routes: {
    twilioInbound: {
      summary: 'Incoming SMS from Twilio',
      description:
        "Y or yes confirms the booking awaiting the sender's answer (the most recent request " +
        'sent to that number), N or no cancels it as the cancel link would, anything else is ' +
        'kept for the owner. Answers TwiML: a short reply to the customer, or none. An unknown ' +
        'sender gets an empty answer.',
      status: 200,
      access: 'signature',
      errors: [ErrorCode.FORBIDDEN],
      response: null,
      request: {
        body: TwilioInboundSchema,
        bodyType: 'application/x-www-form-urlencoded',
        headers: { 'x-twilio-signature': "Twilio's signature of the URL and the form" },
        example: {
          MessageSid: 'SM0123456789abcdef0123456789abcdef',
          From: '+61412345678',
          To: '+61400000000',
          Body: 'Y',
        },
      },
    },
  },
});
