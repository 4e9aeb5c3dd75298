import type { z } from 'zod';
import { AvailabilitySchema, AvailableTimeListSchema } from './availability.js';
import {
  AffectedBookingListSchema,
  AvailableDaysSchema,
  ClosureListSchema,
  ClosureSchema,
  PublicHolidayListSchema,
  SpecialHoursListSchema,
  SpecialHoursSchema,
  StaffHoursSchema,
  TimeOffListSchema,
  TimeOffSchema,
} from './schedule.js';
import { CreateAppointmentResponseSchema } from './appointment.js';
import { CustomerDetailSchema, CustomerListSchema } from './customers.js';
import {
  AuthProvidersSchema,
  MeResponseSchema,
  MessageResponseSchema,
  SessionResponseSchema,
} from './auth.js';
import { BusinessListSchema, BusinessSchema } from './business.js';
import { HealthResponseSchema } from './health.js';
import {
  DevOutboxMessageSchema,
  ManualMessageResponseSchema,
  MessageStatusSchema,
  MessagingStatusSchema,
} from './messages.js';
import {
  AppointmentCountsSchema,
  AppointmentDaysSchema,
  OwnerAppointmentListSchema,
  OwnerAppointmentSchema,
} from './owner-appointments.js';
import { OpenApiDocumentSchema } from './api-docs.js';
import { type ApiRoute, apiRoutes } from './routes.js';
import {
  CancelAppointmentResponseSchema,
  RescheduleDetailsSchema,
  RescheduleResponseSchema,
} from './self-service.js';
import { ServiceListSchema, ServiceSchema } from './service.js';
import { StaffListSchema, StaffMemberSchema } from './staff.js';
import {
  CreateSubscriptionResponseSchema,
  StripeWebhookResponseSchema,
  SubscriptionConfigSchema,
  SubscriptionStatusSchema,
} from './subscription.js';

const r = apiRoutes;

/**
 * The schema of each route's JSON answer, by route key; null where the route answers no JSON (204,
 * redirects, webhooks' acknowledgements). The API client checks answers against it in development
 * and tests, and a contracts test keeps it complete.
 */
export const ROUTE_RESPONSE_SCHEMAS: Record<string, z.ZodType | null> = {
  [r.health.key]: HealthResponseSchema,
  [r.auth.register.key]: MessageResponseSchema,
  [r.auth.verifyEmail.key]: MessageResponseSchema,
  [r.auth.login.key]: SessionResponseSchema,
  [r.auth.refresh.key]: SessionResponseSchema,
  [r.auth.logout.key]: null,
  [r.auth.me.key]: MeResponseSchema,
  [r.auth.forgotPassword.key]: MessageResponseSchema,
  [r.auth.resetPassword.key]: MessageResponseSchema,
  [r.auth.changePassword.key]: MessageResponseSchema,
  [r.auth.providers.key]: AuthProvidersSchema,
  [r.auth.google.key]: null,
  [r.auth.googleCallback.key]: null,
  [r.businesses.list.key]: BusinessListSchema,
  [r.businesses.byId.key]: BusinessSchema,
  [r.businesses.bySlug.key]: BusinessSchema,
  [r.businesses.mine.key]: BusinessSchema,
  [r.businesses.byOwner.key]: BusinessSchema,
  [r.businesses.update.key]: BusinessSchema,
  [r.businesses.updatePlural.key]: BusinessSchema,
  [r.services.listBySlug.key]: ServiceListSchema,
  [r.services.listById.key]: ServiceListSchema,
  [r.services.create.key]: ServiceSchema,
  [r.services.update.key]: ServiceSchema,
  [r.services.remove.key]: null,
  [r.staff.listBySlug.key]: StaffListSchema,
  [r.staff.listById.key]: StaffListSchema,
  [r.staff.create.key]: StaffMemberSchema,
  [r.staff.update.key]: StaffMemberSchema,
  [r.staff.remove.key]: null,
  [r.staff.upcomingAppointments.key]: AffectedBookingListSchema,
  [r.availability.timesBySlug.key]: AvailableTimeListSchema,
  [r.availability.timesById.key]: AvailableTimeListSchema,
  [r.availability.weeklyHours.key]: AvailabilitySchema.array(),
  [r.availability.replaceWeeklyHours.key]: AvailabilitySchema.array(),
  [r.availability.daysBySlug.key]: AvailableDaysSchema,
  [r.availability.affectedBookings.key]: AffectedBookingListSchema,
  [r.availability.staffHours.key]: StaffHoursSchema,
  [r.availability.replaceStaffHours.key]: StaffHoursSchema,
  [r.availability.clearStaffHours.key]: StaffHoursSchema,
  [r.availability.closures.key]: ClosureListSchema,
  [r.availability.createClosure.key]: ClosureSchema,
  [r.availability.removeClosure.key]: null,
  [r.availability.holidays.key]: PublicHolidayListSchema,
  [r.availability.specialHours.key]: SpecialHoursListSchema,
  [r.availability.setSpecialHours.key]: SpecialHoursSchema,
  [r.availability.removeSpecialHours.key]: null,
  [r.availability.timeOff.key]: TimeOffListSchema,
  [r.availability.createTimeOff.key]: TimeOffSchema,
  [r.availability.removeTimeOff.key]: null,
  [r.appointments.create.key]: CreateAppointmentResponseSchema,
  [r.appointments.list.key]: OwnerAppointmentListSchema,
  [r.appointments.days.key]: AppointmentDaysSchema,
  [r.appointments.counts.key]: AppointmentCountsSchema,
  [r.appointments.ownerCreate.key]: OwnerAppointmentSchema,
  [r.appointments.update.key]: OwnerAppointmentSchema,
  [r.appointments.cancel.key]: OwnerAppointmentSchema,
  [r.customers.list.key]: CustomerListSchema,
  [r.customers.byId.key]: CustomerDetailSchema,
  [r.customers.update.key]: CustomerDetailSchema,
  [r.selfService.cancel.key]: CancelAppointmentResponseSchema,
  [r.selfService.cancelByPost.key]: CancelAppointmentResponseSchema,
  [r.selfService.cancelDetails.key]: RescheduleDetailsSchema,
  [r.selfService.rescheduleDetails.key]: RescheduleDetailsSchema,
  [r.selfService.reschedule.key]: RescheduleResponseSchema,
  [r.messages.testEmail.key]: ManualMessageResponseSchema,
  [r.messages.testSms.key]: ManualMessageResponseSchema,
  [r.messages.status.key]: MessageStatusSchema,
  [r.messages.messagingStatus.key]: MessagingStatusSchema,
  [r.messages.devOutbox.key]: DevOutboxMessageSchema.array(),
  [r.messages.twilioStatus.key]: null,
  [r.subscription.config.key]: SubscriptionConfigSchema,
  [r.subscription.create.key]: CreateSubscriptionResponseSchema,
  [r.subscription.status.key]: SubscriptionStatusSchema,
  [r.subscription.cancel.key]: SubscriptionStatusSchema,
  [r.subscription.reactivate.key]: SubscriptionStatusSchema,
  [r.subscription.webhook.key]: StripeWebhookResponseSchema,
  [r.support.send.key]: MessageResponseSchema,
  [r.apiDocs.document.key]: OpenApiDocumentSchema,
  [r.apiDocs.page.key]: null,
};

/** The schema a route's answer must match, or null when it answers no JSON. */
export function responseSchemaOf(route: ApiRoute<unknown, unknown, unknown>): z.ZodType | null {
  return ROUTE_RESPONSE_SCHEMAS[route.key] ?? null;
}
