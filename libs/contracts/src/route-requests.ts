import { z } from 'zod';
import { AvailableTimesQuerySchema } from './availability.js';
import { CreateAppointmentRequestSchema } from './appointment.js';
import {
  ChangePasswordRequestSchema,
  ForgotPasswordRequestSchema,
  LoginRequestSchema,
  RegisterRequestSchema,
  ResetPasswordRequestSchema,
  VerifyEmailRequestSchema,
} from './auth.js';
import { CustomersQuerySchema, UpdateCustomerRequestSchema } from './customers.js';
import { IdParamSchema } from './ids.js';
import { DevOutboxQuerySchema, TestEmailRequestSchema, TestSmsRequestSchema } from './messages.js';
import {
  CreateServiceRequestSchema,
  CreateStaffRequestSchema,
  UpdateBusinessRequestSchema,
  UpdateServiceRequestSchema,
  UpdateStaffRequestSchema,
} from './owner.js';
import {
  AppointmentDaysQuerySchema,
  OwnerAppointmentsQuerySchema,
  OwnerCreateAppointmentRequestSchema,
  UpdateAppointmentRequestSchema,
} from './owner-appointments.js';
import { apiRoutes } from './routes.js';
import {
  AffectedBookingsRequestSchema,
  AvailableDaysQuerySchema,
  CreateClosureRequestSchema,
  CreateTimeOffRequestSchema,
  SpecialHoursRequestSchema,
  StaffHoursRequestSchema,
  WeeklyHoursRequestSchema,
} from './schedule.js';
import {
  CancelAppointmentRequestSchema,
  LinkTokenSchema,
  RescheduleRequestSchema,
} from './self-service.js';
import { RemoveStaffQuerySchema, StaffQuerySchema } from './staff.js';
import { CreateSubscriptionRequestSchema } from './subscription.js';
import { SupportMessageRequestSchema } from './support.js';

/** What one route takes besides its path: the schemas the API parses it with, and an example. */
export interface RouteRequest {
  /** The query string, as the handler parses it (`@ParsedQuery`). */
  query?: z.ZodType;
  /** The body, as the handler parses it (`@JsonBody`). */
  body?: z.ZodType;
  /** The body's media type when it is not JSON (providers' webhooks). */
  bodyType?: 'application/x-www-form-urlencoded';
  /** Headers the route reads, by name, with what they hold. */
  headers?: Record<string, string>;
  /** A valid body, shown in the docs (a contracts test parses each one with `body`). */
  example?: unknown;
}

/**
 * Path parameters by name, as the handlers read them (`idPipe()` parses the numeric ids with
 * IdParamSchema; the others are plain strings checked by the service).
 */
export const PATH_PARAM_SCHEMAS: Record<string, { schema: z.ZodType; description: string }> = {
  id: { schema: IdParamSchema('id'), description: 'Numeric id of the item the path names' },
  closureId: { schema: IdParamSchema('closureId'), description: 'Numeric id of the closure' },
  timeOffId: { schema: IdParamSchema('timeOffId'), description: 'Numeric id of the time off' },
  slug: {
    schema: z.string(),
    description: "The business's booking link (any case; an old link still leads to it)",
  },
  userId: { schema: z.string(), description: "The signed-in owner's user id" },
  date: {
    schema: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
    description: "A date on the business's calendar (YYYY-MM-DD)",
  },
};

/** `?token=` of a customer's link (the link is the credential). */
const LinkTokenQuerySchema = z.object({ token: LinkTokenSchema });

/** Where Google sends the browser back after sign-in (OpenID Connect's authorization answer). */
const GoogleCallbackQuerySchema = z.object({
  code: z.string().optional(),
  state: z.string().optional(),
  error: z.string().optional(),
});

/** The fields of Twilio's status callback that Slotwise reads (Twilio sends more). */
const TwilioStatusCallbackSchema = z
  .object({
    MessageSid: z.string(),
    MessageStatus: z.string(),
    ErrorCode: z.string().optional(),
  })
  .loose();

/** A Stripe event as Stripe sends it (Slotwise re-reads the subscription it names). */
const StripeEventSchema = z.object({ id: z.string(), type: z.string() }).loose();

const week = [0, 1, 2, 3, 4, 5, 6].map((dayOfWeek) => ({
  dayOfWeek,
  isOpen: dayOfWeek !== 0,
  intervals:
    dayOfWeek === 0
      ? []
      : [
          { openTime: '09:00', closeTime: '12:30' },
          { openTime: '13:00', closeTime: '17:00' },
        ],
  slotDuration: 15,
}));

const r = apiRoutes;

/**
 * What each route takes, by route key: every route of the table has an entry (a contracts test
 * keeps it complete), and the API's OpenAPI test compares each with the schemas the handlers
 * really parse with.
 */
export const ROUTE_REQUEST_SCHEMAS: Record<string, RouteRequest> = {
  [r.health.key]: {},
  [r.auth.register.key]: {
    body: RegisterRequestSchema,
    example: { email: 'owner@harbourhair.com.au', password: 'tide pools at dawn 42' },
  },
  [r.auth.verifyEmail.key]: {
    body: VerifyEmailRequestSchema,
    example: { token: 'q8V1yXk2m4Tn7Rb0Lc5Pd9Ws' },
  },
  [r.auth.login.key]: {
    body: LoginRequestSchema,
    example: { email: 'owner@harbourhair.com.au', password: 'tide pools at dawn 42' },
  },
  [r.auth.refresh.key]: {},
  [r.auth.logout.key]: {},
  [r.auth.me.key]: {},
  [r.auth.forgotPassword.key]: {
    body: ForgotPasswordRequestSchema,
    example: { email: 'owner@harbourhair.com.au' },
  },
  [r.auth.resetPassword.key]: {
    body: ResetPasswordRequestSchema,
    example: { token: 'q8V1yXk2m4Tn7Rb0Lc5Pd9Ws', password: 'a new passphrase, longer' },
  },
  [r.auth.changePassword.key]: {
    body: ChangePasswordRequestSchema,
    example: { currentPassword: 'tide pools at dawn 42', newPassword: 'a new passphrase, longer' },
  },
  [r.auth.providers.key]: {},
  [r.auth.google.key]: {},
  [r.auth.googleCallback.key]: { query: GoogleCallbackQuerySchema },
  [r.businesses.list.key]: {},
  [r.businesses.byId.key]: {},
  [r.businesses.bySlug.key]: {},
  [r.businesses.mine.key]: {},
  [r.businesses.byOwner.key]: {},
  [r.businesses.update.key]: {
    body: UpdateBusinessRequestSchema,
    example: { name: 'Harbour Hair Studio', slug: 'harbour-hair', region: 'NSW' },
  },
  [r.businesses.updatePlural.key]: {
    body: UpdateBusinessRequestSchema,
    example: { phone: '02 9876 5432', maxAdvanceDays: 60, publishingEnabled: true },
  },
  [r.services.listBySlug.key]: {},
  [r.services.listById.key]: {},
  [r.services.create.key]: {
    body: CreateServiceRequestSchema,
    example: { businessId: 7, name: "Women's cut", duration: 45, price: 6500 },
  },
  [r.services.update.key]: {
    body: UpdateServiceRequestSchema,
    example: { price: 7000, bufferAfterMinutes: 10 },
  },
  [r.services.remove.key]: {},
  [r.staff.listBySlug.key]: { query: StaffQuerySchema },
  [r.staff.listById.key]: { query: StaffQuerySchema },
  [r.staff.create.key]: {
    body: CreateStaffRequestSchema,
    example: { businessId: 7, firstName: 'Mia', lastName: 'Nguyen', serviceIds: [12, 13] },
  },
  [r.staff.update.key]: { body: UpdateStaffRequestSchema, example: { title: 'Senior stylist' } },
  [r.staff.remove.key]: { query: RemoveStaffQuerySchema },
  [r.staff.upcomingAppointments.key]: {},
  [r.availability.timesBySlug.key]: { query: AvailableTimesQuerySchema },
  [r.availability.timesById.key]: { query: AvailableTimesQuerySchema },
  [r.availability.daysBySlug.key]: { query: AvailableDaysQuerySchema },
  [r.availability.weeklyHours.key]: {},
  [r.availability.replaceWeeklyHours.key]: { body: WeeklyHoursRequestSchema, example: week },
  [r.availability.affectedBookings.key]: {
    body: AffectedBookingsRequestSchema,
    example: { kind: 'closure', from: '2027-01-26', to: '2027-01-26' },
  },
  [r.availability.staffHours.key]: {},
  [r.availability.replaceStaffHours.key]: { body: StaffHoursRequestSchema, example: week },
  [r.availability.clearStaffHours.key]: {},
  [r.availability.closures.key]: {},
  [r.availability.createClosure.key]: {
    body: CreateClosureRequestSchema,
    example: { from: '2027-12-24', to: '2028-01-02', reason: 'Summer break' },
  },
  [r.availability.removeClosure.key]: {},
  [r.availability.holidays.key]: {},
  [r.availability.specialHours.key]: {},
  [r.availability.setSpecialHours.key]: {
    body: SpecialHoursRequestSchema,
    example: {
      date: '2027-12-23',
      intervals: [{ openTime: '08:00', closeTime: '20:00' }],
      reason: 'Late night before Christmas',
    },
  },
  [r.availability.removeSpecialHours.key]: {},
  [r.availability.timeOff.key]: {},
  [r.availability.createTimeOff.key]: {
    body: CreateTimeOffRequestSchema,
    example: { start: '2027-02-01T00:00:00Z', end: '2027-02-05T00:00:00Z', reason: 'Leave' },
  },
  [r.availability.removeTimeOff.key]: {},
  [r.appointments.create.key]: {
    body: CreateAppointmentRequestSchema,
    example: {
      businessId: 7,
      serviceId: 12,
      staffMemberId: null,
      firstName: 'Sam',
      lastName: 'Taylor',
      phone: '0412 345 678',
      email: 'sam@example.com',
      date: '2027-01-05T23:00:00.000Z',
      notificationPreferences: { email: true, sms: true },
    },
  },
  [r.appointments.list.key]: { query: OwnerAppointmentsQuerySchema },
  [r.appointments.days.key]: { query: AppointmentDaysQuerySchema },
  [r.appointments.counts.key]: {},
  [r.appointments.ownerCreate.key]: {
    body: OwnerCreateAppointmentRequestSchema,
    example: {
      serviceId: 12,
      date: '2027-01-06T01:30:00.000Z',
      customer: { firstName: 'Walk', lastName: 'In', phone: '0400 999 111' },
      notifyCustomer: true,
    },
  },
  [r.appointments.update.key]: {
    body: UpdateAppointmentRequestSchema,
    example: { date: '2027-01-06T03:00:00.000Z', staffMemberId: 4, notifyCustomer: true },
  },
  [r.appointments.cancel.key]: {},
  [r.customers.list.key]: { query: CustomersQuerySchema },
  [r.customers.byId.key]: {},
  [r.customers.update.key]: {
    body: UpdateCustomerRequestSchema,
    example: { notes: 'Prefers Mia; sensitive scalp' },
  },
  [r.selfService.cancel.key]: { query: LinkTokenQuerySchema },
  [r.selfService.cancelByPost.key]: {
    body: CancelAppointmentRequestSchema,
    example: { token: 'q8V1yXk2m4Tn7Rb0Lc5Pd9Ws' },
  },
  [r.selfService.cancelDetails.key]: { query: LinkTokenQuerySchema },
  [r.selfService.rescheduleDetails.key]: { query: LinkTokenQuerySchema },
  [r.selfService.reschedule.key]: {
    body: RescheduleRequestSchema,
    example: { token: 'q8V1yXk2m4Tn7Rb0Lc5Pd9Ws', date: '2027-01-07T00:00:00.000Z' },
  },
  [r.messages.testEmail.key]: {
    body: TestEmailRequestSchema,
    example: { email: 'sam@example.com', type: 'reminder', appointmentId: 345 },
  },
  [r.messages.testSms.key]: {
    body: TestSmsRequestSchema,
    example: { phoneNumber: '0412 345 678', type: 'test' },
  },
  [r.messages.status.key]: {},
  [r.messages.messagingStatus.key]: {},
  [r.messages.devOutbox.key]: { query: DevOutboxQuerySchema },
  [r.messages.twilioStatus.key]: {
    body: TwilioStatusCallbackSchema,
    bodyType: 'application/x-www-form-urlencoded',
    headers: { 'x-twilio-signature': "Twilio's signature of the URL and the form" },
    example: { MessageSid: 'SM0123456789abcdef0123456789abcdef', MessageStatus: 'delivered' },
  },
  [r.subscription.config.key]: {},
  [r.subscription.create.key]: {
    body: CreateSubscriptionRequestSchema,
    example: { priceId: 'price_1PfProfessionalMonthly' },
  },
  [r.subscription.status.key]: {},
  [r.subscription.cancel.key]: {},
  [r.subscription.reactivate.key]: {},
  [r.subscription.webhook.key]: {
    body: StripeEventSchema,
    headers: { 'stripe-signature': "Stripe's signature of the exact body bytes" },
    example: { id: 'evt_1PfExample', type: 'customer.subscription.updated' },
  },
  [r.support.send.key]: {
    body: SupportMessageRequestSchema,
    example: {
      firstName: 'Sam',
      lastName: 'Taylor',
      email: 'sam@example.com',
      subject: 'Changing my booking link',
      message: 'Can I keep my old link working after I rename the business?',
    },
  },
  [r.apiDocs.document.key]: {},
  [r.apiDocs.page.key]: {},
};
