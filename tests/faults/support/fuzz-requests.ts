// Requests for the fuzz suite, generated with fast-check for every route of the contracts' route
// table: valid ones (a known-good request per route, built from the caller's real ids; the
// route's documented example; values drawn from the route's zod schemas in the contracts' route specs
// through their JSON Schema), valid ones with hostile fields, and hostile ones outright (wrong
// types, huge and unicode strings, injection strings, far dates, bodies on GET, broken JSON, other
// media types), with the owner's token, none, a forged one, or another tenant's ids.
import { type ApiRoute, ROUTE_SPECS, type RouteRequest } from '@slotwise/contracts';
import fc from 'fast-check';
import { OWNER_PASSWORD } from './businesses.js';

/** The ids of one tenant (its owner's business and what is in it). */
export interface TenantIds {
  userId: string;
  email: string;
  businessId: number;
  slug: string;
  serviceId: number;
  /** Deleted by a fuzzed DELETE without harm to the other requests. */
  spareServiceId: number;
  staffId: number;
  spareStaffId: number;
  appointmentId: number;
  spareAppointmentId: number;
  customerId: number;
  closureId: number;
  timeOffId: number;
  specialDate: string;
  messageId: number;
}

export interface FuzzContext {
  a: TenantIds;
  b: TenantIds;
  /** Free starts of A's service (ISO instants) and their dates. */
  starts: string[];
  date: string;
  month: string;
}

export interface FuzzRequest {
  route: string;
  method: string;
  /** Path and query, e.g. /api/business/7/services?x=1 */
  url: string;
  headers: Record<string, string>;
  body?: string | Buffer;
  /** Which tenant's ids the path holds: 'b' when any of them is the other tenant's. */
  pathTenant: 'a' | 'b' | 'hostile' | 'none';
  /** A's token, none, or A's token with B's owner as its subject (the runner adds it). */
  auth: 'owner' | 'none' | 'forged';
  /** What the generator meant (for the report of a failure). */
  shape: string;
}

// --- hostile values ------------------------------------------------------------------------------

const INJECTIONS = [
  "' OR '1'='1",
  '1; DROP TABLE appointments; --',
  "' UNION SELECT email, password_hash FROM users --",
  '1) OR (1=1',
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  'javascript:alert(1)',
  '{{7*7}}',
  '${7*7}',
  '../../../../etc/passwd',
  '%00',
  '\u0000',
  'a\u0000b',
  '\r\nSet-Cookie: x=1',
  '__proto__',
  'constructor',
  '{"$ne": null}',
  'null',
  'undefined',
  'NaN',
  '-0',
  'true',
  '[]',
  '{}',
];

const FAR_DATES = [
  '0000-01-01',
  '0001-01-01T00:00:00Z',
  '9999-12-31',
  '9999-12-31T23:59:59.999Z',
  '+275760-09-13T00:00:00.000Z',
  '-271821-04-20T00:00:00.000Z',
  '+999999-01-01T00:00:00Z',
  '2026-02-30',
  '2026-13-01',
  '2026-00-10T10:00:00Z',
  '1970-01-01T00:00:00Z',
  '2038-01-19T03:14:08Z',
  '2027-06-15T25:61:00Z',
  '2027-06-15T10:00:00+14:01',
  '2027-06-15',
  '2027-06',
  'yesterday',
  '1e20',
];

const NUMBERS = [
  -1,
  0,
  1.5,
  -2147483648,
  2147483647,
  2147483648,
  Number.MAX_SAFE_INTEGER + 2,
  1e308,
  -1e308,
  Number.MIN_VALUE,
];

const HUGE = ['x'.repeat(100_000), '😀'.repeat(30_000), 'é'.repeat(70_000), '9'.repeat(5000)];

/** Bodies over the API's limit, long arrays and deep nesting (made once: they are big). */
const HUGE_BODIES = [
  { type: 'application/json', text: JSON.stringify({ name: 'x'.repeat(2_000_000) }) },
  { type: 'application/json', text: JSON.stringify(Array.from({ length: 50_000 }, (_, i) => i)) },
  { type: 'application/json', text: `${'['.repeat(5000)}${']'.repeat(5000)}` },
];

const unicode = fc.oneof(
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom('Zoë Ångström', 'محمد', '李小龍', '\u202eevil', '\ud800', 'e\u0301', '🧑🏽‍🦱'),
);

/** A value of any JSON type, mostly a nasty one. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.constantFrom(...NUMBERS),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.string({ maxLength: 30 }),
  unicode,
  fc.constantFrom(...HUGE),
  fc.constantFrom(...INJECTIONS),
  fc.constantFrom(...FAR_DATES),
  fc.array(fc.oneof(fc.integer(), fc.string({ maxLength: 5 })), { maxLength: 4 }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 4 }),
  fc.jsonValue({ maxDepth: 3 }),
);

/** encodeURIComponent that survives lone surrogates (sent as U+FFFD, as a browser would). */
const encodePart = (s: string) => encodeURIComponent(Buffer.from(s, 'utf8').toString('utf8'));

/** A path parameter that is nobody's id. */
const hostileParam = fc.oneof(
  fc.constantFrom(
    '0',
    '-1',
    '1.5',
    '1e3',
    '0x1f',
    '2147483648',
    '99999999999999999999999',
    'NaN',
    'null',
    'me',
    '%00',
    '%',
    '%zz',
    '..',
    '%2e%2e',
    '%2F',
    ' 1',
    '1 ',
    encodePart('1 OR 1=1'),
    encodePart("'; DROP TABLE businesses; --"),
    encodePart('<script>'),
    'x'.repeat(3000),
  ),
  unicode.map(encodePart),
  fc.constantFrom(...FAR_DATES).map(encodePart),
);

// --- JSON Schema to arbitrary ---------------------------------------------------------------------

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  $ref?: string;
  $defs?: Record<string, JsonSchema>;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
};

const isoInstant = fc
  .date({
    min: new Date('2020-01-01T00:00:00Z'),
    max: new Date('2030-12-31T00:00:00Z'),
    noInvalidDate: true,
  })
  .map((d) => d.toISOString());

/** Values a JSON Schema (zod's `toJSONSchema`, input side) accepts, refinements aside. */
export function fromJsonSchema(
  schema: JsonSchema,
  root: JsonSchema = schema,
  depth = 0,
): fc.Arbitrary<unknown> {
  if (depth > 6) return fc.constant(null);
  const next = (s: JsonSchema) => fromJsonSchema(s, root, depth + 1);
  if (schema.$ref) {
    const name = schema.$ref.replace(/^#\/\$defs\//, '');
    const target = root.$defs?.[name];
    return target ? next(target) : fc.jsonValue({ maxDepth: 1 });
  }
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives?.length) return fc.oneof(...alternatives.map(next));
  if (schema.allOf?.length) return next(schema.allOf[0]!);
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  if (types.length > 1) return fc.oneof(...types.map((type) => next({ ...schema, type })));
  switch (types[0]) {
    case 'object': {
      const props = schema.properties ?? {};
      const record: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [key, value] of Object.entries(props)) record[key] = next(value);
      return fc.record(record, { requiredKeys: (schema.required ?? []).filter((k) => k in props) });
    }
    case 'array':
      return fc.array(schema.items ? next(schema.items) : fc.jsonValue({ maxDepth: 1 }), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.min(schema.maxItems ?? 8, 8),
      });
    case 'string': {
      // (fast-check's RFC addresses are wider than what zod's z.email() accepts.)
      if (schema.format === 'email') {
        return fc
          .tuple(fc.stringMatching(/^[a-z0-9]{1,12}$/), fc.stringMatching(/^[a-z]{1,10}$/))
          .map(([user, host]) => `${user}@${host}.example`);
      }
      if (schema.format === 'date-time') return isoInstant;
      if (schema.format === 'date') return isoInstant.map((s) => s.slice(0, 10));
      if (schema.pattern) {
        try {
          return fc.stringMatching(new RegExp(schema.pattern));
        } catch {
          // A pattern fast-check cannot read: any string of the length asked.
        }
      }
      return fc.string({
        minLength: schema.minLength ?? 0,
        maxLength: Math.min(schema.maxLength ?? 40, 200),
      });
    }
    case 'integer':
      return fc.integer({
        min: schema.minimum ?? (schema.exclusiveMinimum ?? -1_000_001) + 1,
        max: schema.maximum ?? (schema.exclusiveMaximum ?? 1_000_001) - 1,
      });
    case 'number':
      return fc.double({
        min: schema.minimum ?? -1e6,
        max: schema.maximum ?? 1e6,
        noNaN: true,
        noDefaultInfinity: true,
      });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** The zod schemas the API parses a route's query and body with (its feature's `routes/*.specs.ts` in libs/contracts). */
export function routeRequest(key: string): RouteRequest {
  return ROUTE_SPECS.get(key)?.spec.request ?? {};
}

function schemaArbitrary(schema: RouteRequest['body']): fc.Arbitrary<unknown> | null {
  if (!schema) return null;
  try {
    return fromJsonSchema(
      schema.toJSONSchema({ io: 'input', unrepresentable: 'any' }) as JsonSchema,
    );
  } catch {
    return null;
  }
}

// --- known-good requests ---------------------------------------------------------------------------

interface Parts {
  query?: Record<string, unknown>;
  body?: unknown;
  /** Sent as it is, with this content type (webhooks). */
  raw?: { type: string; text: string; headers?: Record<string, string> };
}

const week = Array.from({ length: 7 }, (_, dayOfWeek) => ({
  dayOfWeek,
  isOpen: true,
  slotDuration: 15,
  intervals: [{ openTime: '00:00', closeTime: '24:00' }],
}));

const laterDate = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

/**
 * A request each route accepts from A's owner (or would, but for a link token nobody has): the
 * starting point the fuzzer mutates. `t` is the tenant whose ids go into bodies (A mostly, B to
 * cross tenants), `n` a counter for unique values.
 */
function knownGood(key: string, c: FuzzContext, t: TenantIds, n: number): Parts {
  const start = c.starts[n % c.starts.length]!;
  const token = `${'Tk'.repeat(12)}${n}`;
  switch (key) {
    case 'POST auth/register':
      return { body: { email: `fuzz-${n}@fuzz.example`, password: 'a long passphrase for 2026' } };
    case 'POST auth/verify-email':
      return { body: { token } };
    case 'POST auth/login':
      // A's password, on A's email or B's.
      return { body: { email: t.email, password: n % 2 ? OWNER_PASSWORD : 'wrong one 1234' } };
    case 'POST auth/forgot-password':
      return { body: { email: t.email } };
    case 'POST auth/reset-password':
      return { body: { token, password: 'a new passphrase, longer' } };
    case 'POST auth/change-password':
      // Never the real current password: the owner keeps signing in with it.
      return {
        body: { currentPassword: 'not the password 1', newPassword: 'a new passphrase, longer' },
      };
    case 'GET auth/google/callback':
      return { query: { code: 'abc', state: 'xyz' } };
    case 'PATCH business/:id':
    case 'PATCH businesses/:id':
      return {
        body: {
          name: 'Alpha Fuzz Salon',
          description: 'Fuzzed description',
          phone: '02 9000 0000',
          maxAdvanceDays: 365,
          minNoticeMinutes: 60,
          publishingEnabled: true,
        },
      };
    case 'POST services':
      return {
        body: { businessId: t.businessId, name: `Fuzz service ${n}`, duration: 30, price: 1000 },
      };
    case 'PATCH services/:id':
      return { body: { price: 2000, bufferAfterMinutes: 5, isActive: true } };
    case 'GET business/slug/:slug/staff':
    case 'GET business/:id/staff':
      return { query: { serviceId: t.serviceId } };
    case 'POST staff':
      return {
        body: {
          businessId: t.businessId,
          firstName: 'Fuzz',
          lastName: `Staff ${n}`,
          serviceIds: [t.serviceId],
        },
      };
    case 'PATCH staff/:id':
      return { body: { title: 'Fuzzed title', serviceIds: [t.serviceId] } };
    case 'DELETE staff/:id':
      return { query: n % 2 ? { upcoming: 'cancel' } : { upcoming: 'reassign', to: t.staffId } };
    case 'GET business/slug/:slug/available-times':
    case 'GET business/:id/available-times':
      return { query: { date: c.date, serviceId: t.serviceId } };
    case 'GET business/slug/:slug/available-days':
      return { query: { month: c.month, serviceId: t.serviceId } };
    case 'PUT business/:id/availability':
    case 'PUT staff/:id/availability':
      return { body: week };
    case 'POST business/:id/availability/affected-bookings':
      return { body: { kind: 'closure', from: c.date, to: c.date } };
    case 'POST business/:id/closures':
      return {
        body: {
          from: laterDate(300).slice(0, 10),
          to: laterDate(301).slice(0, 10),
          reason: 'Fuzz',
        },
      };
    case 'POST business/:id/special-hours':
      return {
        body: {
          date: laterDate(302).slice(0, 10),
          intervals: [{ openTime: '09:00', closeTime: '17:00' }],
          reason: 'Fuzz',
        },
      };
    case 'POST staff/:id/time-off':
      return { body: { start: laterDate(303), end: laterDate(303.1), reason: 'Fuzz' } };
    case 'POST appointments':
      return {
        body: {
          businessId: t.businessId,
          serviceId: t.serviceId,
          staffMemberId: null,
          firstName: 'Fuzz',
          lastName: `Customer ${n}`,
          phone: `04${String(30_000_000 + n).padStart(8, '0')}`,
          email: null,
          date: start,
          notes: null,
          notificationPreferences: { email: false, sms: true },
        },
      };
    case 'GET business/:id/appointments':
      return {
        query: {
          from: laterDate(-30),
          to: laterDate(60),
          q: 'Fuzz',
          status: 'confirmed',
          limit: 50,
          offset: 0,
        },
      };
    case 'GET business/:id/appointment-days':
      return { query: { from: laterDate(-3), to: laterDate(30), perDay: 3 } };
    case 'POST business/:id/appointments':
      // An existing client by id (B's, when crossing tenants) or a new one.
      return {
        body: {
          serviceId: t.serviceId,
          date: start,
          ...(n % 2
            ? { customerId: t.customerId }
            : { customer: { firstName: 'Walk', lastName: `In ${n}`, phone: '0400 999 111' } }),
          notifyCustomer: false,
        },
      };
    case 'PATCH appointments/:id':
      // A note, or a move to another person (B's, when crossing tenants).
      return {
        body:
          n % 2
            ? { notes: `Fuzz note ${n}`, notifyCustomer: false }
            : { staffMemberId: t.staffId, notifyCustomer: false },
      };
    case 'GET business/:id/customers':
      return { query: { q: 'Fuzz', limit: 10, offset: 0 } };
    case 'PATCH customers/:id':
      return { body: { notes: 'Prefers mornings' } };
    case 'GET cancel-appointment':
    case 'GET reschedule':
      return { query: { token } };
    case 'POST reschedule':
      return { body: { token, date: start } };
    case 'POST test-email':
      return {
        body: {
          email: 'owner-a@fuzz.example',
          type: n % 2 ? 'test' : 'reminder',
          appointmentId: t.appointmentId,
        },
      };
    case 'POST test-sms':
      return { body: { phoneNumber: '0412 345 678', type: 'test' } };
    case 'GET dev/outbox':
      return { query: { to: t.email } };
    case 'POST webhooks/twilio/status':
      return {
        raw: {
          type: 'application/x-www-form-urlencoded',
          text: `MessageSid=SM${'0'.repeat(32)}&MessageStatus=delivered`,
          headers: { 'x-twilio-signature': 'bm90IGEgc2lnbmF0dXJl' },
        },
      };
    case 'POST create-subscription':
      return { body: { priceId: 'price_professional_monthly' } };
    case 'POST stripe/webhook':
      return {
        raw: {
          type: 'application/json',
          text: JSON.stringify({ id: `evt_${n}`, type: 'customer.subscription.updated' }),
          headers: {
            'stripe-signature': `t=${Math.floor(Date.now() / 1000)},v1=${'0'.repeat(64)}`,
          },
        },
      };
    case 'POST support-messages':
      return {
        body: {
          firstName: 'Fuzz',
          lastName: 'Tester',
          email: 'fuzz@fuzz.example',
          subject: 'A question',
          message: 'Is this thing on?',
        },
      };
    default:
      return {};
  }
}

// --- the request arbitrary ------------------------------------------------------------------------

/** The id a path parameter names, by the path's first segment. */
function paramValue(route: ApiRoute, name: string, t: TenantIds): string {
  const head = route.path.split('/')[0];
  const spare = route.method === 'DELETE';
  switch (name) {
    case 'slug':
      return t.slug;
    case 'userId':
      return t.userId;
    case 'closureId':
      return String(t.closureId);
    case 'timeOffId':
      return String(t.timeOffId);
    case 'date':
      return t.specialDate;
    case 'id':
      break;
    default:
      // An id of a kind this context does not know (a calendar feed, webhook, API key, member…):
      // one no row has, so `:id` alone decides whose the path is (a tenant's business id used as
      // a feed id could name the other tenant's own feed, which is no leak).
      return '2147483647';
  }
  switch (head) {
    case 'services':
      return String(spare ? t.spareServiceId : t.serviceId);
    case 'staff':
      return String(spare && !route.path.endsWith('availability') ? t.spareStaffId : t.staffId);
    case 'appointments':
      return String(spare ? t.spareAppointmentId : t.appointmentId);
    case 'customers':
      return String(t.customerId);
    case 'messages':
      return String(t.messageId);
    default:
      return String(t.businessId);
  }
}

/** Replaces some fields of a known-good object with hostile values, or drops some, or adds some. */
function mutated(value: unknown): fc.Arbitrary<unknown> {
  if (!value || typeof value !== 'object' || Array.isArray(value)) {
    return fc.oneof(fc.constant(value), hostileValue);
  }
  const keys = Object.keys(value);
  if (keys.length === 0)
    return fc.dictionary(fc.string({ maxLength: 10 }), hostileValue, { maxKeys: 3 });
  return fc
    .tuple(
      fc.subarray(keys, { minLength: 1 }),
      fc.array(hostileValue, { minLength: keys.length, maxLength: keys.length }),
      fc.constantFrom('replace', 'drop', 'add', 'nest'),
      fc.string({ maxLength: 12 }),
    )
    .map(([chosen, values, how, extraKey]) => {
      const copy: Record<string, unknown> = { ...(value as Record<string, unknown>) };
      chosen.forEach((k, i) => {
        if (how === 'drop') delete copy[k];
        else if (how === 'nest') copy[k] = { [k]: copy[k] };
        else copy[k] = values[i];
      });
      // An own property, so '__proto__' reaches the JSON (a plain assignment would not).
      if (how === 'add') {
        Object.defineProperty(copy, extraKey || '__proto__', {
          value: values[0],
          enumerable: true,
          writable: true,
          configurable: true,
        });
      }
      return copy;
    });
}

function encodeQuery(query: unknown): string {
  if (!query || typeof query !== 'object') {
    return query === undefined ? '' : `?${encodePart(String(query))}`;
  }
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query as Record<string, unknown>)) {
    if (Array.isArray(v)) for (const item of v) params.append(k, String(item));
    else if (v !== undefined)
      params.append(k, typeof v === 'object' ? JSON.stringify(v) : String(v));
  }
  const s = params.toString();
  return s ? `?${s}` : '';
}

/** A JWT-looking token: A's own with its subject changed to B's owner (signature left as it was). */
export function forgedToken(token: string, b: TenantIds): string {
  const [head, payload, signature] = token.split('.');
  try {
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString()) as Record<
      string,
      unknown
    >;
    claims.sub = b.userId;
    return `${head}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.${signature}`;
  } catch {
    return 'not.a.jwt';
  }
}

/** One arbitrary request to `route`, A's owner calling. */
export function requestArbitrary(
  route: ApiRoute,
  c: FuzzContext,
  counter: () => number,
): fc.Arbitrary<FuzzRequest> {
  const schemas = routeRequest(route.key);
  const bodySchema = schemaArbitrary(schemas.body);
  const querySchema = schemaArbitrary(schemas.query);
  const paramNames = [...route.path.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1]!);

  const paramsArb = fc.constantFrom<'a' | 'b' | 'hostile'>('a', 'a', 'a', 'b', 'b', 'hostile');
  const authArb = fc.constantFrom<'owner' | 'none' | 'forged'>(
    'owner',
    'owner',
    'owner',
    'owner',
    'owner',
    'owner',
    'none',
    'forged',
  );
  const shapeArb = fc.constantFrom(
    'valid',
    'valid',
    'example',
    'schema',
    'mutated',
    'mutated',
    'mutated',
    'hostile-body',
    'broken-json',
    'other-media-type',
    'huge-body',
  );

  return fc
    .tuple(
      paramsArb,
      fc.array(hostileParam, { minLength: paramNames.length, maxLength: paramNames.length }),
      fc.array(fc.boolean(), { minLength: paramNames.length, maxLength: paramNames.length }),
      authArb,
      shapeArb,
      fc.constantFrom<'a' | 'b'>('a', 'a', 'a', 'b'),
      fc.boolean(),
      fc.integer({ min: 0, max: 1_000_000 }),
    )
    .chain(
      ([paramTenant, hostileParams, hostileMask, auth, shape, bodyTenant, bodyOnGet, salt]) => {
        const n = counter() * 1000 + (salt % 1000);
        const good = knownGood(route.key, c, bodyTenant === 'a' ? c.a : c.b, n);
        let anyB = false;
        let anyHostile = false;
        const path = route.path.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => {
          const i = paramNames.indexOf(name);
          if (paramTenant === 'hostile' && (hostileMask[i] || paramNames.length === 1)) {
            anyHostile = true;
            return hostileParams[i]!;
          }
          // Crossing tenants one parameter at a time too: A's business with B's closure.
          const useB = paramTenant === 'b' && (hostileMask[i] || paramNames.length === 1);
          if (useB) anyB = true;
          return encodePart(paramValue(route, name, useB ? c.b : c.a));
        });
        const pathTenant: FuzzRequest['pathTenant'] =
          paramNames.length === 0 ? 'none' : anyB ? 'b' : anyHostile ? 'hostile' : 'a';

        const queryArb: fc.Arbitrary<unknown> =
          shape === 'schema' && querySchema
            ? querySchema
            : shape === 'mutated' && good.query
              ? mutated(good.query)
              : shape === 'hostile-body' && good.query
                ? hostileValue
                : fc.constant(good.query);
        const wantsBody = route.method !== 'GET' || bodyOnGet;
        const bodyArb: fc.Arbitrary<Parts['raw'] | { json: unknown } | null> = !wantsBody
          ? fc.constant(null)
          : shape === 'broken-json'
            ? fc
                .constantFrom(
                  '{',
                  '{"a":',
                  '[1,2',
                  '{"a":1}}',
                  'nul',
                  '\u0000',
                  '{"__proto__":{"x":1}}',
                )
                .map((text) => ({ type: 'application/json', text }))
            : shape === 'other-media-type'
              ? fc
                  .tuple(
                    fc.constantFrom(
                      'text/plain',
                      'application/xml',
                      'multipart/form-data; boundary=x',
                      'application/x-www-form-urlencoded',
                      '',
                    ),
                    fc.string({ maxLength: 60 }),
                  )
                  .map(([type, text]) => ({ type, text }))
              : shape === 'huge-body'
                ? fc.constantFrom(...HUGE_BODIES)
                : shape === 'hostile-body'
                  ? hostileValue.map((json) => ({ json }))
                  : shape === 'schema' && bodySchema
                    ? bodySchema.map((json) => ({ json }))
                    : good.raw
                      ? fc.constant(good.raw)
                      : shape === 'mutated' && good.body !== undefined
                        ? mutated(good.body).map((json) => ({ json }))
                        : good.body !== undefined
                          ? fc.constant({ json: good.body })
                          : route.method === 'GET'
                            ? hostileValue.map((json) => ({ json }))
                            : fc.constant(null);

        return fc.tuple(queryArb, bodyArb).map(([query, body]): FuzzRequest => {
          const headers: Record<string, string> = {};
          let payload: string | undefined;
          if (body && 'json' in body) {
            payload = JSON.stringify(body.json) ?? 'null';
            headers['content-type'] = 'application/json';
          } else if (body) {
            payload = body.text;
            if (body.type) headers['content-type'] = body.type;
            Object.assign(headers, body.headers ?? {});
          }
          return {
            route: route.key,
            method: route.method,
            url: `/api/${path}${encodeQuery(query)}`,
            headers,
            body: payload,
            pathTenant,
            auth,
            shape,
          };
        });
      },
    );
}
