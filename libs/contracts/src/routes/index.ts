// Zod-free on purpose: the front ends import the table without pulling the schema library in.
// Each feature declares its routes in `<feature>.routes.ts` (method, path, types) and describes
// them in `<feature>.specs.ts` (schemas, docs, access, errors), which must cover every route.
import {
  API_PREFIX,
  type ApiRoute,
  flatten,
  type PathParams,
  type RouteTree,
} from './api-route.js';
import { activityRoutes } from './activity.routes.js';
import { apiDocsRoutes } from './api-docs.routes.js';
import { apiKeysRoutes } from './api-keys.routes.js';
import { appointmentsRoutes } from './appointments.routes.js';
import { authRoutes } from './auth.routes.js';
import { availabilityRoutes } from './availability.routes.js';
import { businessesRoutes } from './businesses.routes.js';
import { calendarFeedsRoutes } from './calendar-feeds.routes.js';
import { customersRoutes } from './customers.routes.js';
import { healthRoutes } from './health.routes.js';
import { messagesRoutes } from './messages.routes.js';
import { reportsRoutes } from './reports.routes.js';
import { paymentsRoutes } from './payments.routes.js';
import { selfServiceRoutes } from './self-service.routes.js';
import { servicesRoutes } from './services.routes.js';
import { smsConfirmationRoutes } from './sms-confirmation.routes.js';
import { staffRoutes } from './staff.routes.js';
import { staffRequestsRoutes } from './staff-requests.routes.js';
import { subscriptionRoutes } from './subscription.routes.js';
import { supportRoutes } from './support.routes.js';
import { teamRoutes } from './team.routes.js';
import { webhooksRoutes } from './webhooks.routes.js';

export * from './api-route.js';
export type {
  AppointmentDaysQueryInput,
  OwnerAppointmentsQueryInput,
} from './appointments.routes.js';

/**
 * Every endpoint of the API, grouped by what it is about. The API's controllers declare their
 * routes from this table (`@Route(apiRoutes.services.create)`) and the front ends call them through
 * it (`api.request(apiRoutes.services.create, { body })`), so a path exists in one place only.
 */
export const apiRoutes = {
  ...healthRoutes,
  auth: authRoutes,
  businesses: businessesRoutes,
  services: servicesRoutes,
  staff: staffRoutes,
  availability: availabilityRoutes,
  appointments: appointmentsRoutes,
  customers: customersRoutes,
  reports: reportsRoutes,
  selfService: selfServiceRoutes,
  messages: messagesRoutes,
  smsConfirmation: smsConfirmationRoutes,
  calendarFeeds: calendarFeedsRoutes,
  subscription: subscriptionRoutes,
  payments: paymentsRoutes,
  support: supportRoutes,
  apiDocs: apiDocsRoutes,
  activity: activityRoutes,
  team: teamRoutes,
  staffRequests: staffRequestsRoutes,
  webhooks: webhooksRoutes,
  apiKeys: apiKeysRoutes,
} as const;

/** Every route of the table, once. */
export function allApiRoutes(): ApiRoute<unknown, unknown, unknown>[] {
  return flatten(apiRoutes as unknown as RouteTree);
}

// Here rather than in api-route.ts: every front end's client uses it, which keeps the table in the
// bundle's first chunk with it instead of in a chunk split off for the pages that share it.
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
