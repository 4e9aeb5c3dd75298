import { z } from 'zod';
import { ErrorCode } from '../error-codes.js';
import { LinkTokenSchema } from '../self-service.js';
import {
  FeePaymentSchema,
  PaymentPolicySettingsSchema,
  PaymentRecordListSchema,
  PaymentRecordsQuerySchema,
  PaymentsConnectResponseSchema,
  PaymentsStatusSchema,
  StripeConnectWebhookResponseSchema,
  UpdatePaymentPolicyRequestSchema,
} from '../payments.js';
import { defineRoutes, ownerRoute } from './route-spec.js';
import { paymentsRoutes } from './payments.routes.js';

/** A Stripe event as Stripe sends it (each is verified, stored by id and applied once). */
const StripeEventSchema = z.object({ id: z.string(), type: z.string() }).loose();

export const paymentsSpecs = defineRoutes(paymentsRoutes, {
  tag: {
    name: 'Payments',
    description:
      "No-show protection: the shop's Stripe Connect account, its deposit or card-on-file policy, and the charges and refunds it made.",
  },
  routes: {
    status: ownerRoute(
      [ErrorCode.BUSINESS_NOT_FOUND],
      "The business's Stripe account: not configured on this server, not connected, onboarding or enabled",
      PaymentsStatusSchema,
    ),
    connect: ownerRoute(
      [
        ErrorCode.BUSINESS_NOT_FOUND,
        ErrorCode.PAYMENTS_NOT_CONFIGURED,
        ErrorCode.PAYMENT_PROVIDER_ERROR,
      ],
      "Stripe's onboarding link for the business's Express account (created on first use)",
      PaymentsConnectResponseSchema,
      {
        status: 200,
        description:
          'Stripe sends the owner back to /dashboard/settings/payments?stripe=return (or ?stripe=refresh when the link expired). The state changes only with `account.updated`.',
      },
    ),
    policy: ownerRoute(
      [ErrorCode.BUSINESS_NOT_FOUND],
      "The business's payment policy, its services' overrides and what each service's customers read",
      PaymentPolicySettingsSchema,
    ),
    updatePolicy: ownerRoute(
      [ErrorCode.BUSINESS_NOT_FOUND, ErrorCode.SERVICE_NOT_FOUND, ErrorCode.PAYMENTS_NOT_ENABLED],
      'Replace the payment policy and the service overrides',
      PaymentPolicySettingsSchema,
      {
        description:
          "A policy other than `none` needs the Stripe account's charges enabled (409 PAYMENTS_NOT_ENABLED).",
        request: {
          body: UpdatePaymentPolicyRequestSchema,
          example: {
            policy: {
              kind: 'deposit',
              deposit: { type: 'flat', cents: 2000 },
              freeCancellationHours: 24,
              lateCancellationFee: null,
              noShowFee: null,
              newClientsOnly: false,
            },
            serviceOverrides: [],
          },
        },
      },
    ),
    charges: ownerRoute(
      [ErrorCode.BUSINESS_NOT_FOUND],
      "The business's charges and refunds with their Stripe state, newest first",
      PaymentRecordListSchema,
      {
        description: 'Filter by appointment, client, kind or state; page with limit and offset.',
        request: { query: PaymentRecordsQuerySchema },
      },
    ),
    feePayment: {
      summary: 'A fee the saved card could not pay without the client, by its pay link',
      description:
        "The client confirms it with Stripe's Payment Element; the fee is marked paid only by Stripe's webhook.",
      errors: [ErrorCode.LINK_INVALID, ErrorCode.PAYMENTS_NOT_CONFIGURED],
      response: FeePaymentSchema,
      request: { query: z.object({ token: LinkTokenSchema }) },
    },
    connectWebhook: {
      summary: "Stripe's events about connected accounts and the bookings' payments",
      description:
        'Verified with STRIPE_CONNECT_WEBHOOK_SECRET, stored by event id and applied once: `account.updated`, `payment_intent.*`, `setup_intent.*`, `charge.refunded`, `charge.dispute.created`.',
      status: 200,
      access: 'signature',
      errors: [ErrorCode.PAYMENTS_NOT_CONFIGURED],
      response: StripeConnectWebhookResponseSchema,
      request: {
        body: StripeEventSchema,
        headers: { 'stripe-signature': "Stripe's signature of the exact body bytes" },
        example: { id: 'evt_1PfExample', type: 'account.updated' },
      },
    },
  },
});
