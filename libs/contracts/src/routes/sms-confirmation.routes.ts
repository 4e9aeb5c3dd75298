import { route } from './route.js';

/** Customers' SMS replies to a confirmation request (decision record 020). */
export const smsConfirmationRoutes = {
  /** Twilio's incoming-message webhook; answers TwiML (text/xml), not JSON. */
  twilioInbound: route<string>()('POST', 'twilio/inbound'),
} as const;
