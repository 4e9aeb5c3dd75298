import { AuthMessages } from './auth.js';
import { SlugMessages } from './business.js';
import { CUSTOMER_NOT_FOUND_MESSAGE, CUSTOMER_PHONE_TAKEN_MESSAGE } from './customers.js';
import { type ErrorCode, ErrorMessages } from './error-codes.js';
import { BOOKING_REFUSED_MESSAGE, OUTSIDE_HOURS_MESSAGE } from './owner-appointments.js';
import { PaymentMessages } from './payments.js';
import { PlanId, staffLimitMessage } from './plans.js';
import { SelfServiceMessages } from './self-service.js';
import { staffHasBookingsMessage, staffReassignClashMessage } from './staff.js';
import { StaffRequestMessages } from './staff-requests.js';
import { SubscriptionMessages } from './subscription.js';
import { TeamMessages } from './team.js';

/**
 * A message the API really answers with each code, for the OpenAPI document's examples (the
 * texts come from the same constants the API throws with).
 */
export const ERROR_EXAMPLE_MESSAGES: Record<ErrorCode, string> = {
  VALIDATION_FAILED: 'firstName is required',
  NOT_FOUND: CUSTOMER_NOT_FOUND_MESSAGE,
  BUSINESS_NOT_FOUND: ErrorMessages.businessNotFound,
  SERVICE_NOT_FOUND: ErrorMessages.serviceNotFound,
  STAFF_NOT_FOUND: ErrorMessages.staffNotFound,
  SLOT_UNAVAILABLE: ErrorMessages.slotUnavailable,
  SLOT_TAKEN: ErrorMessages.slotTaken,
  PAYLOAD_TOO_LARGE: 'Request body is too large',
  UNAUTHORIZED: AuthMessages.invalidCredentials,
  FORBIDDEN: 'Forbidden',
  RATE_LIMITED: 'Too many attempts. Please wait a minute and try again.',
  PLAN_LIMIT_REACHED: staffLimitMessage(PlanId.FREE),
  LINK_INVALID: AuthMessages.invalidResetToken,
  OUTSIDE_HOURS: OUTSIDE_HOURS_MESSAGE,
  BOOKING_REFUSED: BOOKING_REFUSED_MESSAGE,
  CHANGE_CUTOFF_PASSED: SelfServiceMessages.tooLateToChange,
  CUSTOMER_PHONE_TAKEN: CUSTOMER_PHONE_TAKEN_MESSAGE,
  ALREADY_CANCELLED: SelfServiceMessages.alreadyCancelled,
  BOOKING_BUSY: SelfServiceMessages.bookingBusy,
  SCHEDULE_OVERLAP:
    'This closure overlaps another closure (23 Dec 2026 – 2 Jan 2027). Edit that one instead.',
  PAYMENTS_NOT_CONFIGURED: SubscriptionMessages.notConfigured,
  SLUG_TAKEN: SlugMessages.taken,
  SUBSCRIPTION_CONFLICT: SubscriptionMessages.alreadySubscribed,
  PAYMENTS_NOT_ENABLED: PaymentMessages.notEnabled,
  POLICY_NOT_ACCEPTED: PaymentMessages.policyChanged,
  STAFF_HAS_BOOKINGS: staffHasBookingsMessage(2),
  STAFF_REASSIGN_CLASH: staffReassignClashMessage(1, 'Mia Nguyen'),
  PAYMENT_PROVIDER_ERROR: SubscriptionMessages.providerFailed,
  METHOD_NOT_ALLOWED: 'POST is not allowed on this path; it answers GET, HEAD',
  SERVICE_UNAVAILABLE: ErrorMessages.serviceUnavailable,
  MEMBER_NOT_FOUND: TeamMessages.memberNotFound,
  INVITATION_NOT_FOUND: TeamMessages.invitationNotFound,
  MEMBER_CONFLICT: TeamMessages.alreadyMember,
  STAFF_REQUEST_NOT_FOUND: StaffRequestMessages.notFound,
  STAFF_REQUEST_CONFLICT: StaffRequestMessages.decided,
  INTERNAL: 'Internal server error',
};
