// Zod-free on purpose: browsers import these constants without pulling the schema library in.
/** Codes carried by every domain error; the API's global filter maps each to an HTTP status. */
export const ErrorCode = {
  VALIDATION_FAILED: 'VALIDATION_FAILED',
  NOT_FOUND: 'NOT_FOUND',
  BUSINESS_NOT_FOUND: 'BUSINESS_NOT_FOUND',
  SERVICE_NOT_FOUND: 'SERVICE_NOT_FOUND',
  STAFF_NOT_FOUND: 'STAFF_NOT_FOUND',
  SLOT_UNAVAILABLE: 'SLOT_UNAVAILABLE',
  SLOT_TAKEN: 'SLOT_TAKEN',
  PAYLOAD_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  UNAUTHORIZED: 'UNAUTHORIZED',
  FORBIDDEN: 'FORBIDDEN',
  RATE_LIMITED: 'RATE_LIMITED',
  /** The business's plan allows no more of something (staff, active services): 403. */
  PLAN_LIMIT_REACHED: 'PLAN_LIMIT_REACHED',
  /**
   * A link is unknown, used or expired (a customer's cancel or reschedule link, an owner's
   * password reset link): 400.
   */
  LINK_INVALID: 'LINK_INVALID',
  /** An owner's booking or move falls outside opening or working hours, unconfirmed: 409. */
  OUTSIDE_HOURS: 'OUTSIDE_HOURS',
  /**
   * An owner's booking or move refused for a reason confirming cannot lift (on leave, closed,
   * service not offered, another booking); `issues` lists every reason that applies: 409.
   */
  BOOKING_REFUSED: 'BOOKING_REFUSED',
  /** The business's cut-off has passed: the customer's link no longer changes the booking: 409. */
  CHANGE_CUTOFF_PASSED: 'CHANGE_CUTOFF_PASSED',
  /** Another client of the business already has this phone number: 409. */
  CUSTOMER_PHONE_TAKEN: 'CUSTOMER_PHONE_TAKEN',
  /** The appointment behind a customer's link is already cancelled: 409. */
  ALREADY_CANCELLED: 'ALREADY_CANCELLED',
  /**
   * Another request is changing the same booking right now (its row lock is held): 409; the
   * request may be retried.
   */
  BOOKING_BUSY: 'BOOKING_BUSY',
  /** A new closure, time off or special hours entry overlaps an existing one: 409. */
  SCHEDULE_OVERLAP: 'SCHEDULE_OVERLAP',
  /** Stripe keys or price are not configured on this server: 503; the rest still runs. */
  PAYMENTS_NOT_CONFIGURED: 'PAYMENTS_NOT_CONFIGURED',
  /** Another business has (or had) the booking link the owner asked for: 409. */
  SLUG_TAKEN: 'SLUG_TAKEN',
  /** The subscription is not in a state that allows the change (already on Professional…): 409. */
  SUBSCRIPTION_CONFLICT: 'SUBSCRIPTION_CONFLICT',
  /** A staff member to be removed has upcoming bookings and no decision about them was given: 409. */
  STAFF_HAS_BOOKINGS: 'STAFF_HAS_BOOKINGS',
  /**
   * Some of a leaving staff member's bookings clash with the other person's: nothing moved, and the
   * clashing bookings are named in `issues` (`path` 'appointments.<id>'): 409.
   */
  STAFF_REASSIGN_CLASH: 'STAFF_REASSIGN_CLASH',
  /** Stripe refused or did not answer a request the API made: 502. */
  PAYMENT_PROVIDER_ERROR: 'PAYMENT_PROVIDER_ERROR',
  /** A payment policy or charge needs a connected Stripe account with charges enabled: 409. */
  PAYMENTS_NOT_ENABLED: 'PAYMENTS_NOT_ENABLED',
  /**
   * The booking needs the payment policy accepted, and the request's `acceptedPolicy` is missing
   * or is not the current wording (the policy changed): 409, with the current wording in `issues`.
   */
  POLICY_NOT_ACCEPTED: 'POLICY_NOT_ACCEPTED',
  /** The path exists, but not with this method: 405 with `Allow` listing those it has. */
  METHOD_NOT_ALLOWED: 'METHOD_NOT_ALLOWED',
  /** The database cannot be reached for now: 503 with Retry-After; the request may be retried. */
  SERVICE_UNAVAILABLE: 'SERVICE_UNAVAILABLE',
  /** No such member of the business: 404. */
  MEMBER_NOT_FOUND: 'MEMBER_NOT_FOUND',
  /** No such invitation of the business: 404. */
  INVITATION_NOT_FOUND: 'INVITATION_NOT_FOUND',
  /** Already a member, a staff record already linked, or the business would lose its owner: 409. */
  MEMBER_CONFLICT: 'MEMBER_CONFLICT',
  /** No such hours or time-off request of the business (or not the caller's own): 404. */
  STAFF_REQUEST_NOT_FOUND: 'STAFF_REQUEST_NOT_FOUND',
  /** The request was already decided, or the caller has no staff record to ask for: 409. */
  STAFF_REQUEST_CONFLICT: 'STAFF_REQUEST_CONFLICT',
  INTERNAL: 'INTERNAL',
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

/**
 * The HTTP status of each error code: the API's global filter answers with these, and the OpenAPI
 * document lists them.
 */
export const ERROR_CODE_STATUS: Record<ErrorCode, number> = {
  VALIDATION_FAILED: 400,
  NOT_FOUND: 404,
  BUSINESS_NOT_FOUND: 404,
  SERVICE_NOT_FOUND: 404,
  STAFF_NOT_FOUND: 404,
  SLOT_UNAVAILABLE: 400,
  SLOT_TAKEN: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  RATE_LIMITED: 429,
  PLAN_LIMIT_REACHED: 403,
  LINK_INVALID: 400,
  ALREADY_CANCELLED: 409,
  CUSTOMER_PHONE_TAKEN: 409,
  OUTSIDE_HOURS: 409,
  BOOKING_REFUSED: 409,
  CHANGE_CUTOFF_PASSED: 409,
  BOOKING_BUSY: 409,
  SCHEDULE_OVERLAP: 409,
  PAYMENTS_NOT_CONFIGURED: 503,
  SLUG_TAKEN: 409,
  SUBSCRIPTION_CONFLICT: 409,
  STAFF_HAS_BOOKINGS: 409,
  STAFF_REASSIGN_CLASH: 409,
  PAYMENT_PROVIDER_ERROR: 502,
  PAYMENTS_NOT_ENABLED: 409,
  POLICY_NOT_ACCEPTED: 409,
  METHOD_NOT_ALLOWED: 405,
  SERVICE_UNAVAILABLE: 503,
  MEMBER_NOT_FOUND: 404,
  INVITATION_NOT_FOUND: 404,
  MEMBER_CONFLICT: 409,
  STAFF_REQUEST_NOT_FOUND: 404,
  STAFF_REQUEST_CONFLICT: 409,
  INTERNAL: 500,
};

export const ErrorMessages = {
  slotTaken: 'This time slot is already booked',
  slotUnavailable: 'This time is not available. Please choose another time.',
  businessNotFound: 'Business not found',
  serviceNotFound: 'Service not found',
  staffNotFound: 'Staff member not found',
  serviceUnavailable: 'Slotwise is briefly unavailable. Please try again in a moment.',
} as const;
