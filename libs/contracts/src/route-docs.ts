// Zod-free: what the OpenAPI document says about each route beyond its schemas.
import type { RouteAccess } from './api-docs.js';
import { ErrorCode } from './error-codes.js';
import { apiRoutes } from './routes.js';

/** What the document says about one route besides its schemas. */
export interface RouteDoc {
  summary: string;
  description?: string;
  /** The success status; by default NestJS's: 201 for POST, 200 otherwise. */
  status?: number;
  /** Default 'public'. */
  access?: RouteAccess;
  /** Limited per client (and per subject): answers 429 RATE_LIMITED with Retry-After. */
  rateLimited?: boolean;
  /** Error codes this route answers beyond those every route of its kind can (see openapi.ts). */
  errors?: ErrorCode[];
  /** Reads no database, so never answers 503 for it. */
  noDatabase?: boolean;
}

/** The document's tags: one per group of the route table (`apiRoutes.<group>`), in this order. */
export const ROUTE_TAGS: Record<string, { name: string; description: string }> = {
  health: { name: 'Health', description: 'Whether this API process and its database answer.' },
  auth: {
    name: 'Sign-in',
    description:
      "Owners' accounts: register, verify, sign in (an access token, and a refresh cookie), passwords, Google.",
  },
  businesses: {
    name: 'Businesses',
    description: "The directory, a business's public page, and the owner's business settings.",
  },
  services: { name: 'Services', description: 'What a business offers, with prices and durations.' },
  staff: { name: 'Staff', description: 'Who works at a business and what each person offers.' },
  availability: {
    name: 'Availability',
    description:
      'Free times and days for customers; opening hours, staff hours, closures, special hours and time off for owners.',
  },
  appointments: {
    name: 'Appointments',
    description: "Customers' bookings and the owner's diary.",
  },
  customers: { name: 'Clients', description: "The owner's clients and their history." },
  selfService: {
    name: 'Customer links',
    description: 'The cancel and reschedule links sent to customers (the link is the credential).',
  },
  messages: {
    name: 'Messages',
    description: 'SMS and emails: manual sends, delivery state, the development mailbox.',
  },
  subscription: { name: 'Billing', description: 'The Professional plan through Stripe Billing.' },
  support: { name: 'Support', description: 'The contact form.' },
  apiDocs: { name: 'API docs', description: 'This document, and the page that shows it.' },
};

const E = ErrorCode;
const r = apiRoutes;

/** What each route is for, who may call it and what can go wrong: every route has an entry. */
export const ROUTE_DOCS: Record<string, RouteDoc> = {
  [r.health.key]: {
    summary: 'Health of this API process and its database',
    description:
      "200 when the database answers; 503 with the same body (`status: 'degraded'`) and Retry-After otherwise, so a load balancer takes the instance out.",
  },
  [r.auth.register.key]: {
    summary: 'Register an owner account',
    description:
      'Emails a verification link. The same answer whether or not the address is already registered.',
    rateLimited: true,
  },
  [r.auth.verifyEmail.key]: {
    summary: "Verify an owner's email address with the emailed token",
    status: 200,
    rateLimited: true,
    errors: [E.LINK_INVALID],
  },
  [r.auth.login.key]: {
    summary: 'Sign in with email and password',
    description:
      'Answers an access token (Bearer, short-lived) and sets the refresh cookie (httpOnly) used by refresh.',
    status: 200,
    rateLimited: true,
    errors: [E.UNAUTHORIZED, E.FORBIDDEN],
  },
  [r.auth.refresh.key]: {
    summary: 'A new access token from the refresh cookie',
    description: 'Rotates the refresh cookie; a reused cookie ends the whole session.',
    status: 200,
    access: 'refresh-cookie',
    rateLimited: true,
  },
  [r.auth.logout.key]: {
    summary: 'Sign out: ends the session of the refresh cookie, if any',
    status: 204,
  },
  [r.auth.me.key]: { summary: 'The signed-in owner', access: 'owner' },
  [r.auth.forgotPassword.key]: {
    summary: 'Email a single-use password reset link (one hour)',
    description: 'The same answer for unknown addresses.',
    status: 200,
    rateLimited: true,
  },
  [r.auth.resetPassword.key]: {
    summary: "Set a new password from the emailed link's token",
    description: 'Ends every session of the account.',
    status: 200,
    rateLimited: true,
    errors: [E.LINK_INVALID],
  },
  [r.auth.changePassword.key]: {
    summary: "Change the signed-in owner's password",
    description: "Keeps the caller's session (its refresh cookie) and ends the others.",
    status: 200,
    access: 'owner',
    rateLimited: true,
  },
  [r.auth.providers.key]: {
    summary: 'Which sign-in providers this server offers',
    noDatabase: true,
  },
  [r.auth.google.key]: {
    summary: 'Start Google sign-in (a browser navigation)',
    description: 'Redirects to Google; 404 when Google sign-in is not configured on this server.',
    status: 302,
    errors: [E.NOT_FOUND],
    noDatabase: true,
  },
  [r.auth.googleCallback.key]: {
    summary: "Google's answer to a sign-in (a browser navigation)",
    description:
      'Sets the refresh cookie and redirects to the dashboard, or back to the sign-in page with `?error=google`.',
    status: 302,
  },
  [r.businesses.list.key]: {
    summary: 'The directory: published businesses, by name',
  },
  [r.businesses.byId.key]: {
    summary: 'A business by id',
    description: 'A business switched off by its owner answers 404, except to that owner.',
    access: 'optional-owner',
    errors: [E.BUSINESS_NOT_FOUND],
  },
  [r.businesses.bySlug.key]: {
    summary: 'A business by its booking link',
    description:
      'Ignores case; an old link answers the business with its current `slug`. A business switched off by its owner answers 404, except to that owner.',
    access: 'optional-owner',
    errors: [E.BUSINESS_NOT_FOUND],
  },
  [r.businesses.mine.key]: {
    summary: "The signed-in owner's business (created on first use)",
    access: 'owner',
  },
  [r.businesses.byOwner.key]: {
    summary: "The owner's business, by the owner's user id",
    description: "403 for anyone but the user named (the spec's form of `GET business/me`).",
    access: 'owner',
    errors: [E.FORBIDDEN],
  },
  [r.businesses.update.key]: {
    summary: "Change the owner's business settings",
    access: 'owner',
    errors: [E.BUSINESS_NOT_FOUND, E.SLUG_TAKEN],
  },
  [r.businesses.updatePlural.key]: {
    summary: "Change the owner's business settings (the dashboard's path)",
    access: 'owner',
    errors: [E.BUSINESS_NOT_FOUND, E.SLUG_TAKEN],
  },
  [r.services.listBySlug.key]: {
    summary: "A business's active services, by its booking link",
    errors: [E.BUSINESS_NOT_FOUND],
  },
  [r.services.listById.key]: {
    summary: "A business's services: the active ones, or all of them to its owner",
    access: 'optional-owner',
    errors: [E.BUSINESS_NOT_FOUND],
  },
  [r.services.create.key]: {
    summary: 'Add a service',
    access: 'owner',
    errors: [E.BUSINESS_NOT_FOUND, E.PLAN_LIMIT_REACHED],
  },
  [r.services.update.key]: {
    summary: 'Change a service',
    access: 'owner',
    errors: [E.SERVICE_NOT_FOUND, E.PLAN_LIMIT_REACHED],
  },
  [r.services.remove.key]: {
    summary: 'Remove a service (its past bookings stay)',
    status: 204,
    access: 'owner',
    errors: [E.SERVICE_NOT_FOUND],
  },
  [r.staff.listBySlug.key]: {
    summary: "A business's active staff, by its booking link",
    description: 'Without email and phone; only those offering `serviceId` when given.',
    errors: [E.BUSINESS_NOT_FOUND, E.SERVICE_NOT_FOUND],
  },
  [r.staff.listById.key]: {
    summary: "A business's staff: active and public, or everyone in full to its owner",
    access: 'optional-owner',
    errors: [E.BUSINESS_NOT_FOUND, E.SERVICE_NOT_FOUND],
  },
  [r.staff.create.key]: {
    summary: 'Add a staff member',
    access: 'owner',
    errors: [E.BUSINESS_NOT_FOUND, E.SERVICE_NOT_FOUND, E.PLAN_LIMIT_REACHED],
  },
  [r.staff.update.key]: {
    summary: 'Change a staff member',
    access: 'owner',
    errors: [E.STAFF_NOT_FOUND, E.SERVICE_NOT_FOUND, E.PLAN_LIMIT_REACHED],
  },
  [r.staff.remove.key]: {
    summary: 'Remove a staff member',
    description:
      'With upcoming bookings, only with a decision about them: `upcoming=reassign&to=<id>` (all or none) or `upcoming=cancel` (each customer is texted).',
    status: 204,
    access: 'owner',
    errors: [E.STAFF_NOT_FOUND, E.STAFF_HAS_BOOKINGS, E.STAFF_REASSIGN_CLASH],
  },
  [r.staff.upcomingAppointments.key]: {
    summary: "A staff member's bookings still to come, soonest first",
    access: 'owner',
    errors: [E.STAFF_NOT_FOUND],
  },
  [r.availability.timesBySlug.key]: {
    summary: 'Free start times on a date, by booking link',
    description: '`date` is a business-local YYYY-MM-DD or an ISO timestamp. Never cached.',
    errors: [E.BUSINESS_NOT_FOUND, E.SERVICE_NOT_FOUND, E.STAFF_NOT_FOUND],
  },
  [r.availability.timesById.key]: {
    summary: 'Free start times on a date, by business id',
    description: '`date` is a business-local YYYY-MM-DD or an ISO timestamp. Never cached.',
    errors: [E.BUSINESS_NOT_FOUND, E.SERVICE_NOT_FOUND, E.STAFF_NOT_FOUND],
  },
  [r.availability.daysBySlug.key]: {
    summary: 'Each date of a month: available, closed, fully booked or outside the window',
    errors: [E.BUSINESS_NOT_FOUND, E.SERVICE_NOT_FOUND, E.STAFF_NOT_FOUND],
  },
  [r.availability.weeklyHours.key]: {
    summary: "The business's weekly opening hours",
    access: 'owner',
    errors: [E.BUSINESS_NOT_FOUND],
  },
  [r.availability.replaceWeeklyHours.key]: {
    summary: "Replace the business's weekly opening hours (all seven days)",
    description: 'Bookings left outside the new hours stay booked (ask affected-bookings first).',
    access: 'owner',
    errors: [E.BUSINESS_NOT_FOUND],
  },
  [r.availability.affectedBookings.key]: {
    summary: 'Upcoming bookings a proposed change of hours would leave outside them',
    description: 'Nothing is saved.',
    status: 200,
    access: 'owner',
    errors: [E.BUSINESS_NOT_FOUND, E.STAFF_NOT_FOUND],
  },
  [r.availability.staffHours.key]: {
    summary: "A staff member's working hours (their own, or the business's)",
    access: 'owner',
    errors: [E.STAFF_NOT_FOUND],
  },
  [r.availability.replaceStaffHours.key]: {
    summary: "Set a staff member's own working hours (all seven days)",
    access: 'owner',
    errors: [E.STAFF_NOT_FOUND],
  },
  [r.availability.clearStaffHours.key]: {
    summary: "A staff member works the business's hours again",
    access: 'owner',
    errors: [E.STAFF_NOT_FOUND],
  },
  [r.availability.closures.key]: {
    summary: "The business's closures",
    access: 'owner',
    errors: [E.BUSINESS_NOT_FOUND],
  },
  [r.availability.createClosure.key]: {
    summary: 'Close the business for a range of dates',
    access: 'owner',
    errors: [E.BUSINESS_NOT_FOUND],
  },
  [r.availability.removeClosure.key]: {
    summary: 'Remove a closure',
    status: 204,
    access: 'owner',
    errors: [E.BUSINESS_NOT_FOUND],
  },
  [r.availability.holidays.key]: {
    summary: "Public holidays of the business's state in the next twelve months",
    access: 'owner',
    errors: [E.BUSINESS_NOT_FOUND],
  },
  [r.availability.specialHours.key]: {
    summary: "The business's special hours (other hours on given dates)",
    access: 'owner',
    errors: [E.BUSINESS_NOT_FOUND],
  },
  [r.availability.setSpecialHours.key]: {
    summary: 'Set (or replace) the hours of one date; no intervals: closed',
    status: 201,
    access: 'owner',
    errors: [E.BUSINESS_NOT_FOUND],
  },
  [r.availability.removeSpecialHours.key]: {
    summary: "Remove a date's special hours",
    status: 204,
    access: 'owner',
    errors: [E.BUSINESS_NOT_FOUND],
  },
  [r.availability.timeOff.key]: {
    summary: "A staff member's time off",
    access: 'owner',
    errors: [E.STAFF_NOT_FOUND],
  },
  [r.availability.createTimeOff.key]: {
    summary: 'Add time off for a staff member',
    access: 'owner',
    errors: [E.STAFF_NOT_FOUND],
  },
  [r.availability.removeTimeOff.key]: {
    summary: 'Remove time off',
    status: 204,
    access: 'owner',
    errors: [E.STAFF_NOT_FOUND],
  },
  [r.appointments.create.key]: {
    summary: "A customer's booking",
    description:
      'No account needed: a name and a mobile number. The customer is texted (and emailed) a confirmation with cancel and reschedule links. Limited per client IP and per phone number.',
    rateLimited: true,
    errors: [
      E.BUSINESS_NOT_FOUND,
      E.SERVICE_NOT_FOUND,
      E.STAFF_NOT_FOUND,
      E.SLOT_UNAVAILABLE,
      E.SLOT_TAKEN,
    ],
  },
  [r.appointments.list.key]: {
    summary: "The business's appointments: searched, filtered and paged",
    description: 'Without any parameter, the whole list (newest first).',
    access: 'owner',
    errors: [E.BUSINESS_NOT_FOUND],
  },
  [r.appointments.days.key]: {
    summary: "The diary's month grid: each business-local day's first few and its total",
    access: 'owner',
    errors: [E.BUSINESS_NOT_FOUND],
  },
  [r.appointments.counts.key]: {
    summary: "Today's and upcoming counts",
    access: 'owner',
    errors: [E.BUSINESS_NOT_FOUND],
  },
  [r.appointments.ownerCreate.key]: {
    summary: 'The owner books a phone or walk-in client',
    description:
      'Outside opening or working hours only with `outsideHours: true` (409 OUTSIDE_HOURS first); never over another booking of the same resource.',
    access: 'owner',
    errors: [
      E.BUSINESS_NOT_FOUND,
      E.SERVICE_NOT_FOUND,
      E.STAFF_NOT_FOUND,
      E.NOT_FOUND,
      E.SLOT_TAKEN,
      E.OUTSIDE_HOURS,
      E.CUSTOMER_PHONE_TAKEN,
    ],
  },
  [r.appointments.update.key]: {
    summary: "Change an appointment's status or notes, or move it",
    description: '`completed` and `no_show` are refused before the start.',
    access: 'owner',
    errors: [E.NOT_FOUND, E.STAFF_NOT_FOUND, E.SLOT_TAKEN, E.OUTSIDE_HOURS],
  },
  [r.appointments.cancel.key]: {
    summary: 'Cancel an appointment (the row stays, with status cancelled)',
    access: 'owner',
    errors: [E.NOT_FOUND],
  },
  [r.customers.list.key]: {
    summary: "The business's clients by name, searched and paged",
    access: 'owner',
    errors: [E.BUSINESS_NOT_FOUND],
  },
  [r.customers.byId.key]: {
    summary: 'A client with their visits',
    access: 'owner',
    errors: [E.NOT_FOUND],
  },
  [r.customers.update.key]: {
    summary: "Change a client's details or the owner's notes",
    access: 'owner',
    errors: [E.NOT_FOUND, E.CUSTOMER_PHONE_TAKEN],
  },
  [r.selfService.cancel.key]: {
    summary: 'Cancel a booking with the link from its SMS',
    description: 'A GET because links in SMS are followed; it changes state and is never cached.',
    rateLimited: true,
    errors: [E.LINK_INVALID, E.ALREADY_CANCELLED, E.CHANGE_CUTOFF_PASSED],
  },
  [r.selfService.cancelByPost.key]: {
    summary: "Cancel a booking from the cancel page's button",
    description:
      'The token goes in the body: opening the link only shows the booking (mail scanners open links).',
    status: 200,
    rateLimited: true,
    errors: [E.LINK_INVALID, E.ALREADY_CANCELLED, E.CHANGE_CUTOFF_PASSED, E.BOOKING_BUSY],
  },
  [r.selfService.cancelDetails.key]: {
    summary: 'The booking behind a cancel link, without cancelling it',
    rateLimited: true,
    errors: [E.LINK_INVALID, E.ALREADY_CANCELLED, E.CHANGE_CUTOFF_PASSED],
  },
  [r.selfService.rescheduleDetails.key]: {
    summary: 'The booking behind a reschedule link',
    rateLimited: true,
    errors: [E.LINK_INVALID, E.ALREADY_CANCELLED, E.CHANGE_CUTOFF_PASSED],
  },
  [r.selfService.reschedule.key]: {
    summary: 'Move a booking with its reschedule link',
    status: 200,
    rateLimited: true,
    errors: [
      E.LINK_INVALID,
      E.ALREADY_CANCELLED,
      E.CHANGE_CUTOFF_PASSED,
      E.SLOT_UNAVAILABLE,
      E.SLOT_TAKEN,
      E.BOOKING_BUSY,
    ],
  },
  [r.messages.testEmail.key]: {
    summary: 'Send an email reminder of an appointment, or a test email',
    description: 'Answers the message state at once; follow it with `GET messages/{id}`.',
    status: 200,
    access: 'owner',
    rateLimited: true,
    errors: [E.NOT_FOUND, E.ALREADY_CANCELLED],
  },
  [r.messages.testSms.key]: {
    summary: 'Send an SMS reminder of an appointment, or a test SMS',
    description: 'Answers the message state at once; follow it with `GET messages/{id}`.',
    status: 200,
    access: 'owner',
    rateLimited: true,
    errors: [E.NOT_FOUND, E.ALREADY_CANCELLED],
  },
  [r.messages.status.key]: {
    summary: "One of the business's messages, as it is now",
    access: 'owner',
    errors: [E.NOT_FOUND],
  },
  [r.messages.messagingStatus.key]: {
    summary: 'Whether this server has an SMS and an email provider',
    access: 'owner',
  },
  [r.messages.devOutbox.key]: {
    summary: 'The development mailbox: what would have been sent, newest first',
    description:
      'Only where DEV_OUTBOX=true, and only to connections from the machine itself: 404 otherwise.',
    errors: [E.NOT_FOUND],
  },
  [r.messages.twilioStatus.key]: {
    summary: "Twilio's delivery reports",
    description: 'Moves an SMS to delivered or failed, never backwards.',
    status: 200,
    access: 'signature',
    errors: [E.FORBIDDEN],
  },
  [r.subscription.config.key]: {
    summary: "Stripe's publishable key and the Professional price",
    errors: [E.PAYMENTS_NOT_CONFIGURED],
    noDatabase: true,
  },
  [r.subscription.create.key]: {
    summary: 'Start a Professional subscription',
    description:
      "Answers the first invoice's confirmation secret for Stripe.js; the plan changes only when Stripe's webhook says so.",
    status: 200,
    access: 'owner',
    errors: [E.PAYMENTS_NOT_CONFIGURED, E.PAYMENT_PROVIDER_ERROR, E.SUBSCRIPTION_CONFLICT],
  },
  [r.subscription.status.key]: {
    summary: "The business's plan and subscription",
    access: 'owner',
  },
  [r.subscription.cancel.key]: {
    summary: 'Cancel the subscription at the end of the period',
    status: 200,
    access: 'owner',
    errors: [E.PAYMENTS_NOT_CONFIGURED, E.PAYMENT_PROVIDER_ERROR, E.SUBSCRIPTION_CONFLICT],
  },
  [r.subscription.reactivate.key]: {
    summary: 'Keep a subscription that was set to cancel',
    status: 200,
    access: 'owner',
    errors: [E.PAYMENTS_NOT_CONFIGURED, E.PAYMENT_PROVIDER_ERROR, E.SUBSCRIPTION_CONFLICT],
  },
  [r.subscription.webhook.key]: {
    summary: "Stripe's events",
    description:
      'Each event is handled once; the subscription is re-read from Stripe, so repeated and out-of-order deliveries converge.',
    status: 200,
    access: 'signature',
    errors: [E.PAYMENTS_NOT_CONFIGURED, E.PAYMENT_PROVIDER_ERROR],
  },
  [r.support.send.key]: {
    summary: 'Send a message to Slotwise support',
    rateLimited: true,
  },
  [r.apiDocs.document.key]: {
    summary: 'This document (OpenAPI 3.1)',
    noDatabase: true,
  },
  [r.apiDocs.page.key]: {
    summary: 'This document as a page to read (HTML)',
    noDatabase: true,
  },
};
