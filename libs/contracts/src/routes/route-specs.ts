// Every route's spec (schemas, docs, access, errors), from the features' `*.specs.ts`. Reached by
// the API, the OpenAPI document and the client's development checks; never by a front end's first
// load (the package has no side effects, and nothing the pages run imports this module).
import type { z } from 'zod';
import { calendarDateSchema } from '../dates.js';
import { IdParamSchema, PathStringSchema } from '../ids.js';
import type { ApiRoute } from './api-route.js';
import { activitySpecs } from './activity.specs.js';
import { apiDocsSpecs } from './api-docs.specs.js';
import { apiKeysSpecs } from './api-keys.specs.js';
import { appointmentsSpecs } from './appointments.specs.js';
import { authSpecs } from './auth.specs.js';
import { availabilitySpecs } from './availability.specs.js';
import { businessesSpecs } from './businesses.specs.js';
import { calendarFeedsSpecs } from './calendar-feeds.specs.js';
import { customersSpecs } from './customers.specs.js';
import { healthSpecs } from './health.specs.js';
import type { apiRoutes } from './index.js';
import { messagesSpecs } from './messages.specs.js';
import { reportsSpecs } from './reports.specs.js';
import { paymentsSpecs } from './payments.specs.js';
import type { FeatureRoutes, RouteSpec, RouteTable } from './route-spec.js';
import { selfServiceSpecs } from './self-service.specs.js';
import { servicesSpecs } from './services.specs.js';
import { smsConfirmationSpecs } from './sms-confirmation.specs.js';
import { staffSpecs } from './staff.specs.js';
import { staffRequestsSpecs } from './staff-requests.specs.js';
import { subscriptionSpecs } from './subscription.specs.js';
import { supportSpecs } from './support.specs.js';
import { teamSpecs } from './team.specs.js';
import { webhooksSpecs } from './webhooks.specs.js';

export * from './route-spec.js';

/** Each group of `apiRoutes` described by its feature: a group without one does not compile. */
export const ROUTE_FEATURES: { readonly [G in keyof typeof apiRoutes]: FeatureRoutes<RouteTable> } =
  {
    health: healthSpecs,
    auth: authSpecs,
    businesses: businessesSpecs,
    services: servicesSpecs,
    staff: staffSpecs,
    availability: availabilitySpecs,
    appointments: appointmentsSpecs,
    customers: customersSpecs,
    reports: reportsSpecs,
    selfService: selfServiceSpecs,
    messages: messagesSpecs,
    smsConfirmation: smsConfirmationSpecs,
    calendarFeeds: calendarFeedsSpecs,
    subscription: subscriptionSpecs,
    payments: paymentsSpecs,
    support: supportSpecs,
    apiDocs: apiDocsSpecs,
    activity: activitySpecs,
    team: teamSpecs,
    staffRequests: staffRequestsSpecs,
    webhooks: webhooksSpecs,
    apiKeys: apiKeysSpecs,
  };

/** A route's spec with the document tag of its feature. */
export interface RouteEntry {
  route: ApiRoute<unknown, unknown, unknown>;
  spec: RouteSpec;
  tag: { name: string; description: string };
}

/** Every described route, by route key (`GET business/:id`). */
export const ROUTE_SPECS: ReadonlyMap<string, RouteEntry> = new Map(
  Object.values(ROUTE_FEATURES).flatMap((feature) =>
    Object.entries(feature.table).map(([name, route]) => [
      route.key,
      { route, spec: feature.routes[name]!, tag: feature.tag },
    ]),
  ),
);

/** The spec of a route; a route the features do not describe is a programming error. */
export function routeSpecOf(route: ApiRoute<unknown, unknown, unknown>): RouteSpec {
  const entry = ROUTE_SPECS.get(route.key);
  if (!entry) throw new Error(`${route.key} is described by no feature's specs`);
  return entry.spec;
}

/** The schema a route's answer must match, or null when it answers no JSON. */
export function responseSchemaOf(route: ApiRoute<unknown, unknown, unknown>): z.ZodType | null {
  return ROUTE_SPECS.get(route.key)?.spec.response ?? null;
}

/**
 * Path parameters by name, as the handlers read them (`idPipe()` parses the numeric ids with
 * IdParamSchema; `pathStringPipe()` the others). Every path parameter has an entry.
 */
export const PATH_PARAM_SCHEMAS: Record<string, { schema: z.ZodType; description: string }> = {
  id: { schema: IdParamSchema('id'), description: 'Numeric id of the item the path names' },
  closureId: { schema: IdParamSchema('closureId'), description: 'Numeric id of the closure' },
  timeOffId: { schema: IdParamSchema('timeOffId'), description: 'Numeric id of the time off' },
  jobId: { schema: IdParamSchema('jobId'), description: 'Numeric id of the client import' },
  slug: {
    schema: PathStringSchema,
    description: "The business's booking link (any case; an old link still leads to it)",
  },
  invitationId: {
    schema: IdParamSchema('invitationId'),
    description: 'Numeric id of the invitation',
  },
  memberId: { schema: IdParamSchema('memberId'), description: 'Numeric id of the membership' },
  requestId: {
    schema: IdParamSchema('requestId'),
    description: 'Numeric id of the hours or time-off request',
  },
  webhookId: {
    schema: IdParamSchema('webhookId'),
    description: 'Numeric id of the webhook endpoint',
  },
  deliveryId: { schema: IdParamSchema('deliveryId'), description: 'Numeric id of the delivery' },
  keyId: { schema: IdParamSchema('keyId'), description: 'Numeric id of the API key' },
  userId: { schema: PathStringSchema, description: "The signed-in owner's user id" },
  feedId: { schema: IdParamSchema('feedId'), description: 'Numeric id of the calendar feed' },
  file: { schema: PathStringSchema, description: "The feed's secret token followed by .ics" },
  date: {
    schema: calendarDateSchema('date'),
    description: "A date on the business's calendar (YYYY-MM-DD)",
  },
};
