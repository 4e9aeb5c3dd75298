import { ErrorCode } from '../error-codes.js';
import {
  CreateAppointmentRequestSchema,
  CreateAppointmentResponseSchema,
  HeldBookingStatusQuerySchema,
  HeldBookingStatusSchema,
} from '../appointment.js';
import {
  AppointmentCountsSchema,
  AppointmentDaysQuerySchema,
  AppointmentDaysSchema,
  OwnerAppointmentListSchema,
  OwnerAppointmentSchema,
  OwnerAppointmentsQuerySchema,
  OwnerCreateAppointmentRequestSchema,
  UpdateAppointmentRequestSchema,
} from '../owner-appointments.js';
import { defineRoutes, ownerRoute } from './route-spec.js';
import { appointmentsRoutes } from './appointments.routes.js';

export const appointmentsSpecs = defineRoutes(appointmentsRoutes, {
  tag: {
    name: 'Appointments',
    description: "Customers' bookings and the owner's diary.",
  },
  routes: {
    create: {
      summary: "A customer's booking",
      description:
        "No account needed: a name and a mobile number. The customer is texted (and emailed) a confirmation with cancel and reschedule links. Limited per client IP and per phone number. When the service's payment policy asks for a deposit or a card (and the business's Stripe account is enabled), `acceptedPolicy` must be its exact wording (409 POLICY_NOT_ACCEPTED otherwise); the answer is then the appointment in status `pending_payment`, held 10 minutes, with a `payment` for Stripe's Payment Element, and the confirmations go once Stripe's webhook confirms it.",
      rateLimited: true,
      errors: [
        ErrorCode.BUSINESS_NOT_FOUND,
        ErrorCode.SERVICE_NOT_FOUND,
        ErrorCode.STAFF_NOT_FOUND,
        ErrorCode.SLOT_UNAVAILABLE,
        ErrorCode.SLOT_TAKEN,
        ErrorCode.POLICY_NOT_ACCEPTED,
        ErrorCode.PAYMENT_PROVIDER_ERROR,
      ],
      response: CreateAppointmentResponseSchema,
      request: {
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
    },
    list: ownerRoute(
      [ErrorCode.BUSINESS_NOT_FOUND],
      "The business's appointments: searched, filtered and paged",
      OwnerAppointmentListSchema,
      {
        description: 'Without any parameter, the whole list (newest first).',
        request: { query: OwnerAppointmentsQuerySchema },
        apiKeyScope: 'bookings:read',
      },
    ),
    days: ownerRoute(
      [ErrorCode.BUSINESS_NOT_FOUND],
      "The diary's month grid: each business-local day's first few and its total",
      AppointmentDaysSchema,
      { request: { query: AppointmentDaysQuerySchema }, apiKeyScope: 'bookings:read' },
    ),
    counts: ownerRoute(
      [ErrorCode.BUSINESS_NOT_FOUND],
      "Today's and upcoming counts",
      AppointmentCountsSchema,
      { apiKeyScope: 'bookings:read' },
    ),
    ownerCreate: ownerRoute(
      [
        ErrorCode.BUSINESS_NOT_FOUND,
        ErrorCode.SERVICE_NOT_FOUND,
        ErrorCode.STAFF_NOT_FOUND,
        ErrorCode.NOT_FOUND,
        ErrorCode.SLOT_TAKEN,
        ErrorCode.OUTSIDE_HOURS,
        ErrorCode.BOOKING_REFUSED,
        ErrorCode.CUSTOMER_PHONE_TAKEN,
      ],
      'The owner books a phone or walk-in client',
      OwnerAppointmentSchema,
      {
        description:
          'Outside opening or working hours only with `outsideHours: true` (409 OUTSIDE_HOURS first); never on leave, on a closed day, by a staff member who does not offer the service, or over another booking of the same resource (409 BOOKING_REFUSED). Both list every reason that applies as `issues` (`path` reasons.<reason>).',
        request: {
          body: OwnerCreateAppointmentRequestSchema,
          example: {
            serviceId: 12,
            date: '2027-01-06T01:30:00.000Z',
            customer: { firstName: 'Walk', lastName: 'In', phone: '0400 999 111' },
            notifyCustomer: true,
          },
        },
        apiKeyScope: 'bookings:write',
      },
    ),
    update: ownerRoute(
      [
        ErrorCode.NOT_FOUND,
        ErrorCode.STAFF_NOT_FOUND,
        ErrorCode.SLOT_TAKEN,
        ErrorCode.OUTSIDE_HOURS,
        ErrorCode.BOOKING_REFUSED,
      ],
      "Change an appointment's status or notes, or move it",
      OwnerAppointmentSchema,
      {
        description:
          '`completed` and `no_show` are refused before the start. A move outside opening or working hours needs `outsideHours: true` (409 OUTSIDE_HOURS); leave, a closed day, a staff member who does not offer the service or another booking refuse it (409 BOOKING_REFUSED); both list every reason as `issues` (`path` reasons.<reason>).',
        request: {
          body: UpdateAppointmentRequestSchema,
          example: { date: '2027-01-06T03:00:00.000Z', staffMemberId: 4, notifyCustomer: true },
        },
        apiKeyScope: 'bookings:write',
      },
    ),
    cancel: ownerRoute(
      [ErrorCode.NOT_FOUND],
      'Cancel an appointment (the row stays, with status cancelled)',
      OwnerAppointmentSchema,
      { apiKeyScope: 'bookings:write' },
    ),
    paymentStatus: {
      summary: "A held booking's state while Stripe confirms its payment",
      description:
        "The booking page polls this after confirming the Payment Element: `pending_payment` until Stripe's webhook confirms it (`confirmed`), `expired` when the hold ended unpaid. The Payment Element's client secret authorises the read; another answers 404.",
      errors: [ErrorCode.NOT_FOUND],
      response: HeldBookingStatusSchema,
      request: { query: HeldBookingStatusQuerySchema },
    },
  },
});
