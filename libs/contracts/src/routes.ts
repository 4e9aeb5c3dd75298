// Zod-free on purpose: the front ends import the table without pulling the schema library in.
import type {
  ChangePasswordRequest,
  ForgotPasswordRequest,
  MeResponse,
  MessageResponse,
  ResetPasswordRequest,
  SessionResponse,
} from './auth.js';
import type { Availability, AvailableTime, AvailableTimesQuery } from './availability.js';
import type {
  AffectedBooking,
  AffectedBookingsRequest,
  AvailableDays,
  AvailableDaysQuery,
  Closure,
  CreateClosureRequest,
  CreateTimeOffRequest,
  PublicHoliday,
  SpecialHours,
  SpecialHoursRequest,
  StaffHours,
  StaffHoursRequest,
  TimeOff,
  WeeklyHoursRequest,
} from './schedule.js';
import type { CreateAppointmentRequest, CreateAppointmentResponse } from './appointment.js';
import type {
  CustomerDetail,
  CustomersQueryInput,
  CustomerSummary,
  UpdateCustomerRequest,
} from './customers.js';
import type { Business } from './business.js';
import type { HealthResponse } from './health.js';
import type {
  DevOutboxMessage,
  ManualMessageResponse,
  MessageStatus,
  MessagingStatus,
  TestEmailRequest,
  TestSmsRequest,
} from './messages.js';
import type {
  CreateServiceRequest,
  CreateStaffRequest,
  UpdateBusinessRequest,
  UpdateServiceRequest,
  UpdateStaffRequest,
} from './owner.js';
import type {
  AppointmentCounts,
  AppointmentDays,
  OwnerAppointment,
  OwnerCreateAppointmentRequest,
  UpdateAppointmentRequest,
} from './owner-appointments.js';
import type {
  CancelAppointmentRequest,
  CancelAppointmentResponse,
  RescheduleDetails,
  RescheduleRequest,
  RescheduleResponse,
} from './self-service.js';
import type { Service } from './service.js';
import type { RemoveStaffQuery, StaffMember } from './staff.js';
import type {
  CreateSubscriptionRequest,
  CreateSubscriptionResponse,
  StripeWebhookResponse,
  SubscriptionConfig,
  SubscriptionStatus,
} from './subscription.js';
import type { SupportMessageRequest } from './support.js';
import type { OpenApiDocument } from './api-docs.js';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Every API path starts with this segment (`/api/...`), on the API and in the clients alike. */
export const API_PREFIX = 'api';

/**
 * One API endpoint: its method and its path below `/api`, in the `:param` form NestJS and the
 * clients both read. The type parameters say what it answers and takes; they exist only for the
 * compiler (`__types` is never set), so the table costs the browser a few strings per route.
 */
export interface ApiRoute<
  Response = unknown,
  Body = undefined,
  Query = undefined,
  Path extends string = string,
> {
  readonly method: HttpMethod;
  readonly path: Path;
  /** `${method} ${path}`: unique, the key of the route's schemas (route-schemas.ts). */
  readonly key: `${HttpMethod} ${Path}`;
  readonly __types?: { response: Response; body: Body; query: Query };
}

type Segments<P extends string> = P extends `${infer Head}/${infer Rest}`
  ? Head | Segments<Rest>
  : P;
type ParamName<S> = S extends `:${infer Name}` ? Name : never;
/** `{ id: number | string }` for 'business/:id/services'; `{}` for a path without parameters. */
export type PathParams<P extends string> = { [K in ParamName<Segments<P>>]: string | number };

export type RouteResponse<R> =
  R extends ApiRoute<infer Res, unknown, unknown, string> ? Res : never;
export type RouteBody<R> = R extends ApiRoute<unknown, infer B, unknown, string> ? B : never;
export type RouteQuery<R> = R extends ApiRoute<unknown, unknown, infer Q, string> ? Q : never;
export type RoutePath<R> = R extends ApiRoute<unknown, unknown, unknown, infer P> ? P : never;

/** `route<Business>()('GET', 'business/:id')`: the curried form lets TypeScript infer the path. */
function route<Response, Body = undefined, Query = undefined>() {
  return <const Path extends string>(
    method: HttpMethod,
    path: Path,
  ): ApiRoute<Response, Body, Query, Path> => ({ method, path, key: `${method} ${path}` });
}

/** Query strings the dashboard's appointment list understands (see OwnerAppointmentsQuerySchema). */
export interface OwnerAppointmentsQueryInput {
  from?: string;
  to?: string;
  q?: string;
  status?: string;
  limit?: number;
  offset?: number;
}

/** Query strings of the diary's month grid (see AppointmentDaysQuerySchema). */
export interface AppointmentDaysQueryInput {
  from: string;
  to: string;
  perDay?: number;
  staffId?: number;
  q?: string;
  status?: string;
}

/**
 * Every endpoint of the API, grouped by what it is about. The API's controllers declare their
 * routes from this table (`@Route(apiRoutes.services.create)`) and the front ends call them through
 * it (`api.request(apiRoutes.services.create, { body })`), so a path exists in one place only.
 */
export const apiRoutes = {
  health: route<HealthResponse>()('GET', 'health'),
  auth: {
    register: route<MessageResponse, { email: string; password: string; next?: string }>()(
      'POST',
      'auth/register',
    ),
    verifyEmail: route<MessageResponse, { token: string }>()('POST', 'auth/verify-email'),
    login: route<SessionResponse, { email: string; password: string }>()('POST', 'auth/login'),
    refresh: route<SessionResponse>()('POST', 'auth/refresh'),
    logout: route<void>()('POST', 'auth/logout'),
    me: route<MeResponse>()('GET', 'auth/me'),
    /** Emails a single-use reset link (one hour); the same answer for unknown addresses. */
    forgotPassword: route<MessageResponse, ForgotPasswordRequest>()('POST', 'auth/forgot-password'),
    /** Sets the password from the emailed link's token and ends every session. */
    resetPassword: route<MessageResponse, ResetPasswordRequest>()('POST', 'auth/reset-password'),
    /** Signed in: keeps the caller's session (refresh cookie), ends the others. */
    changePassword: route<MessageResponse, ChangePasswordRequest>()('POST', 'auth/change-password'),
    providers: route<{ google: boolean }>()('GET', 'auth/providers'),
    /** Browser navigations (redirects), not JSON calls. */
    google: route<void>()('GET', 'auth/google'),
    googleCallback: route<void>()('GET', 'auth/google/callback'),
  },
  businesses: {
    list: route<Business[]>()('GET', 'businesses'),
    byId: route<Business>()('GET', 'business/:id'),
    bySlug: route<Business>()('GET', 'business/slug/:slug'),
    /** The signed-in owner's business, created on first use. */
    mine: route<Business>()('GET', 'business/me'),
    /** The spec's form of `mine`: 403 for anyone but the user named. */
    byOwner: route<Business>()('GET', 'business/owner/:userId'),
    update: route<Business, UpdateBusinessRequest>()('PATCH', 'business/:id'),
    /** The dashboard's variant of `update` (spec: PATCH /api/businesses/{id}). */
    updatePlural: route<Business, UpdateBusinessRequest>()('PATCH', 'businesses/:id'),
  },
  services: {
    listBySlug: route<Service[]>()('GET', 'business/slug/:slug/services'),
    /** Public: the active services; to the owner: all of them. */
    listById: route<Service[]>()('GET', 'business/:id/services'),
    create: route<Service, CreateServiceRequest>()('POST', 'services'),
    update: route<Service, UpdateServiceRequest>()('PATCH', 'services/:id'),
    remove: route<void>()('DELETE', 'services/:id'),
  },
  staff: {
    listBySlug: route<StaffMember[], undefined, { serviceId?: number }>()(
      'GET',
      'business/slug/:slug/staff',
    ),
    /** Public: active staff without contact details; to the owner: everyone, in full. */
    listById: route<StaffMember[], undefined, { serviceId?: number }>()(
      'GET',
      'business/:id/staff',
    ),
    create: route<StaffMember, CreateStaffRequest>()('POST', 'staff'),
    update: route<StaffMember, UpdateStaffRequest>()('PATCH', 'staff/:id'),
    /** With upcoming bookings, only with a decision about them (RemoveStaffQuerySchema). */
    remove: route<void, undefined, RemoveStaffQuery>()('DELETE', 'staff/:id'),
    /** The person's bookings still to come (not started, not cancelled), soonest first. */
    upcomingAppointments: route<AffectedBooking[]>()('GET', 'staff/:id/upcoming-appointments'),
  },
  availability: {
    timesBySlug: route<
      AvailableTime[],
      undefined,
      Omit<AvailableTimesQuery, 'nocache'> & { nocache?: number }
    >()('GET', 'business/slug/:slug/available-times'),
    timesById: route<
      AvailableTime[],
      undefined,
      Omit<AvailableTimesQuery, 'nocache'> & { nocache?: number }
    >()('GET', 'business/:id/available-times'),
    /** The month's dates and whether each has a free slot (closed, fully booked, outside the window). */
    daysBySlug: route<AvailableDays, undefined, AvailableDaysQuery>()(
      'GET',
      'business/slug/:slug/available-days',
    ),
    weeklyHours: route<Availability[]>()('GET', 'business/:id/availability'),
    replaceWeeklyHours: route<Availability[], WeeklyHoursRequest>()(
      'PUT',
      'business/:id/availability',
    ),
    /** Upcoming bookings a proposed change of hours would leave outside them (nothing is saved). */
    affectedBookings: route<AffectedBooking[], AffectedBookingsRequest>()(
      'POST',
      'business/:id/availability/affected-bookings',
    ),
    staffHours: route<StaffHours>()('GET', 'staff/:id/availability'),
    replaceStaffHours: route<StaffHours, StaffHoursRequest>()('PUT', 'staff/:id/availability'),
    /** The person works the business's hours again. */
    clearStaffHours: route<StaffHours>()('DELETE', 'staff/:id/availability'),
    closures: route<Closure[]>()('GET', 'business/:id/closures'),
    createClosure: route<Closure, CreateClosureRequest>()('POST', 'business/:id/closures'),
    removeClosure: route<void>()('DELETE', 'business/:id/closures/:closureId'),
    /** Public holidays of the business's state in the next twelve months. */
    holidays: route<PublicHoliday[]>()('GET', 'business/:id/closures/holidays'),
    specialHours: route<SpecialHours[]>()('GET', 'business/:id/special-hours'),
    /** Sets (or replaces) the hours of one date. */
    setSpecialHours: route<SpecialHours, SpecialHoursRequest>()(
      'POST',
      'business/:id/special-hours',
    ),
    removeSpecialHours: route<void>()('DELETE', 'business/:id/special-hours/:date'),
    timeOff: route<TimeOff[]>()('GET', 'staff/:id/time-off'),
    createTimeOff: route<TimeOff, CreateTimeOffRequest>()('POST', 'staff/:id/time-off'),
    removeTimeOff: route<void>()('DELETE', 'staff/:id/time-off/:timeOffId'),
  },
  appointments: {
    /** A customer's booking (public). */
    create: route<CreateAppointmentResponse, CreateAppointmentRequest>()('POST', 'appointments'),
    list: route<OwnerAppointment[], undefined, OwnerAppointmentsQueryInput>()(
      'GET',
      'business/:id/appointments',
    ),
    /** The month grid: each day's first few and its total. */
    days: route<AppointmentDays, undefined, AppointmentDaysQueryInput>()(
      'GET',
      'business/:id/appointment-days',
    ),
    counts: route<AppointmentCounts>()('GET', 'business/:id/appointment-counts'),
    /** The owner books a phone or walk-in client. */
    ownerCreate: route<OwnerAppointment, OwnerCreateAppointmentRequest>()(
      'POST',
      'business/:id/appointments',
    ),
    update: route<OwnerAppointment, UpdateAppointmentRequest>()('PATCH', 'appointments/:id'),
    /** Cancels: the row stays, with status 'cancelled'. */
    cancel: route<OwnerAppointment>()('DELETE', 'appointments/:id'),
  },
  /** The owner's clients (one per phone number) and their history. */
  customers: {
    list: route<CustomerSummary[], undefined, CustomersQueryInput>()(
      'GET',
      'business/:id/customers',
    ),
    byId: route<CustomerDetail>()('GET', 'customers/:id'),
    update: route<CustomerDetail, UpdateCustomerRequest>()('PATCH', 'customers/:id'),
  },
  selfService: {
    cancel: route<CancelAppointmentResponse, undefined, { token: string }>()(
      'GET',
      'cancel-appointment',
    ),
    /** The cancel page's cancel: a POST, so opening the link (mail scanners do) cancels nothing. */
    cancelByPost: route<CancelAppointmentResponse, CancelAppointmentRequest>()(
      'POST',
      'cancel-appointment',
    ),
    /** The booking behind a cancel link, read without cancelling it (the cancel page shows it). */
    cancelDetails: route<RescheduleDetails, undefined, { token: string }>()(
      'GET',
      'cancel-appointment/details',
    ),
    rescheduleDetails: route<RescheduleDetails, undefined, { token: string }>()(
      'GET',
      'reschedule',
    ),
    reschedule: route<RescheduleResponse, RescheduleRequest>()('POST', 'reschedule'),
  },
  messages: {
    testEmail: route<ManualMessageResponse, TestEmailRequest>()('POST', 'test-email'),
    testSms: route<ManualMessageResponse, TestSmsRequest>()('POST', 'test-sms'),
    /** One of the owner's business's messages, as it is now (screens follow a send with it). */
    status: route<MessageStatus>()('GET', 'messages/:id'),
    /** Whether the server has an SMS and an email provider (the dashboard's banner). */
    messagingStatus: route<MessagingStatus>()('GET', 'messaging-status'),
    /** The development mailbox (only where it is switched on). */
    devOutbox: route<DevOutboxMessage[], undefined, { to?: string }>()('GET', 'dev/outbox'),
    /** Twilio's delivery reports (form-encoded, signed by Twilio). */
    twilioStatus: route<void>()('POST', 'webhooks/twilio/status'),
  },
  subscription: {
    config: route<SubscriptionConfig>()('GET', 'subscription-config'),
    create: route<CreateSubscriptionResponse, CreateSubscriptionRequest>()(
      'POST',
      'create-subscription',
    ),
    status: route<SubscriptionStatus>()('GET', 'subscription-status'),
    cancel: route<SubscriptionStatus>()('POST', 'cancel-subscription'),
    reactivate: route<SubscriptionStatus>()('POST', 'reactivate-subscription'),
    /** Stripe's events (raw body, signed by Stripe). */
    webhook: route<StripeWebhookResponse>()('POST', 'stripe/webhook'),
  },
  support: {
    send: route<MessageResponse, SupportMessageRequest>()('POST', 'support-messages'),
  },
  /** This API described: the OpenAPI 3.1 document, and a page that reads it to people. */
  apiDocs: {
    document: route<OpenApiDocument>()('GET', 'openapi.json'),
    /** HTML. */
    page: route<string>()('GET', 'docs'),
  },
} as const;

type RouteTree = { readonly [key: string]: ApiRoute<unknown, unknown, unknown> | RouteTree };

function flatten(tree: RouteTree): ApiRoute<unknown, unknown, unknown>[] {
  return Object.values(tree).flatMap((node) =>
    'method' in node && typeof node.method === 'string'
      ? [node as ApiRoute<unknown, unknown, unknown>]
      : flatten(node as RouteTree),
  );
}

/** Every route of the table, once. */
export function allApiRoutes(): ApiRoute<unknown, unknown, unknown>[] {
  return flatten(apiRoutes as unknown as RouteTree);
}

/**
 * The URL of a route: `/api/business/7/services`, each parameter encoded. A missing parameter is a
 * programming error, so it throws rather than calling some other URL.
 */
export function apiPath<P extends string>(
  route: ApiRoute<unknown, unknown, unknown, P>,
  ...[params]: keyof PathParams<P> extends never ? [params?: undefined] : [params: PathParams<P>]
): string {
  const values = (params ?? {}) as Record<string, string | number>;
  const path = route.path.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined || value === '') {
      throw new Error(`${route.key} needs the path parameter "${name}"`);
    }
    return encodeURIComponent(String(value));
  });
  return `/${API_PREFIX}/${path}`;
}
