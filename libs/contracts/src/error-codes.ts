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
  /** A customer's cancel or reschedule link is unknown, used or expired: 400. */
  LINK_INVALID: 'LINK_INVALID',
  /** The appointment behind a customer's link is already cancelled: 409. */
  ALREADY_CANCELLED: 'ALREADY_CANCELLED',
  /** Stripe keys or price are not configured on this server: 503; the rest still runs. */
  PAYMENTS_NOT_CONFIGURED: 'PAYMENTS_NOT_CONFIGURED',
  /** The subscription is not in a state that allows the change (already on Professional…): 409. */
  SUBSCRIPTION_CONFLICT: 'SUBSCRIPTION_CONFLICT',
  /** Stripe refused or did not answer a request the API made: 502. */
  PAYMENT_PROVIDER_ERROR: 'PAYMENT_PROVIDER_ERROR',
  INTERNAL: 'INTERNAL',
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

export const ErrorMessages = {
  slotTaken: 'This time slot is already booked',
  slotUnavailable: 'This time is not available. Please choose another time.',
  businessNotFound: 'Business not found',
  serviceNotFound: 'Service not found',
  staffNotFound: 'Staff member not found',
} as const;
