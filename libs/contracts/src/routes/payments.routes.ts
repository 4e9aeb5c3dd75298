import type {
  FeePayment,
  PaymentPolicySettings,
  PaymentRecordList,
  PaymentRecordsQueryInput,
  PaymentsConnectResponse,
  PaymentsStatus,
  StripeConnectWebhookResponse,
  UpdatePaymentPolicyRequest,
} from '../payments.js';
import { route } from './route.js';

export const paymentsRoutes = {
  status: route<PaymentsStatus>()('GET', 'business/:id/payments'),
  connect: route<PaymentsConnectResponse>()('POST', 'business/:id/payments/connect'),
  policy: route<PaymentPolicySettings>()('GET', 'business/:id/payment-policy'),
  updatePolicy: route<PaymentPolicySettings, UpdatePaymentPolicyRequest>()(
    'PUT',
    'business/:id/payment-policy',
  ),
  charges: route<PaymentRecordList, undefined, PaymentRecordsQueryInput>()(
    'GET',
    'business/:id/payments/charges',
  ),
  /** The pay link of a fee Stripe could not take off-session (public, by token). */
  feePayment: route<FeePayment, undefined, { token: string }>()('GET', 'pay-fee'),
  connectWebhook: route<StripeConnectWebhookResponse>()('POST', 'stripe/connect-webhook'),
} as const;
