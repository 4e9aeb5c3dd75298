// Generated from the router: every route Nest registers is found here, and each one must have its
// requirement in the contracts' permission table (ROUTE_PERMISSIONS, decision 015). Each one that is
// not public must be guarded, answer 401 without a token, refuse another business's owner (nothing
// of the first business changes, nothing of it comes back), and, as the matrix, serve each role of
// the business (owner, manager, staff) exactly what the table gives it, refusing the rest with 403.
// A new route fails this test until it is declared in the table and given an attempt below.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  allApiRoutes,
  apiRoutes,
  BusinessSchema,
  ErrorResponseSchema,
  type Role,
  roleCan,
  ROUTE_SPECS,
  routeRequirement,
} from '@slotwise/contracts';
import type { InjectOptions } from 'fastify';
import { JwtAuthGuard, JwtOrApiKeyGuard } from '../src/modules/auth/index.js';
import { bookingRequest } from './support/fixtures.js';
import { bearer, PASSWORD, type SignedInOwner, signUpOwner } from './support/auth.js';
import { registeredHandlers } from './support/registered-handlers.js';
import { inviteMember } from './support/team.js';
import { createTestContext, type TestContext } from './support/test-app.js';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
});

afterAll(async () => {
  await ctx?.close();
});

const r = apiRoutes;

/**
 * Routes anyone may call, as the permission table declares them: the customer's booking flow and
 * links (whose token is the credential), sign-in itself, webhooks authenticated by their provider's
 * signature, the API's own documentation; and the public pages that show a member more (spec
 * access `optional-owner`: their table entry is the permission of that richer view).
 */
const PUBLIC = new Set<string>(
  allApiRoutes()
    .filter(
      (route) =>
        routeRequirement(route.key) === 'public' ||
        ROUTE_SPECS.get(route.key)?.spec.access === 'optional-owner',
    )
    .map((route) => route.key),
);

/** The first owner's ids, which the second owner's requests aim at. */
interface Target {
  owner: SignedInOwner;
  businessId: number;
  serviceId: number;
  staffId: number;
  appointmentId: number;
  customerId: number;
  closureId: number;
  timeOffId: number;
  /** An outbox message of the target's (its booking's SMS). */
  messageId: number;
  /** An open invitation of the target's, and a member the team routes act on. */
  invitationId: number;
  spareMemberId: number;
  /** A webhook endpoint of the target's, one of its deliveries, and an API key. */
  webhookId: number;
  deliveryId: number;
  keyId: number;
  /** Pending staff requests of the target's staff member: one to decide, one to withdraw. */
  staffRequestId: number;
  withdrawRequestId: number;
}

interface Attempt {
  params?: Record<string, string | number>;
  body?: unknown;
  /** Headers besides the token (an event stream is asked for a bad position: it answers 400). */
  headers?: Record<string, string>;
  /**
   * 'denied': the request names the target's data and must be refused (403/404).
   * 'own': the route only ever concerns the caller's own business, so the caller is served,
   * but nothing of the target may be in the answer.
   */
  expect: 'denied' | 'own';
}

const week = [0, 1, 2, 3, 4, 5, 6].map((dayOfWeek) => ({
  dayOfWeek,
  isOpen: true,
  openTime: '07:00',
  closeTime: '22:00',
  slotDuration: 15,
}));

/** How the second owner attacks each owner route: valid requests that name the target's data. */
const ATTEMPTS: Record<string, (t: Target) => Attempt> = {
  [r.auth.me.key]: () => ({ expect: 'own' }),
  // Changes the caller's own password only (the target's users row is in the snapshot).
  [r.auth.changePassword.key]: () => ({
    body: { currentPassword: PASSWORD, newPassword: 'the intruder changed it' },
    expect: 'own',
  }),
  [r.businesses.mine.key]: () => ({ expect: 'own' }),
  [r.calendarFeeds.list.key]: (t) => ({ params: { id: t.businessId }, expect: 'denied' }),
  [r.calendarFeeds.regenerate.key]: (t) => ({
    params: { id: t.businessId, feedId: 1 },
    expect: 'denied',
  }),
  [r.businesses.byOwner.key]: (t) => ({ params: { userId: t.owner.userId }, expect: 'denied' }),
  [r.businesses.update.key]: (t) => ({
    params: { id: t.businessId },
    body: { name: 'Hacked', slug: 'hacked-link', publishingEnabled: false },
    expect: 'denied',
  }),
  [r.businesses.updatePlural.key]: (t) => ({
    params: { id: t.businessId },
    body: { name: 'Hacked', slug: 'hacked-link', publishingEnabled: false },
    expect: 'denied',
  }),
  [r.services.create.key]: (t) => ({
    body: { businessId: t.businessId, name: 'Injected', duration: 30, price: 100 },
    expect: 'denied',
  }),
  [r.services.update.key]: (t) => ({
    params: { id: t.serviceId },
    body: { price: 1 },
    expect: 'denied',
  }),
  [r.services.remove.key]: (t) => ({ params: { id: t.serviceId }, expect: 'denied' }),
  [r.staff.create.key]: (t) => ({
    body: { businessId: t.businessId, firstName: 'Evil', lastName: 'Twin' },
    expect: 'denied',
  }),
  [r.staff.update.key]: (t) => ({
    params: { id: t.staffId },
    body: { firstName: 'Evil' },
    expect: 'denied',
  }),
  [r.staff.remove.key]: (t) => ({ params: { id: t.staffId }, expect: 'denied' }),
  [r.staff.upcomingAppointments.key]: (t) => ({ params: { id: t.staffId }, expect: 'denied' }),
  [r.availability.weeklyHours.key]: (t) => ({ params: { id: t.businessId }, expect: 'denied' }),
  [r.availability.replaceWeeklyHours.key]: (t) => ({
    params: { id: t.businessId },
    body: week,
    expect: 'denied',
  }),
  [r.availability.affectedBookings.key]: (t) => ({
    params: { id: t.businessId },
    body: { kind: 'closure', from: '2027-01-05', to: '2027-01-05' },
    expect: 'denied',
  }),
  [r.availability.staffHours.key]: (t) => ({ params: { id: t.staffId }, expect: 'denied' }),
  [r.availability.replaceStaffHours.key]: (t) => ({
    params: { id: t.staffId },
    body: week,
    expect: 'denied',
  }),
  [r.availability.clearStaffHours.key]: (t) => ({ params: { id: t.staffId }, expect: 'denied' }),
  [r.availability.closures.key]: (t) => ({ params: { id: t.businessId }, expect: 'denied' }),
  [r.availability.createClosure.key]: (t) => ({
    params: { id: t.businessId },
    body: { from: '2027-02-01', to: '2027-02-02', reason: 'Hacked' },
    expect: 'denied',
  }),
  [r.availability.removeClosure.key]: (t) => ({
    params: { id: t.businessId, closureId: t.closureId },
    expect: 'denied',
  }),
  [r.availability.holidays.key]: (t) => ({ params: { id: t.businessId }, expect: 'denied' }),
  [r.availability.specialHours.key]: (t) => ({ params: { id: t.businessId }, expect: 'denied' }),
  [r.availability.setSpecialHours.key]: (t) => ({
    params: { id: t.businessId },
    body: { date: '2027-02-03', intervals: [] },
    expect: 'denied',
  }),
  [r.availability.removeSpecialHours.key]: (t) => ({
    params: { id: t.businessId, date: '2027-01-06' },
    expect: 'denied',
  }),
  [r.availability.timeOff.key]: (t) => ({ params: { id: t.staffId }, expect: 'denied' }),
  [r.availability.createTimeOff.key]: (t) => ({
    params: { id: t.staffId },
    body: { start: '2027-02-01T00:00:00Z', end: '2027-02-02T00:00:00Z' },
    expect: 'denied',
  }),
  [r.availability.removeTimeOff.key]: (t) => ({
    params: { id: t.staffId, timeOffId: t.timeOffId },
    expect: 'denied',
  }),
  [r.appointments.list.key]: (t) => ({ params: { id: t.businessId }, expect: 'denied' }),
  [r.appointments.ownerCreate.key]: (t) => ({
    params: { id: t.businessId },
    body: {
      serviceId: t.serviceId,
      date: '2027-01-05T02:00:00.000Z',
      customer: { firstName: 'Walk', lastName: 'In', phone: '0400 999 111' },
    },
    expect: 'denied',
  }),
  [r.appointments.days.key]: (t) => ({ params: { id: t.businessId }, expect: 'denied' }),
  [r.appointments.counts.key]: (t) => ({ params: { id: t.businessId }, expect: 'denied' }),
  [r.appointments.update.key]: (t) => ({
    params: { id: t.appointmentId },
    body: { status: 'confirmed', date: '2027-01-05T03:00:00.000Z' },
    expect: 'denied',
  }),
  [r.appointments.cancel.key]: (t) => ({ params: { id: t.appointmentId }, expect: 'denied' }),
  [r.customers.list.key]: (t) => ({ params: { id: t.businessId }, expect: 'denied' }),
  [r.activity.list.key]: (t) => ({ params: { id: t.businessId }, expect: 'denied' }),
  // A stream never ends: an impossible Last-Event-ID makes the handler answer 400 at once, once
  // the guard has let the caller through.
  [r.activity.events.key]: (t) => ({
    params: { id: t.businessId },
    headers: { 'last-event-id': 'not-an-id' },
    expect: 'denied',
  }),
  [r.customers.byId.key]: (t) => ({ params: { id: t.customerId }, expect: 'denied' }),
  [r.customers.update.key]: (t) => ({
    params: { id: t.customerId },
    body: { notes: 'Hacked', phone: '0400 000 999' },
    expect: 'denied',
  }),
  [r.customers.merge.key]: (t) => ({
    params: { id: t.customerId },
    body: { otherCustomerId: t.customerId },
    expect: 'denied',
  }),
  [r.customers.split.key]: (t) => ({
    params: { id: t.customerId },
    body: { appointmentIds: [t.appointmentId] },
    expect: 'denied',
  }),
  [r.customers.import.key]: (t) => ({
    params: { id: t.businessId },
    body: {
      csv: 'First Name,Mobile Number\nEve,0400 000 999\n',
      mapping: { firstName: 'First Name', phone: 'Mobile Number' },
    },
    expect: 'denied',
  }),
  [r.customers.importJob.key]: (t) => ({
    params: { id: t.businessId, jobId: 1 },
    expect: 'denied',
  }),
  // The guard answers 404 before the range is read.
  [r.reports.summary.key]: (t) => ({ params: { id: t.businessId }, expect: 'denied' }),
  [r.reports.timeseries.key]: (t) => ({ params: { id: t.businessId }, expect: 'denied' }),
  [r.reports.staff.key]: (t) => ({ params: { id: t.businessId }, expect: 'denied' }),
  [r.reports.services.key]: (t) => ({ params: { id: t.businessId }, expect: 'denied' }),
  [r.reports.appointmentsCsv.key]: (t) => ({ params: { id: t.businessId }, expect: 'denied' }),
  [r.reports.clientsCsv.key]: (t) => ({ params: { id: t.businessId }, expect: 'denied' }),
  [r.messages.testEmail.key]: (t) => ({
    body: { email: 'x@example.com', type: 'reminder', appointmentId: t.appointmentId },
    expect: 'denied',
  }),
  [r.messages.testSms.key]: (t) => ({
    body: { phoneNumber: '0400 000 000', type: 'reminder', appointmentId: t.appointmentId },
    expect: 'denied',
  }),
  [r.messages.status.key]: (t) => ({ params: { id: t.messageId }, expect: 'denied' }),
  [r.messages.messagingStatus.key]: () => ({ expect: 'own' }),
  // Billing calls act on the caller's own business only (Stripe is not configured here, so they
  // answer 503 or 409 for the caller; either way nothing of the target is touched or shown).
  [r.subscription.create.key]: () => ({ body: { priceId: 'price_x' }, expect: 'own' }),
  [r.subscription.status.key]: () => ({ expect: 'own' }),
  [r.subscription.cancel.key]: () => ({ expect: 'own' }),
  [r.subscription.reactivate.key]: () => ({ expect: 'own' }),
  [r.team.memberships.key]: () => ({ expect: 'own' }),
  [r.team.invitations.key]: (t) => ({ params: { id: t.businessId }, expect: 'denied' }),
  [r.team.invite.key]: (t) => ({
    params: { id: t.businessId },
    body: { email: 'sneaky@example.com', role: 'manager' },
    expect: 'denied',
  }),
  [r.team.revoke.key]: (t) => ({
    params: { id: t.businessId, invitationId: t.invitationId },
    expect: 'denied',
  }),
  [r.team.resend.key]: (t) => ({
    params: { id: t.businessId, invitationId: t.invitationId },
    expect: 'denied',
  }),
  [r.team.members.key]: (t) => ({ params: { id: t.businessId }, expect: 'denied' }),
  [r.team.updateMember.key]: (t) => ({
    params: { id: t.businessId, memberId: t.spareMemberId },
    body: { role: 'staff' },
    expect: 'denied',
  }),
  [r.team.removeMember.key]: (t) => ({
    params: { id: t.businessId, memberId: t.spareMemberId },
    expect: 'denied',
  }),
  [r.webhooks.list.key]: (t) => ({ params: { id: t.businessId }, expect: 'denied' }),
  [r.webhooks.create.key]: (t) => ({
    params: { id: t.businessId },
    body: { url: 'https://example.com/hook', events: ['booking.created'] },
    expect: 'denied',
  }),
  [r.webhooks.update.key]: (t) => ({
    params: { id: t.businessId, webhookId: t.webhookId },
    body: { url: 'https://example.com/stolen' },
    expect: 'denied',
  }),
  [r.webhooks.remove.key]: (t) => ({
    params: { id: t.businessId, webhookId: t.webhookId },
    expect: 'denied',
  }),
  [r.webhooks.deliveries.key]: (t) => ({
    params: { id: t.businessId, webhookId: t.webhookId },
    expect: 'denied',
  }),
  [r.webhooks.resend.key]: (t) => ({
    params: { id: t.businessId, webhookId: t.webhookId, deliveryId: t.deliveryId },
    expect: 'denied',
  }),
  [r.webhooks.test.key]: (t) => ({
    params: { id: t.businessId, webhookId: t.webhookId },
    expect: 'denied',
  }),
  [r.apiKeys.list.key]: (t) => ({ params: { id: t.businessId }, expect: 'denied' }),
  [r.apiKeys.create.key]: (t) => ({
    params: { id: t.businessId },
    body: { name: 'Stolen', scopes: ['bookings:read'] },
    expect: 'denied',
  }),
  [r.apiKeys.revoke.key]: (t) => ({
    params: { id: t.businessId, keyId: t.keyId },
    expect: 'denied',
  }),
  [r.payments.status.key]: (t) => ({ params: { id: t.businessId }, expect: 'denied' }),
  [r.payments.connect.key]: (t) => ({ params: { id: t.businessId }, expect: 'denied' }),
  [r.payments.policy.key]: (t) => ({ params: { id: t.businessId }, expect: 'denied' }),
  [r.payments.updatePolicy.key]: (t) => ({
    params: { id: t.businessId },
    body: { policy: { kind: 'none' }, serviceOverrides: [] },
    expect: 'denied',
  }),
  [r.payments.charges.key]: (t) => ({ params: { id: t.businessId }, expect: 'denied' }),
  [r.staffRequests.list.key]: (t) => ({ params: { id: t.businessId }, expect: 'denied' }),
  [r.staffRequests.create.key]: (t) => ({
    params: { id: t.businessId },
    body: { kind: 'time-off', start: '2027-04-01T00:00:00Z', end: '2027-04-02T00:00:00Z' },
    expect: 'denied',
  }),
  [r.staffRequests.withdraw.key]: (t) => ({
    params: { id: t.businessId, requestId: t.withdrawRequestId },
    expect: 'denied',
  }),
  [r.staffRequests.approve.key]: (t) => ({
    params: { id: t.businessId, requestId: t.staffRequestId },
    expect: 'denied',
  }),
  [r.staffRequests.decline.key]: (t) => ({
    params: { id: t.businessId, requestId: t.staffRequestId },
    body: { reason: 'Hacked' },
    expect: 'denied',
  }),
};

interface RegisteredRoute {
  key: string;
  method: string;
  path: string;
  guarded: boolean;
}

/** Every route the application registered, read from Nest's own metadata. */
function registeredRoutes(): RegisteredRoute[] {
  const isJwtGuard = (g: unknown) =>
    typeof g === 'function' &&
    (g === JwtAuthGuard || g.prototype instanceof JwtAuthGuard || g === JwtOrApiKeyGuard);
  return registeredHandlers(ctx.app).map(({ method, path, guards }) => ({
    key: `${method} ${path}`,
    method,
    path,
    guarded: guards.some(isJwtGuard),
  }));
}

function url(path: string, params: Record<string, string | number> = {}): string {
  return `/api/${path.replace(/:(\w+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`no value for :${name} in ${path}`);
    return encodeURIComponent(String(value));
  })}`;
}

function request(route: RegisteredRoute, attempt: Attempt, token?: string): InjectOptions {
  return {
    method: route.method as InjectOptions['method'],
    url: url(route.path, attempt.params),
    headers: {
      ...(attempt.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...attempt.headers,
      ...(token ? bearer(token) : {}),
    },
    ...(attempt.body !== undefined ? { payload: JSON.stringify(attempt.body) } : {}),
  };
}

async function ownerWithBusiness(): Promise<SignedInOwner & { businessId: number }> {
  const owner = await signUpOwner(ctx);
  const res = await ctx.request({
    method: 'GET',
    url: '/api/business/me',
    headers: bearer(owner.accessToken),
  });
  expect(res.statusCode).toBe(200);
  return { ...owner, businessId: BusinessSchema.parse(res.json()).id };
}

/** The target owner's business with a service, a staff member and a customer's booking. */
async function target(): Promise<Target & { name: string }> {
  const owner = await ownerWithBusiness();
  const name = `Target Salon ${owner.userId.slice(0, 8)}`;
  const auth = owner.accessToken;
  const send = (method: 'POST' | 'PATCH', path: string, body: unknown) =>
    ctx.request({
      method,
      url: path,
      payload: JSON.stringify(body),
      headers: { 'content-type': 'application/json', ...bearer(auth) },
    });
  expect(
    (await send('PATCH', `/api/business/${owner.businessId}`, { name, email: owner.email }))
      .statusCode,
  ).toBe(200);
  const service = (
    await send('POST', '/api/services', {
      businessId: owner.businessId,
      name: 'Target Cut',
      duration: 60,
      price: 9000,
    })
  ).json() as { id: number };
  const staff = (
    await send('POST', '/api/staff', {
      businessId: owner.businessId,
      firstName: 'Tara',
      lastName: 'Target',
      serviceIds: [service.id],
    })
  ).json() as { id: number };
  // Tuesday 5 January 2027, 10:00 AM in Sydney.
  const booked = await ctx.post(
    '/api/appointments',
    bookingRequest(owner.businessId, service.id, '2027-01-04T23:00:00.000Z', {
      firstName: 'Tabitha',
      lastName: 'Targetson',
    }),
  );
  expect(booked.statusCode).toBe(201);
  const appointmentId = (booked.json() as { appointment: { id: number } }).appointment.id;
  // Schedule exceptions of the target's, for the routes that name one.
  const closure = await send('POST', `/api/business/${owner.businessId}/closures`, {
    from: '2027-03-01',
    to: '2027-03-02',
    reason: 'Target stocktake',
  });
  expect(closure.statusCode).toBe(201);
  const special = await send('POST', `/api/business/${owner.businessId}/special-hours`, {
    date: '2027-01-06',
    intervals: [{ openTime: '10:00', closeTime: '14:00' }],
  });
  expect(special.statusCode).toBe(201);
  const timeOff = await send('POST', `/api/staff/${staff.id}/time-off`, {
    start: '2027-03-10T00:00:00Z',
    end: '2027-03-11T00:00:00Z',
    reason: 'Target leave',
  });
  expect(timeOff.statusCode).toBe(201);
  const ownHours = await ctx.request({
    method: 'PUT',
    url: `/api/staff/${staff.id}/availability`,
    payload: JSON.stringify(week.map((d) => ({ ...d, closeTime: '20:00' }))),
    headers: { 'content-type': 'application/json', ...bearer(auth) },
  });
  expect(ownHours.statusCode).toBe(200);
  const invitation = await send('POST', `/api/business/${owner.businessId}/invitations`, {
    email: 'invited-target@example.com',
    role: 'staff',
  });
  expect(invitation.statusCode).toBe(201);
  const spare = await inviteMember(ctx, auth, owner.businessId, 'manager');
  // Written directly (one set per target, so each key is its own): the API accepts only public
  // webhook addresses, and none is needed here.
  const [hook] = (await ctx.db.query(
    `INSERT INTO webhook_endpoints (business_id, url, events, secret)
     VALUES ($1, 'https://example.com/target', '{booking.created}', 'whsec_dGFyZ2V0')
     RETURNING id`,
    [owner.businessId],
  )) as { id: number }[];
  const [delivery] = (await ctx.db.query(
    `INSERT INTO webhook_deliveries (business_id, endpoint_id, message_id, event_type, payload, status)
     VALUES ($1, $2, 'msg_' || md5(random()::text), 'booking.created', '{}', 'failed') RETURNING id`,
    [owner.businessId, hook!.id],
  )) as { id: number }[];
  const [key] = (await ctx.db.query(
    `INSERT INTO api_keys (business_id, name, prefix, token_hash, scopes)
     VALUES ($1, 'Target key', 'swk_target', md5(random()::text) || md5(random()::text),
             '{bookings:read}') RETURNING id`,
    [owner.businessId],
  )) as { id: number }[];
  const [staffRequest, withdrawRequest] = (await ctx.db.query(
    `INSERT INTO staff_requests (business_id, staff_id, kind, starts_at, ends_at, note)
     VALUES ($1, $2, 'time-off', '2027-05-03T00:00:00Z', '2027-05-04T00:00:00Z', 'Target trip'),
            ($1, $2, 'time-off', '2027-06-07T00:00:00Z', '2027-06-08T00:00:00Z', NULL)
     RETURNING id`,
    [owner.businessId, staff.id],
  )) as { id: number }[];
  return {
    staffRequestId: staffRequest!.id,
    withdrawRequestId: withdrawRequest!.id,
    invitationId: (invitation.json() as { id: number }).id,
    spareMemberId: spare.memberId,
    webhookId: hook!.id,
    deliveryId: delivery!.id,
    keyId: key!.id,
    owner,
    name,
    businessId: owner.businessId,
    serviceId: service.id,
    staffId: staff.id,
    appointmentId,
    customerId: (
      (await ctx.db.query('SELECT customer_id FROM appointments WHERE id = $1', [
        appointmentId,
      ])) as { customer_id: number }[]
    )[0]!.customer_id,
    closureId: (closure.json() as { id: number }).id,
    timeOffId: (timeOff.json() as { id: number }).id,
    messageId: (
      (await ctx.db.query(
        `SELECT id FROM outbox WHERE business_id = $1 AND channel = 'sms' ORDER BY id LIMIT 1`,
        [owner.businessId],
      )) as { id: number }[]
    )[0]!.id,
  };
}

/** Every row that belongs to the target: its business, and each table's rows of it. */
async function snapshotOf(t: Target): Promise<Record<string, unknown[]>> {
  const tables: { table_name: string }[] = await ctx.db.query(
    `SELECT table_name FROM information_schema.columns
      WHERE table_schema = 'public' AND column_name = 'business_id' ORDER BY table_name`,
  );
  const snapshot: Record<string, unknown[]> = {
    businesses: await ctx.db.query('SELECT * FROM businesses WHERE id = $1', [t.businessId]),
    users: await ctx.db.query('SELECT * FROM users WHERE id = $1', [t.owner.userId]),
    staff_services: await ctx.db.query(
      'SELECT * FROM staff_services WHERE staff_id = $1 ORDER BY service_id',
      [t.staffId],
    ),
    appointment_tokens: await ctx.db.query(
      'SELECT * FROM appointment_tokens WHERE appointment_id = $1 ORDER BY id',
      [t.appointmentId],
    ),
  };
  for (const { table_name } of tables) {
    snapshot[table_name] = await ctx.db.query(
      `SELECT * FROM ${table_name} WHERE business_id = $1 ORDER BY 1`,
      [t.businessId],
    );
  }
  return snapshot;
}

describe('access to every route', () => {
  it("is declared in the contracts' route table, and the table names nothing else", () => {
    const registered = registeredRoutes()
      .map((route) => route.key)
      .sort();
    expect(registered).toEqual(
      allApiRoutes()
        .map((route) => route.key)
        .sort(),
    );
  });

  it('is decided for every route: declared in the permission table, public on purpose, or guarded with an attack to try', () => {
    for (const route of registeredRoutes()) {
      expect(routeRequirement(route.key), `${route.key} declares no permission`).toBeDefined();
      if (PUBLIC.has(route.key)) continue;
      expect(route.guarded, `${route.key} is neither on the public list nor guarded`).toBe(true);
      expect(ATTEMPTS[route.key], `${route.key} has no cross-owner attempt`).toBeDefined();
    }
    for (const key of Object.keys(ATTEMPTS)) expect(PUBLIC.has(key), key).toBe(false);
  });

  it('answers 401 without a token, and refuses another owner without changing or showing anything of the first', async () => {
    const t = await target();
    const intruder = await ownerWithBusiness();
    const before = await snapshotOf(t);
    const secrets = [t.name, t.owner.email, 'Tabitha', 'Target Cut', 'Tara'];

    const owned = registeredRoutes().filter((route) => !PUBLIC.has(route.key));
    expect(owned.length).toBeGreaterThan(0);
    for (const route of owned) {
      const attempt = ATTEMPTS[route.key]!(t);

      const anonymous = await ctx.request(request(route, attempt));
      expect(anonymous.statusCode, `${route.key} without a token`).toBe(401);
      ErrorResponseSchema.parse(anonymous.json());

      const cross = await ctx.request(request(route, attempt, intruder.accessToken));
      if (attempt.expect === 'denied') {
        expect([403, 404], `${route.key} by another owner: ${cross.body}`).toContain(
          cross.statusCode,
        );
        ErrorResponseSchema.parse(cross.json());
      } else {
        // Served, or refused for the caller's own reasons (503: payments are not configured here).
        const served = cross.statusCode < 500 || cross.statusCode === 503;
        expect(served, `${route.key} for its own caller: ${cross.body}`).toBe(true);
      }
      for (const secret of secrets) {
        expect(cross.body, `${route.key} showed another owner ${secret}`).not.toContain(secret);
      }
    }
    expect(await snapshotOf(t)).toEqual(before);
  }, 180_000);

  it('serves each role of the business what the permission table gives it, and refuses the rest (403)', async () => {
    const t = await target();
    const auth = t.owner.accessToken;
    const members: Record<Role, { accessToken: string; userId: string }> = {
      // Staff linked to the target's staff record: the target's booking is their own.
      staff: await inviteMember(ctx, auth, t.businessId, 'staff', t.staffId),
      manager: await inviteMember(ctx, auth, t.businessId, 'manager'),
      owner: t.owner,
    };
    const guarded = registeredRoutes().filter((route) => !PUBLIC.has(route.key));
    // The least first: what a manager or owner removes or cancels must still be there for staff.
    for (const role of ['staff', 'manager', 'owner'] as const) {
      for (const route of guarded) {
        const required = routeRequirement(route.key)!;
        const attempt = ATTEMPTS[route.key]!(t);
        // The route naming a user id is each caller's own (another's is refused to anyone).
        if (route.key === r.businesses.byOwner.key)
          attempt.params = { userId: members[role].userId };
        const res = await ctx.request(request(route, attempt, members[role].accessToken));
        const allowed =
          required === 'signed-in' || (required !== 'public' && roleCan(role, required));
        const what = `${route.key} (${required}) as ${role}: ${res.statusCode} ${res.body}`;
        if (allowed) {
          // Refused for the business's own reasons (a plan limit's 403) is still served.
          const refused =
            res.statusCode === 401 ||
            (res.statusCode === 403 && (res.json() as { code?: string }).code === 'FORBIDDEN');
          expect(refused, what).toBe(false);
          expect(res.statusCode < 500 || res.statusCode === 503, what).toBe(true);
        } else {
          expect(res.statusCode, what).toBe(403);
          expect(ErrorResponseSchema.parse(res.json()).code, what).toBe('FORBIDDEN');
        }
      }
    }
  }, 180_000);
});
