// The OpenAPI document against the running application: every route Nest registers is in the
// document with its method and path (and nothing else is), each handler's parsed body, query, path
// parameters and headers are the document's, its success status, access and rate limit agree with
// its decorators and guards, and real answers (successes and errors) fit the schemas the document
// gives for their status. A route added without the document, or a document that drifts from the
// contracts the handlers parse with, fails here.
import { HTTP_CODE_METADATA, ROUTE_ARGS_METADATA } from '@nestjs/common/constants.js';
import { RouteParamtypes } from '@nestjs/common/enums/route-paramtypes.enum.js';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import {
  buildOpenApiDocument,
  type JsonSchema,
  OPENAPI_HTTP_METHODS,
  type OpenApiDocument,
  type OpenApiOperation,
  resolvePointer,
  toJsonSchema,
} from '@slotwise/contracts/openapi';
import { documentValidator, jsonPointer as pointer } from '@slotwise/contracts/openapi-validator';
import {
  apiRoutes,
  AuthMessages,
  BusinessSchema,
  ERROR_CODE_STATUS,
  ErrorCode,
  ErrorResponseSchema,
  MAX_PATH_PARAM_LENGTH,
} from '@slotwise/contracts';
import { DomainException } from '../src/core/exceptions/domain.exception.js';
import { toErrorResponse } from '../src/core/exceptions/error-response.js';
import { ZodValidationPipe } from '../src/core/pipes/zod-validation.pipe.js';
import { JwtAuthGuard, JwtOrApiKeyGuard, OptionalJwtAuthGuard } from '../src/modules/auth/index.js';
import { bearer, json, PASSWORD, signUpOwner } from './support/auth.js';
import { bookingRequest } from './support/fixtures.js';
import { registeredHandlers } from './support/registered-handlers.js';
import { createTestContext, type TestContext } from './support/test-app.js';

let ctx: TestContext;
let doc: OpenApiDocument;
let validator: ReturnType<typeof documentValidator>;

const API_VERSION = (
  JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
    version: string;
  }
).version;

beforeAll(async () => {
  ctx = await createTestContext({ logLevels: [] });
  const res = await ctx.get('/api/openapi.json');
  expect(res.statusCode).toBe(200);
  doc = res.json() as OpenApiDocument;
  validator = documentValidator(doc);
});

afterAll(async () => {
  await ctx?.close();
});

interface HandlerArg {
  type: RouteParamtypes;
  data?: unknown;
  pipes: unknown[];
}

interface RegisteredRoute {
  /** `GET /api/business/{id}`: as the document writes it. */
  key: string;
  method: string;
  path: string;
  guards: unknown[];
  httpCode?: number;
  args: HandlerArg[];
}

/** Every route the application registered, with what the document must agree with. */
function registeredRoutes(): RegisteredRoute[] {
  return registeredHandlers(ctx.app).map(({ method, path, controller, name, handler, guards }) => {
    const routePath = `/api/${path.replace(/:(\w+)/g, '{$1}')}`;
    const argsByKey = (Reflect.getMetadata(ROUTE_ARGS_METADATA, controller, name) ?? {}) as Record<
      string,
      { data?: unknown; pipes?: unknown[] }
    >;
    return {
      key: `${method} ${routePath}`,
      method,
      path: routePath,
      guards,
      httpCode: Reflect.getMetadata(HTTP_CODE_METADATA, handler) as number | undefined,
      args: Object.entries(argsByKey).map(([key, arg]) => ({
        // Keys are `<paramtype>:<index>`; custom decorators' keys carry a prefix of their own.
        type: Number(key.split(':')[0]) as RouteParamtypes,
        data: arg.data,
        pipes: arg.pipes ?? [],
      })),
    };
  });
}

function documentedOperations(document: OpenApiDocument = doc): {
  key: string;
  path: string;
  method: string;
  op: OpenApiOperation;
}[] {
  return Object.entries(document.paths).flatMap(([path, item]) =>
    OPENAPI_HTTP_METHODS.flatMap((method) => {
      const op = item[method];
      return op ? [{ key: `${method.toUpperCase()} ${path}`, path, method, op }] : [];
    }),
  );
}

/** How the registered routes and a document's operations differ (empty when they agree). */
function disagreements(registered: RegisteredRoute[], document: OpenApiDocument): string[] {
  const documented = new Set(documentedOperations(document).map((o) => o.key));
  const served = new Set(registered.map((r) => r.key));
  return [
    ...[...served]
      .filter((key) => !documented.has(key))
      .map((key) => `registered route ${key} is missing from the document`),
    ...[...documented]
      .filter((key) => !served.has(key))
      .map((key) => `${key} is documented but no handler serves it`),
  ];
}

function operationOf(route: RegisteredRoute): OpenApiOperation {
  const op = doc.paths[route.path]?.[route.method.toLowerCase() as 'get'];
  expect(op, `registered route ${route.key} is missing from the OpenAPI document`).toBeDefined();
  return op!;
}

const zodSchemaOf = (arg: HandlerArg) =>
  (arg.pipes.find((p) => p instanceof ZodValidationPipe) as ZodValidationPipe<never> | undefined)
    ?.schema;

function deref(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(deref);
  if (!node || typeof node !== 'object') return node;
  const ref = (node as { $ref?: unknown }).$ref;
  if (typeof ref === 'string') return deref(resolvePointer(doc, ref));
  return Object.fromEntries(Object.entries(node).map(([k, v]) => [k, deref(v)]));
}

const isJwtGuard = (g: unknown) =>
  typeof g === 'function' &&
  (g === JwtAuthGuard || g.prototype instanceof JwtAuthGuard || g === JwtOrApiKeyGuard);
const isOptionalJwtGuard = (g: unknown) =>
  typeof g === 'function' &&
  (g === OptionalJwtAuthGuard || g.prototype instanceof OptionalJwtAuthGuard);
const isRateLimitGuard = (g: unknown) =>
  typeof g === 'function' && /Throttler|RateLimit/.test(g.name);

/** The schema the document gives for an answer with this status, or why there is none. */
function expectDocumentedAnswer(
  op: OpenApiOperation,
  res: { statusCode: number; headers: Record<string, unknown>; body: string },
  label: string,
) {
  const response = op.responses[String(res.statusCode)];
  expect(
    response,
    `${label}: status ${res.statusCode} is not in the document (${Object.keys(op.responses).join(', ')}): ${res.body.slice(0, 300)}`,
  ).toBeDefined();
  const media = response!.content?.['application/json'];
  const type = String(res.headers['content-type'] ?? '');
  if (!media) {
    if (response!.content?.['text/html']) expect(type, label).toMatch(/^text\/html/);
    else expect(res.body, `${label}: documented without a body`).toBe('');
    return;
  }
  expect(type, label).toMatch(/^application\/json/);
  const { path, method } = documentedOperations().find((o) => o.op === op)!;
  const at = pointer('paths', path, method, 'responses', String(res.statusCode));
  const schema = `${at}${pointer('content', 'application/json', 'schema')}`;
  const errors = validator.errors(schema, JSON.parse(res.body));
  expect(errors, `${label}: the answer does not fit the document`).toEqual([]);
}

describe('GET /api/openapi.json', () => {
  it('serves the document built from the contracts, as JSON, cached with an ETag', async () => {
    expect(doc).toEqual(buildOpenApiDocument({ version: API_VERSION }));
    expect(doc.info.version).toBe(API_VERSION);
    const res = await ctx.get('/api/openapi.json');
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['cache-control']).toBe('public, max-age=300');
    const etag = String(res.headers.etag);
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await ctx.request({
      method: 'GET',
      url: '/api/openapi.json',
      headers: { 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });
});

describe('the OpenAPI document and the registered routes', () => {
  it('documents every registered route with its method and path, and no other', () => {
    const registered = registeredRoutes();
    expect(registered.length).toBeGreaterThan(70);
    expect(disagreements(registered, doc)).toEqual([]);
    // The check itself: a document without one of the routes, or with one no handler serves, fails.
    const [first] = documentedOperations();
    const without = structuredClone(doc);
    delete without.paths[first!.path]![first!.method as 'get'];
    expect(disagreements(registered, without)).toEqual([
      `registered route ${first!.key} is missing from the document`,
    ]);
    const extra = structuredClone(doc);
    extra.paths['/api/no-such-route'] = { get: first!.op };
    expect(disagreements(registered, extra)).toEqual([
      'GET /api/no-such-route is documented but no handler serves it',
    ]);
  });

  it("has each handler's body, query, path parameters and headers, with the schemas it parses with", () => {
    let compared = 0;
    for (const route of registeredRoutes()) {
      const op = operationOf(route);
      const params = op.parameters ?? [];
      const readsBody = route.args.some(
        (a) => a.type === RouteParamtypes.BODY || a.type === RouteParamtypes.REQUEST,
      );
      if (op.requestBody)
        expect(readsBody, `${route.key} documents a body it never reads`).toBe(true);

      for (const arg of route.args) {
        const schema = zodSchemaOf(arg);
        const name = typeof arg.data === 'string' ? arg.data : undefined;
        if (arg.type === RouteParamtypes.BODY) {
          expect(
            op.requestBody,
            `${route.key} reads a body the document does not have`,
          ).toBeDefined();
          if (schema && !name) {
            const media = op.requestBody!.content['application/json'];
            expect(media, `${route.key} parses a JSON body`).toBeDefined();
            expect(deref(media!.schema), `${route.key} body`).toEqual(
              toJsonSchema(schema, 'input'),
            );
            compared += 1;
          }
        }
        if (arg.type === RouteParamtypes.QUERY) {
          const query = params.filter((p) => p.in === 'query');
          if (name) {
            expect(
              query.map((p) => p.name),
              `${route.key} reads ?${name}`,
            ).toContain(name);
          } else if (schema) {
            const json = toJsonSchema(schema, 'input');
            const properties = (json.properties ?? {}) as Record<string, JsonSchema>;
            if (Array.isArray(json.oneOf)) {
              // Forms that depend on each other are one exploded object parameter: the union.
              expect(query, `${route.key} query`).toEqual([
                {
                  name: 'query',
                  in: 'query',
                  required: false,
                  style: 'form',
                  explode: true,
                  schema: json,
                },
              ]);
            } else {
              expect(query.map((p) => p.name).sort(), `${route.key} query`).toEqual(
                Object.keys(properties).sort(),
              );
              for (const p of query) {
                expect(p.schema, `${route.key} ?${p.name}`).toEqual(properties[p.name]);
                expect(p.required, `${route.key} ?${p.name} required`).toBe(
                  ((json.required as string[] | undefined) ?? []).includes(p.name),
                );
              }
            }
            compared += 1;
          }
        }
        if (arg.type === RouteParamtypes.PARAM && name) {
          const param = params.find((p) => p.in === 'path' && p.name === name);
          expect(param, `${route.key} reads :${name}`).toBeDefined();
          if (schema) {
            expect(param!.schema, `${route.key} :${name}`).toEqual(toJsonSchema(schema, 'input'));
            compared += 1;
          }
        }
        if (arg.type === RouteParamtypes.HEADERS && name) {
          const header = params.find((p) => p.in === 'header' && p.name === name);
          expect(header, `${route.key} reads the ${name} header`).toBeDefined();
        }
      }
    }
    // Bodies, queries and ids parsed with contracts schemas: dozens of them, each compared.
    expect(compared).toBeGreaterThan(50);
  });

  it('gives each route the success status, access and rate limit of its decorators and guards', () => {
    for (const route of registeredRoutes()) {
      const op = operationOf(route);
      const success = Object.keys(op.responses).filter((s) => /^[23]/.test(s));
      expect(success.length, route.key).toBe(1);
      const handlesReply = route.args.some(
        (a) =>
          a.type === RouteParamtypes.RESPONSE &&
          !(a.data as { passthrough?: boolean } | undefined)?.passthrough,
      );
      if (success[0] === '302') {
        // A redirect is sent by the handler itself.
        expect(handlesReply, `${route.key} redirects`).toBe(true);
      } else {
        const status = route.httpCode ?? (route.method === 'POST' ? 201 : 200);
        expect(success[0], `${route.key} success status`).toBe(String(status));
      }

      const access = op['x-slotwise-access'];
      if (route.guards.some(isOptionalJwtGuard)) {
        expect(access, route.key).toBe('optional-owner');
        expect(op.security, route.key).toEqual([{}, { bearerAuth: [] }]);
      } else if (route.guards.some(isJwtGuard)) {
        expect(access, route.key).toBe('owner');
        const scope = op['x-slotwise-api-key-scope'];
        // Routes that also take an API key say so, with the scope the key needs.
        expect(op.security, route.key).toEqual(
          scope ? [{ bearerAuth: [] }, { apiKeyAuth: [scope] }] : [{ bearerAuth: [] }],
        );
        expect(op.responses, route.key).toHaveProperty('401');
        if (scope) expect(op.responses, route.key).toHaveProperty('403');
      } else {
        expect(['public', 'refresh-cookie', 'signature'], route.key).toContain(access);
        expect(JSON.stringify(op.security ?? []), route.key).not.toContain('bearerAuth');
      }
      if (route.guards.some(isRateLimitGuard)) {
        expect(op['x-slotwise-rate-limited'], `${route.key} is rate limited`).toBe(true);
        expect(op.responses, route.key).toHaveProperty('429');
      }
    }
  });

  it("maps error codes to the statuses the API's error filter answers", () => {
    for (const code of Object.values(ErrorCode)) {
      const { body } = toErrorResponse(new DomainException(code, 'x'));
      expect(body.statusCode, code).toBe(ERROR_CODE_STATUS[code]);
    }
  });
});

/** A value for each path parameter that names nothing. */
const PLACEHOLDERS: Record<string, string> = {
  id: '2147483000',
  closureId: '2147483000',
  timeOffId: '2147483000',
  jobId: '2147483000',
  invitationId: '2147483000',
  memberId: '2147483000',
  requestId: '2147483000',
  webhookId: '2147483000',
  deliveryId: '2147483000',
  keyId: '2147483000',
  slug: 'no-such-business-anywhere',
  userId: '00000000-0000-4000-8000-000000000000',
  date: '2027-01-01',
  feedId: '2147483000',
  file: 'no-such-feed-token-anywhere.ics',
};

describe('real answers', () => {
  it('fail a document that says otherwise', async () => {
    const res = await ctx.get('/api/health');
    expect(res.statusCode).toBe(200);
    const at = pointer('paths', '/api/health', 'get', 'responses', '200', 'content');
    const schema = `${at}${pointer('application/json', 'schema')}`;
    expect(validator.errors(schema, res.json())).toEqual([]);
    // The same answer against a document whose health answer has a numeric status.
    const changed = structuredClone(doc);
    const health = changed.components.schemas.HealthResponse!;
    (health.properties as Record<string, JsonSchema>).status = { type: 'integer' };
    expect(documentValidator(changed).errors(schema, res.json())).toEqual([
      '/status must be integer',
    ]);
  });

  it('of every route to a bare request (no token, no body, no query) are documented', async () => {
    const seen = new Map<number, string[]>();
    for (const route of registeredRoutes()) {
      const op = operationOf(route);
      const url = route.path.replace(/\{(\w+)\}/g, (_, name: string) => {
        expect(PLACEHOLDERS[name], `a placeholder for {${name}}`).toBeDefined();
        return PLACEHOLDERS[name]!;
      });
      const res = await ctx.request({ method: route.method as InjectOptions['method'], url });
      expectDocumentedAnswer(op, res, `${route.key} bare`);
      seen.set(res.statusCode, [...(seen.get(res.statusCode) ?? []), route.key]);
    }
    // Owner routes refused the anonymous caller, unknown ids were not found, missing input was
    // refused: each in a shape the document gave for that status.
    for (const status of [200, 204, 302, 400, 401, 404]) {
      expect([...seen.keys()], String(status)).toContain(status);
    }
  });

  it("of an owner's day fit the document's schemas", async () => {
    const ops = new Map(documentedOperations().map((o) => [o.op.operationId, o.op]));
    const call = async (id: string, options: InjectOptions, status?: number) => {
      const res = await ctx.request(options);
      if (status !== undefined) expect(res.statusCode, `${id}: ${res.body}`).toBe(status);
      const op = ops.get(id);
      expect(op, id).toBeDefined();
      expectDocumentedAnswer(op!, res, id);
      return res;
    };

    await call('health', { method: 'GET', url: '/api/health' }, 200);
    await call('auth.providers', { method: 'GET', url: '/api/auth/providers' }, 200);
    await call('subscription.config', { method: 'GET', url: '/api/subscription-config' });

    const owner = await signUpOwner(ctx);
    const auth = bearer(owner.accessToken);
    const login = await call(
      'auth.login',
      json('POST', '/api/auth/login', { email: owner.email, password: PASSWORD }),
      200,
    );
    // The refresh cookie is the one the document names.
    const cookieName = (doc.components.securitySchemes.refreshCookie as { name: string }).name;
    expect(String(login.headers['set-cookie'])).toContain(`${cookieName}=`);
    await call('auth.me', { method: 'GET', url: '/api/auth/me', headers: auth }, 200);

    const mine = await call(
      'businesses.mine',
      { method: 'GET', url: '/api/business/me', headers: auth },
      200,
    );
    const businessId = BusinessSchema.parse(mine.json()).id;
    const withAuth = (o: InjectOptions): InjectOptions => ({
      ...o,
      headers: { ...o.headers, ...auth },
    });
    await call(
      'businesses.update',
      withAuth(
        json('PATCH', `/api/business/${businessId}`, {
          name: `Docs Salon ${owner.userId.slice(0, 6)}`,
        }),
      ),
      200,
    );
    const service = await call(
      'services.create',
      withAuth(
        json('POST', '/api/services', { businessId, name: 'Cut', duration: 30, price: 4500 }),
      ),
      201,
    );
    const serviceId = (service.json() as { id: number }).id;
    const staff = await call(
      'staff.create',
      withAuth(
        json('POST', '/api/staff', {
          businessId,
          firstName: 'Ada',
          lastName: 'Docs',
          serviceIds: [serviceId],
        }),
      ),
      201,
    );
    const staffId = (staff.json() as { id: number }).id;
    await call(
      'availability.replaceWeeklyHours',
      withAuth(
        json(
          'PUT',
          `/api/business/${businessId}/availability`,
          [0, 1, 2, 3, 4, 5, 6].map((dayOfWeek) => ({
            dayOfWeek,
            isOpen: true,
            openTime: '08:00',
            closeTime: '18:00',
            slotDuration: 30,
          })),
        ),
      ),
      200,
    );
    await call('businesses.byId', { method: 'GET', url: `/api/business/${businessId}` }, 200);
    await call('businesses.list', { method: 'GET', url: '/api/businesses' }, 200);
    await call(
      'services.listById',
      { method: 'GET', url: `/api/business/${businessId}/services` },
      200,
    );
    await call(
      'staff.listById',
      withAuth({ method: 'GET', url: `/api/business/${businessId}/staff` }),
      200,
    );
    await call(
      'availability.timesById',
      {
        method: 'GET',
        url: `/api/business/${businessId}/available-times?date=2027-01-05&serviceId=${serviceId}`,
      },
      200,
    );
    const booked = await call(
      'appointments.create',
      json(
        'POST',
        '/api/appointments',
        bookingRequest(businessId, serviceId, '2027-01-05T00:00:00.000Z'),
      ),
      201,
    );
    expect(booked.statusCode).toBe(201);
    // The same slot again: refused (taken, or no longer offered), as the document says.
    const again = await call(
      'appointments.create',
      json('POST', '/api/appointments', {
        ...bookingRequest(businessId, serviceId, '2027-01-05T00:00:00.000Z'),
        staffMemberId: staffId,
      }),
    );
    expect([400, 409]).toContain(again.statusCode);
    await call(
      'appointments.list',
      withAuth({ method: 'GET', url: `/api/business/${businessId}/appointments` }),
      200,
    );
    await call(
      'appointments.days',
      withAuth({
        method: 'GET',
        url: `/api/business/${businessId}/appointment-days?from=2027-01-01T00:00:00Z&to=2027-02-01T00:00:00Z`,
      }),
      200,
    );
    await call(
      'appointments.counts',
      withAuth({ method: 'GET', url: `/api/business/${businessId}/appointment-counts` }),
      200,
    );
    await call(
      'customers.list',
      withAuth({ method: 'GET', url: `/api/business/${businessId}/customers` }),
      200,
    );
    await call(
      'staff.upcomingAppointments',
      withAuth({ method: 'GET', url: `/api/staff/${staffId}/upcoming-appointments` }),
      200,
    );
    await call(
      'availability.staffHours',
      withAuth({ method: 'GET', url: `/api/staff/${staffId}/availability` }),
      200,
    );
    await call(
      'subscription.status',
      withAuth({ method: 'GET', url: '/api/subscription-status' }),
      200,
    );
    await call(
      'messages.messagingStatus',
      withAuth({ method: 'GET', url: '/api/messaging-status' }),
      200,
    );
    await call('messages.devOutbox', { method: 'GET', url: '/api/dev/outbox' }, 200);
    // Invalid input: a documented 400 in the error shape, with its issues.
    await call(
      'services.create',
      withAuth(json('POST', '/api/services', { businessId, name: '' })),
      400,
    );
    await call('apiDocs.page', { method: 'GET', url: '/api/docs' }, 200);
  });
});

describe('GET /api/docs', () => {
  it('is an HTML page listing every path of the document, with no script', async () => {
    const res = await ctx.get('/api/docs');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(String(res.headers['content-security-policy'])).toContain("default-src 'none'");
    const html = res.body;
    expect(html).not.toMatch(/<script/i);
    for (const { path, method, op } of documentedOperations()) {
      expect(html, `${method} ${path}`).toContain(
        `>${method.toUpperCase()}</span><code>${path.replace(/&/g, '&amp;')}</code>`,
      );
      expect(html).toContain(`id="op-${op.operationId.toLowerCase()}"`);
    }
    for (const route of registeredRoutes()) {
      expect(html, `registered route ${route.key} is missing from /api/docs`).toContain(
        `<code>${route.path}</code>`,
      );
    }
    // A route the docs page and the document both name: the owner's diary.
    expect(html).toContain(
      `<code>${'/api/' + apiRoutes.appointments.list.path.replace(':id', '{id}')}</code>`,
    );
  });
});

describe('what the document allows and what the server refuses', () => {
  /** Each documented operation with a concrete URL (placeholders for its path parameters). */
  const concrete = (path: string, values: Record<string, string> = {}) =>
    path.replace(/\{(\w+)\}/g, (_, name: string) => values[name] ?? PLACEHOLDERS[name]!);

  it('answers a wrong method with 405, the error shape and Allow listing the path’s methods', async () => {
    for (const [path, item] of Object.entries(doc.paths)) {
      const methods = OPENAPI_HTTP_METHODS.filter((m) => item[m]);
      const wrong = OPENAPI_HTTP_METHODS.find((m) => !item[m]);
      if (!wrong) continue;
      const res = await ctx.request({
        method: wrong.toUpperCase() as InjectOptions['method'],
        url: concrete(path),
      });
      const label = `${wrong.toUpperCase()} ${path}`;
      expect(res.statusCode, `${label}: ${res.body}`).toBe(405);
      expect(ErrorResponseSchema.parse(res.json()).code, label).toBe('METHOD_NOT_ALLOWED');
      const allow = String(res.headers.allow).split(', ');
      for (const m of methods) expect(allow, label).toContain(m.toUpperCase());
      if (methods.includes('get')) expect(allow, label).toContain('HEAD');
    }
  });

  it('refuses ids outside positive int32 and over-long path parameters with a documented 400', async () => {
    const owner = await signUpOwner(ctx);
    let checked = 0;
    for (const { path, method, op } of documentedOperations()) {
      for (const param of (op.parameters ?? []).filter((p) => p.in === 'path')) {
        const isId = param.schema.type === 'integer';
        if (isId) {
          expect(param.schema, `${path} {${param.name}}`).toEqual({
            type: 'integer',
            minimum: 1,
            maximum: 2 ** 31 - 1,
          });
        } else {
          expect(param.schema.maxLength, `${path} {${param.name}}`).toBeLessThanOrEqual(
            MAX_PATH_PARAM_LENGTH,
          );
        }
        const bad = isId ? ['0', String(2 ** 31), '1.5', '-1'] : ['x'.repeat(101)];
        for (const value of bad) {
          const res = await ctx.request({
            method: method.toUpperCase() as InjectOptions['method'],
            url: concrete(path, { [param.name]: value }),
            headers: bearer(owner.accessToken),
          });
          const label = `${method.toUpperCase()} ${path} {${param.name}}=${value.slice(0, 12)}`;
          // Signed webhooks check their signature before anything else.
          if (op['x-slotwise-access'] === 'signature') continue;
          // 400 for the value; 404 where the path's other (placeholder) id is checked first.
          expect([400, 404], `${label}: ${res.body}`).toContain(res.statusCode);
          expectDocumentedAnswer(op, res, label);
          checked += 1;
        }
      }
    }
    expect(checked).toBeGreaterThan(100);
  });

  it('does not refuse the documented examples for what they hold', async () => {
    const owner = await signUpOwner(ctx);
    for (const { path, method, op } of documentedOperations()) {
      const example = op.requestBody?.content['application/json']?.example;
      if (example === undefined) continue;
      const res = await ctx.request(
        json(
          method.toUpperCase() as 'POST',
          concrete(path, { id: '7', slug: 'harbour-hair' }),
          example,
          owner.accessToken,
        ),
      );
      const label = `${method.toUpperCase()} ${path} example`;
      expectDocumentedAnswer(op, res, label);
      const refusal = res.statusCode === 400 ? ErrorResponseSchema.parse(res.json()) : null;
      // The one refusal of an example's content rather than its form: the password it names is not
      // this owner's (the handler checks it, not the schema).
      if (refusal?.message === AuthMessages.wrongCurrentPassword) continue;
      expect(refusal?.code, `${label}: ${res.body}`).not.toBe('VALIDATION_FAILED');
    }
  });

  it('reads a JSON body with a __proto__ key, without the key', async () => {
    const res = await ctx.request({
      method: 'POST',
      url: '/api/auth/forgot-password',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":"nobody@example.com","__proto__":{"isAdmin":true}}',
    });
    expect(res.statusCode, res.body).toBe(200);
  });

  it('answers LINK_INVALID for an unknown verification link, like the other links', async () => {
    const res = await ctx.request(
      json('POST', '/api/auth/verify-email', { token: 'q8V1yXk2m4Tn7Rb0Lc5Pd9WsAbCdEfGh' }),
    );
    expect(ErrorResponseSchema.parse(res.json()).code).toBe('LINK_INVALID');
    expectDocumentedAnswer(doc.paths['/api/auth/verify-email']!.post!, res, 'verify-email');
  });
});
