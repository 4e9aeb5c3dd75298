// Zod-free on purpose: the front ends import the table without pulling the schema library in.
// Each feature declares its routes in `<feature>.routes.ts` (method, path, types) and describes
// them in `<feature>.specs.ts` (schemas, docs, access, errors), which must cover every route.
import { type ApiRoute, flatten, type RouteTree } from './api-route.js';
import { apiDocsRoutes } from './api-docs.routes.js';
import { appointmentsRoutes } from './appointments.routes.js';
import { authRoutes } from './auth.routes.js';
import { availabilityRoutes } from './availability.routes.js';
import { businessesRoutes } from './businesses.routes.js';
import { customersRoutes } from './customers.routes.js';
import { healthRoutes } from './health.routes.js';
import { messagesRoutes } from './messages.routes.js';
import { selfServiceRoutes } from './self-service.routes.js';
import { servicesRoutes } from './services.routes.js';
import { staffRoutes } from './staff.routes.js';
import { subscriptionRoutes } from './subscription.routes.js';
import { supportRoutes } from './support.routes.js';

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
  selfService: selfServiceRoutes,
  messages: messagesRoutes,
  subscription: subscriptionRoutes,
  support: supportRoutes,
  apiDocs: apiDocsRoutes,
} as const;

/** Every route of the table, once. */
export function allApiRoutes(): ApiRoute<unknown, unknown, unknown>[] {
  return flatten(apiRoutes as unknown as RouteTree);
}
