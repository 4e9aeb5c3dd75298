import { DataSource } from 'typeorm';
import { buildDataSourceOptions, type EntityList } from './core/database/data-source-options.js';
import { AppointmentTokenEntity, SmsReplyEntity } from './modules/booking-flows/index.js';
import {
  EmailVerificationTokenEntity,
  PasswordResetTokenEntity,
  RefreshTokenEntity,
  UserEntity,
} from './modules/auth/index.js';
import {
  AvailabilityEntity,
  ClosureEntity,
  SpecialHoursEntity,
  TimeOffEntity,
} from './modules/availability/index.js';
import { AppointmentEntity } from './modules/bookings/index.js';
import {
  BusinessEntity,
  BusinessSlugHistoryEntity,
  MembershipEntity,
} from './modules/business/index.js';
import { CalendarFeedEntity } from './modules/calendar-feeds/index.js';
import { ServiceEntity } from './modules/catalog/index.js';
import { CustomerEntity } from './modules/customer/index.js';
import { OutboxMessageEntity } from './modules/outbox/index.js';
import { StaffMemberEntity, StaffServiceEntity } from './modules/staff/index.js';
import {
  StripeCustomerEntity,
  StripeEventEntity,
  SubscriptionEntity,
} from './modules/subscription/index.js';
import {
  BookingPaymentEntity,
  ConnectedAccountEntity,
  PaymentCustomerEntity,
  PaymentEventEntity,
  PaymentPolicyEntity,
} from './modules/payments/index.js';
import { SupportMessageEntity } from './modules/support/index.js';
import { InvitationEntity } from './modules/team/index.js';
import { StaffRequestEntity } from './modules/staff-requests/index.js';
import { WebhookDeliveryEntity, WebhookEndpointEntity } from './modules/webhooks/index.js';
import { ApiKeyEntity } from './modules/auth/index.js';

/**
 * Every module's entities, for the connection that both entry points (API and worker) and the
 * command-line tools open. Each module registers its own with TypeOrmModule.forFeature too; this
 * list is what the connection itself must know.
 */
export const ENTITIES: EntityList = [
  BusinessEntity,
  BusinessSlugHistoryEntity,
  MembershipEntity,
  ServiceEntity,
  StaffMemberEntity,
  StaffServiceEntity,
  AvailabilityEntity,
  ClosureEntity,
  SpecialHoursEntity,
  TimeOffEntity,
  CustomerEntity,
  AppointmentEntity,
  AppointmentTokenEntity,
  SmsReplyEntity,
  CalendarFeedEntity,
  UserEntity,
  EmailVerificationTokenEntity,
  RefreshTokenEntity,
  PasswordResetTokenEntity,
  OutboxMessageEntity,
  SupportMessageEntity,
  StripeCustomerEntity,
  SubscriptionEntity,
  StripeEventEntity,
  InvitationEntity,
  WebhookEndpointEntity,
  WebhookDeliveryEntity,
  ApiKeyEntity,
  ConnectedAccountEntity,
  PaymentPolicyEntity,
  PaymentCustomerEntity,
  BookingPaymentEntity,
  PaymentEventEntity,
  StaffRequestEntity,
];

export function createDataSource(databaseUrl: string): DataSource {
  return new DataSource(buildDataSourceOptions(databaseUrl, ENTITIES));
}
