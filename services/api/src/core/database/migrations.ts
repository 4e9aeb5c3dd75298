import { StaffRequests1768710000000 } from '../../migrations/1768710000000-staff-requests.js';
import { ReportMoneyAndImportLease1768730000000 } from '../../migrations/1768730000000-report-money-and-import-lease.js';
import { BusinessHoursConfirmed1768690000000 } from '../../migrations/1768690000000-business-hours-confirmed.js';
import { PaymentCardsAndDisputes1768700000000 } from '../../migrations/1768700000000-payment-cards-and-disputes.js';
import { InitialSchema1767225600000 } from '../../migrations/1767225600000-initial-schema.js';
import { OwnerAccounts1767312000000 } from '../../migrations/1767312000000-owner-accounts.js';
import { SupportMessages1767398400000 } from '../../migrations/1767398400000-support-messages.js';
import { AppointmentTokens1767484800000 } from '../../migrations/1767484800000-appointment-tokens.js';
import { OutboxDelivery1767571200000 } from '../../migrations/1767571200000-outbox-delivery.js';
import { Subscriptions1767744000000 } from '../../migrations/1767744000000-subscriptions.js';
import { RealShopAvailability1767830400000 } from '../../migrations/1767830400000-real-shop-availability.js';
import { NoShowStatus1767916800000 } from '../../migrations/1767916800000-no-show-status.js';
import { PasswordResetTokens1768176000000 } from '../../migrations/1768176000000-password-reset-tokens.js';
import { BusinessPublishing1768270000000 } from '../../migrations/1768270000000-business-publishing.js';
import { CustomersByPhone1768280000000 } from '../../migrations/1768280000000-customers-by-phone.js';
import { OutboxAttachments1768360000000 } from '../../migrations/1768360000000-outbox-attachments.js';
import { AppointmentPrice1768370000000 } from '../../migrations/1768370000000-appointment-price.js';
import { BusinessChangeNotifications1768460000000 } from '../../migrations/1768460000000-business-change-notifications.js';
import { AppointmentsBlockedByBusiness1768470000000 } from '../../migrations/1768470000000-appointments-blocked-by-business.js';
import { BusinessSlugChanges1768481000000 } from '../../migrations/1768481000000-business-slug-changes.js';
import { AvailabilityChangeNotifications1768490000000 } from '../../migrations/1768490000000-availability-change-notifications.js';
import { BusinessNotificationEmail1768500000000 } from '../../migrations/1768500000000-business-notification-email.js';
import { BusinessSlotInterval1768510000000 } from '../../migrations/1768510000000-business-slot-interval.js';
import { ClientIdentity1768520000000 } from '../../migrations/1768520000000-client-identity.js';
import { ActivityLog1768630000000 } from '../../migrations/1768630000000-activity-log.js';
import { Reports1768660000000 } from '../../migrations/1768660000000-reports.js';
import { ReportsCoveringIndex1768680000000 } from '../../migrations/1768680000000-reports-covering-index.js';
import { Memberships1768620000000 } from '../../migrations/1768620000000-memberships.js';
import { WebhooksAndApiKeys1768650000000 } from '../../migrations/1768650000000-webhooks-and-api-keys.js';
import { SmsConfirmation1768610000000 } from '../../migrations/1768610000000-sms-confirmation.js';
import { CalendarFeeds1768615000000 } from '../../migrations/1768615000000-calendar-feeds.js';
import { Payments1768600000000 } from '../../migrations/1768600000000-payments.js';

/** Listed as classes (not a glob) so the same list works from src under vitest and from dist. */
export const MIGRATIONS = [
  InitialSchema1767225600000,
  OwnerAccounts1767312000000,
  SupportMessages1767398400000,
  AppointmentTokens1767484800000,
  OutboxDelivery1767571200000,
  Subscriptions1767744000000,
  RealShopAvailability1767830400000,
  NoShowStatus1767916800000,
  PasswordResetTokens1768176000000,
  BusinessPublishing1768270000000,
  CustomersByPhone1768280000000,
  OutboxAttachments1768360000000,
  AppointmentPrice1768370000000,
  BusinessChangeNotifications1768460000000,
  AppointmentsBlockedByBusiness1768470000000,
  BusinessSlugChanges1768481000000,
  AvailabilityChangeNotifications1768490000000,
  BusinessNotificationEmail1768500000000,
  BusinessSlotInterval1768510000000,
  ClientIdentity1768520000000,
  ActivityLog1768630000000,
  Reports1768660000000,
  ReportsCoveringIndex1768680000000,
  Memberships1768620000000,
  WebhooksAndApiKeys1768650000000,
  SmsConfirmation1768610000000,
  CalendarFeeds1768615000000,
  Payments1768600000000,
  BusinessHoursConfirmed1768690000000,
  PaymentCardsAndDisputes1768700000000,
  StaffRequests1768710000000,
  ReportMoneyAndImportLease1768730000000,
];
