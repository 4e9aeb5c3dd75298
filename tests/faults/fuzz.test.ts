// Fuzzing every route of the contracts' route table: at least 10,000 requests generated with
// fast-check (support/fuzz-requests.ts), sent straight to the built API, 20 at a time, as the
// owner of business A (and without a token, and with a forged one), with A's ids and with those
// of business B, another tenant. No answer is a 5xx or missing; every 4xx is in the error shape
// (ErrorResponseSchema); /api/health is 200 after each batch; nothing in any answer is B's
// private data (B's marker strings: its clients' names, email and phone, its notes and reasons,
// its staff's contact details, its owner's email); no owner route answers 2xx for B's ids; and
// B's data is unchanged at the end, and no row in the database ties one business's data to the
// other's. FUZZ_SEED and FUZZ_REQUESTS change the run.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import {
  allApiRoutes,
  type ApiRoute,
  type CreateAppointmentResponse,
  type CustomerSummary,
  ErrorResponseSchema,
  type ManualMessageResponse,
  type SpecialHours,
  type TimeOff,
  type Closure,
  ROUTE_SPECS,
} from '@slotwise/contracts';
import fc from 'fast-check';
import { startFakeStripe, type FakeStripe } from '../support/fake-stripe.mjs';
import { apiCall } from '../support/owner.js';
import {
  apiProcess,
  baseEnv,
  privateRedis,
  saveLog,
  testDatabase,
  type ApiProcess,
  type PrivateRedis,
  type TestDatabase,
} from './support/cluster.js';
import {
  availableStarts,
  setUpShop,
  signIn,
  sql,
  sydneyDate,
  type Shop,
  type ShopSpec,
} from './support/businesses.js';
import {
  forgedToken,
  requestArbitrary,
  type FuzzContext,
  type FuzzRequest,
  type TenantIds,
} from './support/fuzz-requests.js';
import { httpPool, inParallel, json, type Answer, type HttpPool } from './support/http.js';
import { recordFigures } from './support/results.js';

const REQUESTS = Number(process.env.FUZZ_REQUESTS ?? 10_000);
const SEED = Number(process.env.FUZZ_SEED ?? 20261126);
const CONCURRENCY = 20;
const BATCH = 100;

/** B's private data: none of it may appear in any answer to A or to an anonymous caller. */
const B_PRIVATE = {
  ownerEmail: 'bravo-owner-q7zx@fuzz.example',
  staffEmail: 'bea.private-q7zx@fuzz.example',
  staffPhone: '0491 570 006',
  customerFirstName: 'Ysolde',
  customerLastName: 'Threnody-Q7zx',
  customerEmail: 'ysolde-q7zx@fuzz.example',
  customerPhone: '0491 570 156',
  appointmentNotes: 'bravo-note-q7zx',
  clientNotes: 'bravo-client-note-q7zx',
  closureReason: 'bravo-closure-q7zx',
  specialReason: 'bravo-special-q7zx',
  timeOffReason: 'bravo-timeoff-q7zx',
};
/** What is searched for, lowercased: every marker holds 'q7zx', the names and phones aside. */
const MARKERS = ['q7zx', 'ysolde', 'threnody', '491570156', '491570006', '0491 570 006'];

let db: TestDatabase;
let redis: PrivateRedis;
let stripe: FakeStripe;
let api: ApiProcess;
let pool: HttpPool;
let context: FuzzContext;
let tokenA: string;
let tokenB: string;
let bIds: TenantIds;

interface TenantSetup {
  shop: Shop;
  ids: TenantIds;
  token: string;
}

/** A tenant with one of everything a route can name, private details from `details`. */
async function tenant(
  ownerEmail: string,
  spec: ShopSpec,
  details: {
    firstName: string;
    lastName: string;
    email: string;
    phone: string;
    notes: string;
    clientNotes: string;
    closureReason: string;
    specialReason: string;
    timeOffReason: string;
  },
): Promise<TenantSetup> {
  const shop = await setUpShop(api.url, db.url, ownerEmail, spec);
  const token = shop.owner.accessToken;
  const owner = <T>(method: string, path: string, body?: unknown) =>
    apiCall<T>(api.url, method, path, body, token);
  const businessId = shop.business.id;
  const [service, spareService] = Object.values(shop.services) as [
    Shop['services'][string],
    Shop['services'][string],
  ];
  const starts = await availableStarts(api.url, businessId, service.id, sydneyDate(3));
  const book = (date: string, who: typeof details) =>
    apiCall<CreateAppointmentResponse>(api.url, 'POST', '/api/appointments', {
      businessId,
      serviceId: service.id,
      staffMemberId: null,
      firstName: who.firstName,
      lastName: who.lastName,
      phone: who.phone,
      email: who.email,
      date,
      notes: who.notes,
      notificationPreferences: { email: true, sms: true },
    });
  const booked = await book(starts[0]!, details);
  const spare = await book(starts[4]!, { ...details, phone: `${details.phone.slice(0, -1)}9` });
  const [customer] = (
    await owner<CustomerSummary[]>('GET', `/api/business/${businessId}/customers`)
  ).filter((c) => c.phone === `+61${details.phone.replace(/\s/g, '').slice(1)}`);
  await owner('PATCH', `/api/customers/${customer!.id}`, { notes: details.clientNotes });
  const later = (days: number) => sydneyDate(days);
  const closure = await owner<Closure>('POST', `/api/business/${businessId}/closures`, {
    from: later(200),
    to: later(200),
    reason: details.closureReason,
  });
  const special = await owner<SpecialHours>('POST', `/api/business/${businessId}/special-hours`, {
    date: later(201),
    intervals: [{ openTime: '10:00', closeTime: '14:00' }],
    reason: details.specialReason,
  });
  const offAt = new Date(Date.now() + 202 * 86_400_000);
  const timeOff = await owner<TimeOff>('POST', `/api/staff/${shop.staff[0]!.id}/time-off`, {
    start: offAt.toISOString(),
    end: new Date(offAt.getTime() + 3_600_000).toISOString(),
    reason: details.timeOffReason,
  });
  const message = await owner<ManualMessageResponse>('POST', '/api/test-sms', {
    phoneNumber: '0412 345 678',
    type: 'test',
  });
  return {
    shop,
    token,
    ids: {
      userId: shop.owner.userId,
      email: ownerEmail,
      businessId,
      slug: shop.business.slug,
      serviceId: service.id,
      spareServiceId: spareService.id,
      staffId: shop.staff[0]!.id,
      spareStaffId: shop.staff[1]!.id,
      appointmentId: booked.appointment.id,
      spareAppointmentId: spare.appointment.id,
      customerId: customer!.id,
      closureId: closure.id,
      timeOffId: timeOff.id,
      specialDate: special.date,
      messageId: message.messageId,
    },
  };
}

/** B's data as its owner sees it: compared before and after the fuzzing. */
async function snapshotOfB(): Promise<Record<string, unknown>> {
  const paths = [
    `/api/business/${bIds.businessId}`,
    `/api/business/${bIds.businessId}/services`,
    `/api/business/${bIds.businessId}/staff`,
    `/api/business/${bIds.businessId}/availability`,
    `/api/business/${bIds.businessId}/closures`,
    `/api/business/${bIds.businessId}/special-hours`,
    `/api/staff/${bIds.staffId}/time-off`,
    `/api/staff/${bIds.staffId}/availability`,
    `/api/customers/${bIds.customerId}`,
    `/api/messages/${bIds.messageId}`,
    '/api/subscription-status',
  ];
  const snapshot: Record<string, unknown> = {};
  for (const path of paths) snapshot[path] = await apiCall(api.url, 'GET', path, undefined, tokenB);
  return snapshot;
}

before(async () => {
  [db, redis, stripe] = await Promise.all([testDatabase(), privateRedis(), startFakeStripe()]);
  api = await apiProcess({
    ...baseEnv({ DATABASE_URL: db.url, REDIS_URL: redis.url }),
    ...stripe.env(),
  });
  await api.start();
  const a = await tenant(
    'owner-a@fuzz.example',
    {
      name: 'Alpha Fuzz Salon',
      email: 'hello@alpha-fuzz.example',
      phone: '02 9000 0000',
      services: [
        { name: 'Alpha Cut', duration: 30 },
        { name: 'Alpha Spare', duration: 30 },
      ],
      staff: [
        {
          firstName: 'Ari',
          lastName: 'Alpha',
          email: 'ari@alpha-fuzz.example',
          offers: ['Alpha Cut'],
        },
        { firstName: 'Spare', lastName: 'Alpha', offers: ['Alpha Cut'] },
      ],
    },
    {
      firstName: 'Alice',
      lastName: 'Customer',
      email: 'alice@alpha-fuzz.example',
      phone: '0412 000 111',
      notes: 'alpha note',
      clientNotes: 'alpha client note',
      closureReason: 'alpha closure',
      specialReason: 'alpha special',
      timeOffReason: 'alpha time off',
    },
  );
  const b = await tenant(
    B_PRIVATE.ownerEmail,
    {
      name: 'Bravo Quiet Clinic',
      // Not A's: the fuzzer tries A's password on B's owner.
      password: 'Bravo clinic only 2026?',
      email: 'hello@bravo-quiet.example',
      phone: '02 9111 1111',
      services: [
        { name: 'Bravo Consult', duration: 30 },
        { name: 'Bravo Spare', duration: 30 },
      ],
      staff: [
        {
          firstName: 'Bea',
          lastName: 'Bravo',
          email: B_PRIVATE.staffEmail,
          phone: B_PRIVATE.staffPhone,
          offers: ['Bravo Consult'],
        },
        { firstName: 'Spare', lastName: 'Bravo', offers: ['Bravo Consult'] },
      ],
    },
    {
      firstName: B_PRIVATE.customerFirstName,
      lastName: B_PRIVATE.customerLastName,
      email: B_PRIVATE.customerEmail,
      phone: B_PRIVATE.customerPhone,
      notes: B_PRIVATE.appointmentNotes,
      clientNotes: B_PRIVATE.clientNotes,
      closureReason: B_PRIVATE.closureReason,
      specialReason: B_PRIVATE.specialReason,
      timeOffReason: B_PRIVATE.timeOffReason,
    },
  );
  tokenA = a.token;
  tokenB = b.token;
  bIds = b.ids;
  const starts = [];
  for (let day = 2; day <= 4; day += 1) {
    starts.push(
      ...(await availableStarts(api.url, a.ids.businessId, a.ids.serviceId, sydneyDate(day))),
    );
  }
  context = {
    a: a.ids,
    b: b.ids,
    starts,
    date: sydneyDate(2),
    month: sydneyDate(2).slice(0, 7),
  };
  pool = httpPool(CONCURRENCY);
});

after(async () => {
  pool?.close();
  await api?.stop();
  if (api) saveLog('fuzz-api', api.output);
  await redis?.stop();
  await stripe?.close();
  await db?.drop();
});

interface Failure {
  kind: string;
  request: FuzzRequest;
  status: number;
  body: string;
  previous?: string;
}

describe('fuzzing every route', () => {
  it(`${REQUESTS.toLocaleString('en-AU')} generated requests: no 5xx, 4xx in the error shape, no other tenant's data`, async () => {
    const routes = allApiRoutes() as ApiRoute[];
    // Routes that need a signed-in owner: the known-good request without a token is a 401.
    const ownerOnly = new Set<string>();
    let n = 0;
    const counter = () => (n += 1);
    for (const [i, route] of routes.entries()) {
      const [probe] = fc.sample(
        requestArbitrary(route, context, counter).filter(
          (r) => r.shape === 'valid' && r.pathTenant !== 'hostile' && r.pathTenant !== 'b',
        ),
        { numRuns: 1, seed: SEED - i },
      );
      const answer = await send({ ...probe!, auth: 'none' });
      if (answer.status === 401) ownerOnly.add(route.key);
      // What the OpenAPI document says counts too (its own test keeps the two in step).
      if (ROUTE_SPECS.get(route.key)?.spec.access === 'owner') ownerOnly.add(route.key);
    }

    const snapshotBefore = await snapshotOfB();
    const perRoute = Math.ceil(REQUESTS / routes.length);
    const byRoute = routes.map((route, i) =>
      fc.sample(requestArbitrary(route, context, counter), { numRuns: perRoute, seed: SEED + i }),
    );
    // Round robin, so each batch mixes every route.
    const requests: FuzzRequest[] = [];
    for (let k = 0; k < perRoute; k += 1) for (const list of byRoute) requests.push(list[k]!);

    const failures: Failure[] = [];
    const statuses: Record<string, number> = {};
    const shapes: Record<string, number> = {};
    let sessionsRenewed = 0;
    let healthChecks = 0;
    const started = performance.now();
    for (let from = 0; from < requests.length; from += BATCH) {
      const batch = requests.slice(from, from + BATCH);
      // Each answer is followed, on the same lane, by a health check: the request left the stack well.
      const answers = await inParallel(batch, CONCURRENCY, async (r) => {
        const answer = await send(r);
        return { answer, health: await pool.request(`${api.url}/api/health`) };
      });
      answers.forEach(({ answer, health }, i) => {
        const request = batch[i]!;
        healthChecks += 1;
        if (health.status !== 200) {
          failures.push({
            kind: `unhealthy after a request to ${request.route}`,
            request,
            status: health.status,
            body: health.body,
          });
        }
        statuses[answer.status] = (statuses[answer.status] ?? 0) + 1;
        shapes[request.shape] = (shapes[request.shape] ?? 0) + 1;
        for (const kind of check(request, answer, ownerOnly)) {
          failures.push({
            kind,
            request,
            status: answer.status,
            body: answer.body.slice(0, 300),
            previous: answer.previousOnSocket,
          });
        }
      });
      // A fuzzed sign-out ends A's session: sign in again so the owner keeps fuzzing.
      const me = await pool.request(`${api.url}/api/auth/me`, {
        headers: { authorization: `Bearer ${tokenA}` },
      });
      if (me.status === 401) {
        tokenA = (await signIn(api.url, context.a.email)).accessToken;
        sessionsRenewed += 1;
      }
    }
    const seconds = (performance.now() - started) / 1000;
    const snapshotAfter = await snapshotOfB();
    const crossTenantRows = await crossTenantReferences();

    const kinds: Record<string, number> = {};
    for (const f of failures) kinds[f.kind] = (kinds[f.kind] ?? 0) + 1;
    const unexpectedLogged = api.output.split('\n').filter((l) => / ERROR /.test(l));
    const figures = {
      requests: requests.length,
      routes: routes.length,
      requestsPerRoute: perRoute,
      ownerOnlyRoutes: ownerOnly.size,
      seed: SEED,
      concurrency: CONCURRENCY,
      statuses,
      shapes,
      healthChecks,
      sessionsRenewed,
      failures: kinds,
      bUnchanged: JSON.stringify(snapshotBefore) === JSON.stringify(snapshotAfter),
      crossTenantRows,
      unexpectedErrorsLogged: unexpectedLogged.length,
      seconds,
    };
    await recordFigures('fuzz', 'all-routes', { passed: false, ...figures });
    const examples = Object.keys(kinds).map((kind) => {
      const f = failures.find((x) => x.kind === kind)!;
      return `${kind} (${kinds[kind]}×), e.g. ${f.request.method} ${f.request.url.slice(0, 200)} [${f.request.shape}, auth ${f.request.auth}] body ${String(f.request.body ?? '').slice(0, 200)} → ${f.status} ${f.body}${f.previous ? ` (before it on the socket: ${f.previous.slice(0, 300)})` : ''}`;
    });
    assert.deepEqual(
      examples,
      [],
      `failures (seed ${SEED}); API log in tests/faults/.logs/fuzz-api.log`,
    );
    assert.deepEqual(snapshotAfter, snapshotBefore, "B's data is unchanged");
    assert.equal(crossTenantRows, 0, 'no row joins two businesses');
    assert.ok(requests.length >= REQUESTS);
    await recordFigures('fuzz', 'all-routes', { passed: true, ...figures });
  });
});

/**
 * Rows that tie one business's data to another's (an appointment with another business's client,
 * person or service; a person offering another business's service): none may exist.
 */
async function crossTenantReferences(): Promise<number> {
  const [row] = await sql<{ n: number }>(
    db.url,
    `SELECT (SELECT count(*) FROM appointments a
               LEFT JOIN customers c ON c.id = a.customer_id
               LEFT JOIN staff_members m ON m.id = a.staff_id
               JOIN services s ON s.id = a.service_id
              WHERE c.business_id <> a.business_id OR m.business_id <> a.business_id
                 OR s.business_id <> a.business_id)
          + (SELECT count(*) FROM staff_services l
               JOIN staff_members m ON m.id = l.staff_id
               JOIN services s ON s.id = l.service_id
              WHERE m.business_id <> s.business_id) AS n`,
  );
  return Number(row!.n);
}

function send(r: FuzzRequest): Promise<Answer> {
  const headers = { ...r.headers };
  if (r.auth === 'owner') headers.authorization = `Bearer ${tokenA}`;
  if (r.auth === 'forged') headers.authorization = `Bearer ${forgedToken(tokenA, bIds)}`;
  return pool.request(`${api.url}${r.url}`, { method: r.method, headers, body: r.body });
}

/** What is wrong with one answer (nothing: an empty list). */
function check(request: FuzzRequest, answer: Answer, ownerOnly: Set<string>): string[] {
  const wrong: string[] = [];
  if (answer.status === 0) {
    // Grouped by what the pooled socket carried last (its answer's status and Connection header).
    const [, status, connection] = answer.previousOnSocket?.match(/→ (\d+) \(([^)]*)\)$/) ?? [];
    const previous = status
      ? `${status} ${connection ? `with Connection: ${connection}` : 'without Connection: close'}`
      : 'none';
    wrong.push(
      `no answer (${answer.error}) on a kept-alive socket whose last answer was ${previous}`,
    );
  }
  if (answer.status >= 500) wrong.push(`${answer.status} on ${request.route}`);
  if (answer.status >= 400 && answer.status < 500) {
    const body = ErrorResponseSchema.safeParse(json(answer));
    if (!body.success || body.data.statusCode !== answer.status) {
      wrong.push(`${answer.status} not in the error shape on ${request.route}`);
    }
  }
  const text = answer.body.toLowerCase();
  const leaked = MARKERS.filter((m) => text.includes(m));
  if (leaked.length) wrong.push(`B's data (${leaked.join(', ')}) in an answer on ${request.route}`);
  if (
    request.pathTenant === 'b' &&
    request.auth === 'owner' &&
    ownerOnly.has(request.route) &&
    answer.status >= 200 &&
    answer.status < 300
  ) {
    wrong.push(`${answer.status} for B's ids on owner route ${request.route}`);
  }
  return wrong;
}
