import { z } from 'zod';
import { formatDate, formatPrice } from './format.js';
import { IdSchema, queryIntSchema } from './ids.js';

/**
 * No-show protection (decision 39): shops are paid through Stripe Connect Express accounts with
 * destination charges. Money is integer cents (AUD); percentages are rounded half up to the cent
 * and capped at the service's price.
 */

// ---------------------------------------------------------------------------------------------
// The business's Stripe account

/**
 * 'not_configured': this server has no Stripe keys (nothing offers a payment step);
 * 'not_connected': the owner never started Stripe's onboarding; 'onboarding': Stripe still needs
 * something (see `requirements`); 'enabled': charges are enabled, policies can be switched on.
 */
export const PAYMENTS_STATES = [
  'not_configured',
  'not_connected',
  'onboarding',
  'enabled',
] as const;
export const PaymentsStateSchema = z.enum(PAYMENTS_STATES);
export type PaymentsState = z.infer<typeof PaymentsStateSchema>;

/** GET /api/business/{id}/payments. */
export const PaymentsStatusSchema = z.object({
  state: PaymentsStateSchema,
  /** The connected account (acct_…), once onboarding started. */
  accountId: z.string().nullable(),
  chargesEnabled: z.boolean(),
  payoutsEnabled: z.boolean(),
  /** What Stripe still needs (its `requirements.currently_due`), as Stripe names them. */
  requirements: z.array(z.string()),
  /** The platform's share of each charge, in percent (STRIPE_PLATFORM_FEE_PERCENT, default 0). */
  platformFeePercent: z.number().nonnegative(),
});
export type PaymentsStatus = z.infer<typeof PaymentsStatusSchema>;

/** POST /api/business/{id}/payments/connect: Stripe's onboarding page to send the owner to. */
export const PaymentsConnectResponseSchema = z.object({ url: z.url() });
export type PaymentsConnectResponse = z.infer<typeof PaymentsConnectResponseSchema>;

/** Where Stripe's onboarding sends the owner back (PUBLIC_URL + this + `?stripe=return|refresh`). */
export const PAYMENTS_SETTINGS_PATH = '/dashboard/settings/payments';

// ---------------------------------------------------------------------------------------------
// The policy

export const PaymentAmountSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('percent'),
    /** 0–100, up to two decimals. */
    percent: z
      .number({ error: 'percent must be a number' })
      .positive('percent must be more than 0')
      .max(100, 'percent cannot be more than 100')
      .multipleOf(0.01, 'percent takes at most two decimals'),
  }),
  z.object({
    type: z.literal('flat'),
    /** Cents; capped at the service's price when charged. */
    cents: z
      .number({ error: 'cents must be a number' })
      .int('cents must be a whole number')
      .positive('cents must be more than 0')
      .max(10_000_000, 'cents is too large'),
  }),
]);
export type PaymentAmount = z.infer<typeof PaymentAmountSchema>;

export const PAYMENT_POLICY_KINDS = ['none', 'deposit', 'card_on_file'] as const;
export type PaymentPolicyKind = (typeof PAYMENT_POLICY_KINDS)[number];

export const DEFAULT_FREE_CANCELLATION_HOURS = 24;

/**
 * A business's (or one service's) policy. With a deposit, a late cancellation or a no-show keeps
 * the deposit (the fees are for card on file, charged off-session); `lateCancellationFee` and
 * `noShowFee` are therefore null with a deposit.
 */
export const PaymentPolicySchema = z
  .object({
    kind: z.enum(PAYMENT_POLICY_KINDS, { error: 'kind must be none, deposit or card_on_file' }),
    deposit: PaymentAmountSchema.nullable().default(null),
    freeCancellationHours: z
      .number({ error: 'freeCancellationHours must be a number' })
      .int('freeCancellationHours must be a whole number')
      .min(0, 'freeCancellationHours cannot be negative')
      .max(168, 'freeCancellationHours can be at most 168 (a week)')
      .default(DEFAULT_FREE_CANCELLATION_HOURS),
    lateCancellationFee: PaymentAmountSchema.nullable().default(null),
    noShowFee: PaymentAmountSchema.nullable().default(null),
    /** Only clients with no earlier (non-cancelled) booking at the business are asked. */
    newClientsOnly: z.boolean().default(false),
  })
  .superRefine((p, ctx) => {
    if (p.kind === 'deposit' && !p.deposit) {
      ctx.addIssue({ code: 'custom', path: ['deposit'], message: 'A deposit needs an amount' });
    }
    if (p.kind !== 'deposit' && p.deposit) {
      ctx.addIssue({
        code: 'custom',
        path: ['deposit'],
        message: 'Only a deposit policy has a deposit',
      });
    }
    if (p.kind !== 'card_on_file') {
      for (const key of ['lateCancellationFee', 'noShowFee'] as const) {
        if (p[key]) {
          ctx.addIssue({
            code: 'custom',
            path: [key],
            message: 'Fees are charged to a card on file only (a deposit is kept instead)',
          });
        }
      }
    }
  });
export type PaymentPolicy = z.output<typeof PaymentPolicySchema>;
export type PaymentPolicyInput = z.input<typeof PaymentPolicySchema>;

export const NO_POLICY: PaymentPolicy = {
  kind: 'none',
  deposit: null,
  freeCancellationHours: DEFAULT_FREE_CANCELLATION_HOURS,
  lateCancellationFee: null,
  noShowFee: null,
  newClientsOnly: false,
};

export const PAYMENT_POLICY_PRESETS = ['flexible', 'moderate', 'strict', 'very_strict'] as const;
export type PaymentPolicyPreset = (typeof PAYMENT_POLICY_PRESETS)[number];

/** Starting points like Fresha's; the owner can change any field after choosing one. */
export const PAYMENT_POLICY_PRESET_VALUES: Record<
  PaymentPolicyPreset,
  { label: string; description: string; policy: PaymentPolicy }
> = {
  flexible: {
    label: 'Flexible',
    description: 'Card on file. Free cancellation up to 2 hours before; 50% for a no-show.',
    policy: {
      ...NO_POLICY,
      kind: 'card_on_file',
      freeCancellationHours: 2,
      noShowFee: { type: 'percent', percent: 50 },
    },
  },
  moderate: {
    label: 'Moderate',
    description:
      'Card on file. Free cancellation up to 24 hours before; 50% if later, 100% for a no-show.',
    policy: {
      ...NO_POLICY,
      kind: 'card_on_file',
      freeCancellationHours: 24,
      lateCancellationFee: { type: 'percent', percent: 50 },
      noShowFee: { type: 'percent', percent: 100 },
    },
  },
  strict: {
    label: 'Strict',
    description: 'A 50% deposit. Refunded if cancelled at least 48 hours before.',
    policy: {
      ...NO_POLICY,
      kind: 'deposit',
      deposit: { type: 'percent', percent: 50 },
      freeCancellationHours: 48,
    },
  },
  very_strict: {
    label: 'Very strict',
    description: 'Paid in full when booking. Refunded if cancelled at least 48 hours before.',
    policy: {
      ...NO_POLICY,
      kind: 'deposit',
      deposit: { type: 'percent', percent: 100 },
      freeCancellationHours: 48,
    },
  },
};

/**
 * An amount in cents for a price: a percentage rounded half up to the cent, anything capped at
 * the price. Integer arithmetic (hundredths of a percent), so 12.5% of 999 is 125, not 124.
 */
export function amountForPrice(amount: PaymentAmount | null, priceCents: number): number {
  if (!amount) return 0;
  const raw =
    amount.type === 'flat'
      ? amount.cents
      : Math.floor((priceCents * Math.round(amount.percent * 100) + 5000) / 10000);
  return Math.max(0, Math.min(raw, priceCents));
}

function hoursText(hours: number): string {
  return hours === 1 ? '1 hour' : `${hours} hours`;
}

/**
 * The policy in plain words, as the customer accepts it (the API stores exactly this text with the
 * acceptance): 'A $20.00 deposit is taken now. Cancel at least 24 hours before for a refund.'
 * Null when the policy asks nothing (or every amount comes to $0.00).
 */
export function paymentPolicySummary(policy: PaymentPolicy, priceCents: number): string | null {
  const notice = hoursText(policy.freeCancellationHours);
  if (policy.kind === 'deposit') {
    const deposit = amountForPrice(policy.deposit, priceCents);
    if (deposit <= 0) return null;
    return (
      `A ${formatPrice(deposit)} deposit is taken now. Cancel at least ${notice} before for a refund; ` +
      'a later cancellation or a missed appointment keeps the deposit.'
    );
  }
  if (policy.kind === 'card_on_file') {
    const late = amountForPrice(policy.lateCancellationFee, priceCents);
    const noShow = amountForPrice(policy.noShowFee, priceCents);
    const parts = [
      `Your card is saved now and not charged. Cancel at least ${notice} before at no cost.`,
    ];
    if (late > 0) parts.push(`A later cancellation costs ${formatPrice(late)}.`);
    if (noShow > 0) parts.push(`A missed appointment costs ${formatPrice(noShow)}.`);
    return parts.join(' ');
  }
  return null;
}

/** The policy a service follows: its own override, else the business's. */
export function effectivePolicy(
  business: PaymentPolicy,
  override: PaymentPolicy | null | undefined,
): PaymentPolicy {
  return override ?? business;
}

/** One service's own policy (null: the business's applies). */
export const ServicePolicyOverrideSchema = z.object({
  serviceId: IdSchema('serviceId'),
  policy: PaymentPolicySchema,
});
export type ServicePolicyOverride = z.output<typeof ServicePolicyOverrideSchema>;

/** PUT /api/business/{id}/payment-policy: the business's policy and every service override. */
export const UpdatePaymentPolicyRequestSchema = z.object({
  policy: PaymentPolicySchema,
  /** Replaces the overrides: a service left out follows the business's policy. */
  serviceOverrides: z.array(ServicePolicyOverrideSchema).max(500).default([]),
});
export type UpdatePaymentPolicyRequest = z.input<typeof UpdatePaymentPolicyRequestSchema>;

/** GET/PUT /api/business/{id}/payment-policy. */
export const PaymentPolicySettingsSchema = z.object({
  policy: PaymentPolicySchema,
  serviceOverrides: z.array(ServicePolicyOverrideSchema),
  /** Only 'enabled' lets a policy other than none be saved; the others answer 409. */
  paymentsState: PaymentsStateSchema,
  /** Each active service with the summary its customers see (null: nothing asked). */
  services: z.array(
    z.object({
      serviceId: z.number().int().positive(),
      name: z.string(),
      price: z.number().int().nonnegative(),
      overridden: z.boolean(),
      summary: z.string().nullable(),
    }),
  ),
});
export type PaymentPolicySettings = z.infer<typeof PaymentPolicySettingsSchema>;

/** Messages of the payments feature. */
export const PaymentMessages = {
  notEnabled: 'Connect a Stripe account and finish its set-up before asking clients to pay.',
  notConfigured: 'Online payments are not set up on this server.',
  policyChanged: 'The booking policy has changed. Please read it again and accept it to book.',
  policyNotAccepted: 'Please accept the booking policy to continue.',
  connectWebhookNotConfigured: 'Configuration error: the Stripe Connect webhook secret is not set',
  feeLinkInvalid: 'This payment link is invalid or has already been used.',
} as const;

// ---------------------------------------------------------------------------------------------
// Booking with a payment

/**
 * In POST /api/appointments' answer when the policy asks for a payment: the appointment is
 * `pending_payment` until Stripe's webhook confirms it (held until `expiresAt`, 10 minutes).
 * 'deposit': a PaymentIntent to confirm with the Payment Element; 'card_on_file': a SetupIntent
 * (`usage: off_session`), nothing charged now (amount 0). Both live on the platform account
 * (destination charges), so Stripe.js takes `publishableKey` alone.
 */
export const BookingPaymentSchema = z.object({
  kind: z.enum(['deposit', 'card_on_file']),
  /** Cents taken now (0 for a card on file). */
  amount: z.number().int().nonnegative(),
  currency: z.literal('aud'),
  clientSecret: z.string().min(1),
  publishableKey: z.string().min(1),
  /** When the hold ends and the slot is freed if Stripe has not confirmed. ISO UTC. */
  expiresAt: z.string(),
  /** The wording the customer accepted, as stored. */
  policySummary: z.string(),
});
export type BookingPayment = z.infer<typeof BookingPaymentSchema>;

/** How long a `pending_payment` booking holds its slot. */
export const PAYMENT_HOLD_MINUTES = 10;

// ---------------------------------------------------------------------------------------------
// Charges and refunds

export const PAYMENT_RECORD_KINDS = [
  'deposit',
  'card_saved',
  'late_cancellation_fee',
  'no_show_fee',
  'refund',
] as const;
export type PaymentRecordKind = (typeof PAYMENT_RECORD_KINDS)[number];

/**
 * Our reading of Stripe's state: 'pending' until Stripe answers or its webhook says so,
 * 'succeeded' only when Stripe says so, 'fee_failed' when a fee needs the client (authentication
 * required: a pay link was sent), 'failed', 'canceled' (an abandoned hold), 'refunded', 'disputed'.
 */
export const PAYMENT_RECORD_STATES = [
  'pending',
  'succeeded',
  'fee_failed',
  'failed',
  'canceled',
  'refunded',
  'disputed',
] as const;
export type PaymentRecordState = (typeof PAYMENT_RECORD_STATES)[number];

/**
 * The client's card as Stripe describes its PaymentMethod (fetched once the card is saved or the
 * deposit paid): brand as Stripe names it ('visa', 'mastercard', 'amex'…), last four digits, expiry.
 */
export const PaymentCardSchema = z.object({
  brand: z.string(),
  last4: z.string(),
  expMonth: z.number().int().min(1).max(12).nullable(),
  expYear: z.number().int().nullable(),
});
export type PaymentCard = z.infer<typeof PaymentCardSchema>;

const CARD_BRANDS: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
  diners: 'Diners Club',
  jcb: 'JCB',
  unionpay: 'UnionPay',
  eftpos_au: 'eftpos',
  cartes_bancaires: 'Cartes Bancaires',
};

/** 'Visa •••• 4242' (an unknown brand reads 'Card •••• 4242'). */
export function cardLabel(card: Pick<PaymentCard, 'brand' | 'last4'>): string {
  return `${CARD_BRANDS[card.brand] ?? 'Card'} •••• ${card.last4}`;
}

/**
 * A client's dispute (chargeback) of a charge, as Stripe's `charge.dispute.*` events last said.
 * `status` is Stripe's: warning_needs_response, warning_under_review, warning_closed,
 * needs_response, under_review, won or lost.
 */
export const PaymentDisputeSchema = z.object({
  id: z.string(),
  /** Cents disputed. */
  amount: z.number().int().nonnegative(),
  /** Stripe's reason ('fraudulent', 'product_not_received', 'duplicate'…). */
  reason: z.string(),
  status: z.string(),
  /** When Stripe needs the evidence by, ISO UTC (null once answered or closed). */
  evidenceDueBy: z.string().nullable(),
  /** The dispute in the Stripe dashboard (the platform's: destination charges are disputed there). */
  dashboardUrl: z.string(),
});
export type PaymentDispute = z.infer<typeof PaymentDisputeSchema>;

/** Stripe's statuses that still wait for the business's evidence. */
export const DISPUTE_NEEDS_RESPONSE = ['needs_response', 'warning_needs_response'];

/** Stripe's reason in plain words ('fraudulent' → 'fraudulent', 'product_not_received' → 'product not received'). */
export function disputeReasonText(reason: string): string {
  return reason.replace(/_/g, ' ');
}

/**
 * The dispute in the owner's words, dates in the business's zone:
 * 'Disputed — respond by 25 Jan 2027', 'Disputed — under review', 'Dispute won', 'Dispute lost'.
 */
export function disputeLabel(
  dispute: Pick<PaymentDispute, 'status' | 'evidenceDueBy'>,
  timeZone: string,
): string {
  if (dispute.status === 'won') return 'Dispute won';
  if (dispute.status === 'lost') return 'Dispute lost';
  if (dispute.status === 'warning_closed') return 'Dispute closed';
  if (DISPUTE_NEEDS_RESPONSE.includes(dispute.status) && dispute.evidenceDueBy) {
    return `Disputed — respond by ${formatDate(dispute.evidenceDueBy, timeZone)}`;
  }
  return 'Disputed — under review';
}

export const PaymentRecordSchema = z.object({
  id: z.number().int().positive(),
  appointmentId: z.number().int().positive(),
  customerId: z.number().int().positive().nullable(),
  kind: z.enum(PAYMENT_RECORD_KINDS),
  /** Cents (0 for a saved card). */
  amount: z.number().int().nonnegative(),
  currency: z.literal('aud'),
  state: z.enum(PAYMENT_RECORD_STATES),
  /** Stripe's own status of the object (`succeeded`, `requires_action`…), as last seen. */
  stripeStatus: z.string().nullable(),
  /** pi_…, seti_… or re_…. */
  stripeId: z.string().nullable(),
  failureMessage: z.string().nullable(),
  /** The client's card (brand, last four, expiry), once Stripe has described it. */
  card: PaymentCardSchema.nullable(),
  /** The client's dispute of this charge, if any. */
  dispute: PaymentDisputeSchema.nullable(),
  /**
   * Why a deposit Stripe took stays with the business although the booking did not happen: the
   * customer cancelled too late ('late_cancellation'), or did not come ('no_show'). From the
   * booking: a paid deposit of a cancelled or no-show booking with no refund asked (an in-time or
   * owner's cancellation always asks one). Absent or null otherwise.
   */
  kept: z.enum(['late_cancellation', 'no_show']).nullable().optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
  appointment: z.object({
    date: z.string(),
    serviceName: z.string(),
    customerName: z.string(),
  }),
});
export type PaymentRecord = z.infer<typeof PaymentRecordSchema>;

/** GET /api/business/{id}/payments/charges: newest first. */
export const PaymentRecordsQuerySchema = z.object({
  appointmentId: queryIntSchema('appointmentId', 1, 2_147_483_647).optional(),
  customerId: queryIntSchema('customerId', 1, 2_147_483_647).optional(),
  kind: z.enum(PAYMENT_RECORD_KINDS).optional(),
  state: z.enum(PAYMENT_RECORD_STATES).optional(),
  limit: queryIntSchema('limit', 1, 200).optional(),
  offset: queryIntSchema('offset', 0, 1_000_000).optional(),
});
export type PaymentRecordsQuery = z.infer<typeof PaymentRecordsQuerySchema>;
/** What a client sends: the parsed fields themselves (the ids and paging as numbers). */
export type PaymentRecordsQueryInput = PaymentRecordsQuery;

export const PaymentRecordListSchema = z.object({
  items: z.array(PaymentRecordSchema),
  total: z.number().int().nonnegative(),
});
export type PaymentRecordList = z.infer<typeof PaymentRecordListSchema>;

// ---------------------------------------------------------------------------------------------
// Cancelling under the policy; the pay link of a failed fee

/**
 * What cancelling now does to the money: told before the customer confirms (cancel details) and
 * in the cancel answer. 'refund': the deposit is refunded (in the answer: Stripe accepted the
 * refund); 'refund_failed' (the answer only): Stripe refused or could not be reached, nothing was
 * refunded; 'deposit_kept'; 'late_fee': the late fee is charged to the saved card (the answer's
 * message says what Stripe did); 'nothing': no payment involved.
 */
export const CancellationOutcomeSchema = z.object({
  outcome: z.enum(['nothing', 'refund', 'refund_failed', 'deposit_kept', 'late_fee']),
  amount: z.number().int().nonnegative(),
  message: z.string(),
});
export type CancellationOutcome = z.infer<typeof CancellationOutcomeSchema>;

/** GET /api/pay-fee?token=: a fee Stripe could not take off-session, for the client to pay. */
export const FeePaymentSchema = z.object({
  kind: z.enum(['late_cancellation_fee', 'no_show_fee']),
  amount: z.number().int().positive(),
  currency: z.literal('aud'),
  state: z.enum(PAYMENT_RECORD_STATES),
  /** Null once paid. */
  clientSecret: z.string().nullable(),
  publishableKey: z.string(),
  business: z.object({ name: z.string(), timeZone: z.string() }),
  service: z.string(),
  /** The appointment's start, ISO UTC. */
  date: z.string(),
});
export type FeePayment = z.infer<typeof FeePaymentSchema>;

export const StripeConnectWebhookResponseSchema = z.object({
  received: z.literal(true),
  duplicate: z.boolean(),
});
export type StripeConnectWebhookResponse = z.infer<typeof StripeConnectWebhookResponseSchema>;

/** The accepted wording a booking request carries (it must equal the server's summary). */
export const PolicyAcceptanceSchema = z.string().trim().max(1000);
