import { AppointmentTokenEntity } from '../../modules/appointment/entities/appointment-token.entity.js';
import { AppointmentEntity } from '../../modules/appointment/entities/appointment.entity.js';
import { EmailVerificationTokenEntity } from '../../modules/auth/entities/email-verification-token.entity.js';
import { RefreshTokenEntity } from '../../modules/auth/entities/refresh-token.entity.js';
import { UserEntity } from '../../modules/auth/entities/user.entity.js';
import { OutboxMessageEntity } from '../../modules/outbox/entities/outbox-message.entity.js';
import { AvailabilityEntity } from '../../modules/availability/entities/availability.entity.js';
import { BusinessEntity } from '../../modules/business/entities/business.entity.js';
import { ServiceEntity } from '../../modules/catalog/entities/service.entity.js';
import { CustomerEntity } from '../../modules/customer/entities/customer.entity.js';
import { SupportMessageEntity } from '../../modules/support/entities/support-message.entity.js';
import { StaffMemberEntity } from '../../modules/staff/entities/staff-member.entity.js';
import { StripeCustomerEntity } from '../../modules/subscription/entities/stripe-customer.entity.js';
import { StripeEventEntity } from '../../modules/subscription/entities/stripe-event.entity.js';
import { SubscriptionEntity } from '../../modules/subscription/entities/subscription.entity.js';

export const ENTITIES = [
  BusinessEntity,
  ServiceEntity,
  StaffMemberEntity,
  AvailabilityEntity,
  CustomerEntity,
  AppointmentEntity,
  AppointmentTokenEntity,
  UserEntity,
  EmailVerificationTokenEntity,
  RefreshTokenEntity,
  OutboxMessageEntity,
  SupportMessageEntity,
  StripeCustomerEntity,
  SubscriptionEntity,
  StripeEventEntity,
];
