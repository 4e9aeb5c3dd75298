import type { Logger } from '@nestjs/common';
import StripeSdk, { type Stripe } from 'stripe';
import { ErrorCode, SubscriptionMessages } from '@slotwise/contracts';
import { DomainException } from '../exceptions/domain.exception.js';

/** The SDK's host/port/protocol options from STRIPE_API_URL (the tests' fake Stripe server). */
export function stripeHostOptions(apiUrl: string | undefined): Stripe.StripeConfig {
  if (!apiUrl) return {};
  const url = new URL(apiUrl);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return {
    host: url.hostname,
    port: url.port ? Number(url.port) : protocol === 'http' ? 80 : 443,
    protocol,
  };
}

/**
 * The SDK client for `secretKey`, at STRIPE_API_URL when set. One retry rides out a dropped
 * connection (every write carries an idempotency key).
 */
export function newStripeClient(secretKey: string, apiUrl: string | undefined): Stripe {
  return new StripeSdk(secretKey, {
    ...stripeHostOptions(apiUrl),
    maxNetworkRetries: 1,
    timeout: 20_000,
    telemetry: false,
  });
}

/** A Stripe webhook's event, verified on the exact body bytes; anything else is a 400. */
export function verifiedStripeEvent(
  stripe: Stripe,
  rawBody: Buffer | undefined,
  signature: string | undefined,
  secret: string,
): Stripe.Event {
  try {
    if (!rawBody || !signature) throw new Error('missing body or signature');
    return stripe.webhooks.constructEvent(rawBody, signature, secret);
  } catch {
    throw new DomainException(ErrorCode.VALIDATION_FAILED, SubscriptionMessages.webhookSignature);
  }
}

/** Runs a Stripe request; Stripe's refusals and outages become a 502 in our error shape. */
export async function callStripe<T>(
  logger: Logger,
  what: string,
  request: () => Promise<T>,
): Promise<T> {
  try {
    return await request();
  } catch (error) {
    if (error instanceof StripeSdk.errors.StripeError) {
      logger.warn(`${what} failed: ${error.type} ${error.code ?? ''} ${error.message}`);
      throw new DomainException(
        ErrorCode.PAYMENT_PROVIDER_ERROR,
        SubscriptionMessages.providerFailed,
      );
    }
    throw error;
  }
}
