import { ErrorCode } from '@slotwise/contracts';
import type { FastifyRequest } from 'fastify';
import twilio from 'twilio';
import { DomainException } from '../../../core/exceptions/domain.exception.js';

export const INVALID_TWILIO_SIGNATURE = 'Invalid Twilio signature';

/** A request Twilio made to one of our webhooks (status callbacks, incoming messages). */
export interface TwilioCallback {
  /** The URL Twilio called, as it knows it: PUBLIC_URL + path and query. */
  url: string;
  signature: string | undefined;
  params: Record<string, string>;
}

/**
 * The callback as Twilio signed it: the form's string fields, and the URL it was given (PUBLIC_URL
 * + path and query; the request's own origin when PUBLIC_URL is unset).
 */
export function twilioCallbackOf(
  request: FastifyRequest,
  body: unknown,
  publicUrl: string | undefined,
): TwilioCallback {
  const params: Record<string, string> = {};
  if (body && typeof body === 'object') {
    for (const [key, value] of Object.entries(body)) {
      if (typeof value === 'string') params[key] = value;
    }
  }
  const origin = `${request.protocol}://${request.headers.host ?? 'localhost'}`;
  const base = (publicUrl ?? origin).replace(/\/+$/, '');
  const signature = request.headers['x-twilio-signature'];
  return {
    url: `${base}${request.url}`,
    signature: typeof signature === 'string' ? signature : undefined,
    params,
  };
}

/** 403 FORBIDDEN unless X-Twilio-Signature is Twilio's (the SDK's check, with our auth token). */
export function verifyTwilioSignature(authToken: string | undefined, callback: TwilioCallback) {
  if (
    !authToken ||
    !callback.signature ||
    !twilio.validateRequest(authToken, callback.signature, callback.url, callback.params)
  ) {
    throw new DomainException(ErrorCode.FORBIDDEN, INVALID_TWILIO_SIGNATURE);
  }
}
