// The payments feature's public face: other features and the app import only what is here.
export { PaymentsCard } from './components/PaymentsCard';
export { PaymentPolicyCard } from './components/PaymentPolicyCard';
export { PaymentRecordList } from './components/PaymentRecordList';
export { default as PaymentsPage } from './components/PaymentsPage';
export { default as PaymentsOnboardingPage } from './components/PaymentsOnboardingPage';
export { KIND_LABELS, STATE_LABELS } from './payment-text';
export { paymentKeys } from './api';
