// What other modules may use of the payments module (Connect accounts, policies, bookings' payments).
export { PaymentsModule } from './payments.module.js';
export { PaymentsWorkerModule } from './payments-worker.module.js';
export { PaymentRetryRelay } from './jobs/payment-retry.relay.js';
export { PaymentCharges } from './services/payment-charges.service.js';
export {
  BookingPaymentEntity,
  ConnectedAccountEntity,
  PaymentCustomerEntity,
  PaymentEventEntity,
  PaymentPolicyEntity,
} from './entities/payment-tables.entity.js';
export {
  BookingPaymentsService,
  paidLine,
  type PaymentRequirement,
} from './services/booking-payments.service.js';
export { ConnectAccountsService } from './services/connect-accounts.service.js';
export { isPaymentEvent, PaymentEventsService } from './services/payment-events.service.js';
export { PaymentPoliciesService } from './services/payment-policies.service.js';
export { PaymentRecordsService } from './services/payment-records.service.js';
