import { STATUS_CODES } from 'node:http';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ERROR_CODE_STATUS } from './error-codes.js';
import { documentValidator, jsonPointer as pointer } from './openapi-validator.js';
import { ErrorResponseSchema } from './errors.js';
import {
  buildOpenApiDocument,
  type JsonSchema,
  namedRoutes,
  OPENAPI_HTTP_METHODS,
  openApiPath,
  type OpenApiDocument,
  type OpenApiOperation,
  pathParamNames,
  resolvePointer,
  toJsonSchema,
} from './openapi.js';
import { allApiRoutes } from './routes/index.js';
import { route } from './routes/route.js';
import { defineRoutes, ROUTE_FEATURES, ROUTE_SPECS, routeSpecOf } from './routes/route-specs.js';

const doc = buildOpenApiDocument({ version: '1.2.3' });

const validator = documentValidator(doc);
const schemaErrors = validator.errors;

/** Where each schema of the document is: components, parameters, bodies, answers, headers. */
function schemaPointers(d: OpenApiDocument): string[] {
  const found = Object.keys(d.components.schemas).map((n) => pointer('components', 'schemas', n));
  const walk = (node: unknown, at: string[]) => {
    if (!node || typeof node !== 'object') return;
    for (const [key, value] of Object.entries(node)) {
      if (key === 'example') continue;
      if (key === 'schema') found.push(pointer(...at, key));
      else walk(value, [...at, key]);
    }
  };
  walk(d.paths, ['paths']);
  walk(d.components.headers, ['components', 'headers']);
  return found;
}

function operations(d: OpenApiDocument = doc) {
  return Object.entries(d.paths).flatMap(([path, item]) =>
    OPENAPI_HTTP_METHODS.flatMap((method) =>
      item[method] ? [{ path, method, op: item[method] as OpenApiOperation }] : [],
    ),
  );
}

/** How a document's operations differ from the route table (empty when they agree). */
function tableDisagreements(d: OpenApiDocument): string[] {
  const documented = new Set(
    operations(d).map(({ path, method }) => `${method.toUpperCase()} ${path}`),
  );
  const table = namedRoutes().map(({ id, route }) => ({
    id,
    key: `${route.method} ${openApiPath(route)}`,
  }));
  const inTable = new Set(table.map((r) => r.key));
  return [
    ...table
      .filter((r) => !documented.has(r.key))
      .map((r) => `${r.key} (${r.id}) is missing from the document`),
    ...[...documented].filter((k) => !inTable.has(k)).map((k) => `${k} is not in the route table`),
  ];
}

/** Every `$ref` in a JSON value, with where it was found. */
function refs(node: unknown, at = '#'): { at: string; ref: string }[] {
  if (Array.isArray(node)) return node.flatMap((n, i) => refs(n, `${at}/${i}`));
  if (!node || typeof node !== 'object') return [];
  return Object.entries(node).flatMap(([k, v]) =>
    k === '$ref' && typeof v === 'string' ? [{ at, ref: v }] : refs(v, `${at}/${k}`),
  );
}

/** The schema with every `$ref` replaced by what it points to (the document has no cycles). */
function deref(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(deref);
  if (!node || typeof node !== 'object') return node;
  const ref = (node as { $ref?: unknown }).$ref;
  if (typeof ref === 'string') return deref(resolvePointer(doc, ref));
  return Object.fromEntries(Object.entries(node).map(([k, v]) => [k, deref(v)]));
}

const BODY_TYPES = ['application/json', 'application/x-www-form-urlencoded'];
const bodyType = (op: OpenApiOperation) =>
  BODY_TYPES.find((type) => op.requestBody?.content[type] !== undefined);
const jsonBody = (op: OpenApiOperation) => op.requestBody?.content[bodyType(op) ?? ''];

describe('the OpenAPI document', () => {
  it('is OpenAPI 3.1 with the parts every document needs', () => {
    expect(doc.openapi).toMatch(/^3\.1\.\d+$/);
    expect(doc.jsonSchemaDialect).toBe('https://json-schema.org/draft/2020-12/schema');
    expect(doc.info).toMatchObject({ title: 'Slotwise API', version: '1.2.3' });
    expect(JSON.parse(JSON.stringify(doc))).toEqual(doc);
    for (const { path, method, op } of operations()) {
      const where = `${method.toUpperCase()} ${path}`;
      expect(path, where).toMatch(/^\/api\//);
      expect(op.summary, where).toBeTruthy();
      expect(Object.keys(op.responses).length, where).toBeGreaterThan(0);
      for (const [status, response] of Object.entries(op.responses)) {
        expect(status, where).toMatch(/^[1-5]\d\d$/);
        expect(response.description, `${where} ${status}`).toBeTruthy();
        for (const media of Object.values(response.content ?? {})) {
          expect(media.schema, `${where} ${status}`).toBeDefined();
        }
      }
      for (const p of op.parameters ?? []) {
        expect(['path', 'query', 'header'], where).toContain(p.in);
        expect(p.schema, `${where} ${p.name}`).toBeDefined();
        if (p.in === 'path') expect(p.required, `${where} ${p.name}`).toBe(true);
      }
      const names = (op.parameters ?? []).map((p) => `${p.in}:${p.name}`);
      expect(new Set(names).size, `${where} declares a parameter twice`).toBe(names.length);
      for (const requirement of op.security ?? []) {
        for (const scheme of Object.keys(requirement)) {
          expect(doc.components.securitySchemes, `${where} ${scheme}`).toHaveProperty(scheme);
        }
      }
      expect(
        doc.tags.map((t) => t.name),
        where,
      ).toContain(op.tags[0]);
    }
  });

  it('has every route of the table, once, with unique operationIds', () => {
    expect(tableDisagreements(doc)).toEqual([]);
    const ids = operations().map(({ op }) => op.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    expect(operations().find(({ op }) => op.operationId === 'businesses.byId')?.path).toBe(
      '/api/business/{id}',
    );
    // The check itself: a document without a route of the table fails it.
    const without = structuredClone(doc);
    delete without.paths['/api/business/{id}']!.get;
    expect(tableDisagreements(without)).toEqual([
      'GET /api/business/{id} (businesses.byId) is missing from the document',
    ]);
  });

  it('describes every route of the table once, and nothing else', () => {
    const keys = allApiRoutes()
      .map((r) => r.key)
      .sort();
    expect([...ROUTE_SPECS.keys()].sort()).toEqual(keys);
    expect(Object.keys(ROUTE_FEATURES).sort()).toEqual(
      [...new Set(namedRoutes().map((r) => r.group))].sort(),
    );
    expect(new Set(doc.tags.map((t) => t.name)).size).toBe(Object.keys(ROUTE_FEATURES).length);
  });

  it('does not compile a feature whose route lacks its spec, response or summary', () => {
    const table = {
      ping: route<{ ok: true }>()('GET', 'ping'),
      pong: route<void>()('POST', 'pong'),
    };
    const tag = { name: 'Test', description: 'Test' };
    // @ts-expect-error: `pong` has no spec.
    defineRoutes(table, { tag, routes: { ping: { summary: 'Ping', response: null } } });
    defineRoutes(table, {
      tag,
      routes: {
        // @ts-expect-error: no response schema (null must be said).
        ping: { summary: 'Ping' },
        pong: { summary: 'Pong', response: null },
      },
    });
    defineRoutes(table, {
      tag,
      routes: {
        // @ts-expect-error: no summary.
        ping: { response: null },
        pong: { summary: 'Pong', response: null },
      },
    });
    expect(() => routeSpecOf(table.ping)).toThrow('GET ping is described by no feature');
  });

  it('declares each path template parameter, and only those', () => {
    for (const { path, method, op } of operations()) {
      const inPath = [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]).sort();
      const declared = (op.parameters ?? [])
        .filter((p) => p.in === 'path')
        .map((p) => p.name)
        .sort();
      expect(declared, `${method} ${path}`).toEqual(inPath);
    }
  });

  it('has no two paths that differ only in their parameter names', () => {
    const shapes = Object.keys(doc.paths).map((p) => p.replace(/\{[^}]+\}/g, '{}'));
    expect(new Set(shapes).size).toBe(shapes.length);
  });

  it('resolves every $ref', () => {
    const all = refs(doc);
    expect(all.length).toBeGreaterThan(50);
    for (const { at, ref } of all) {
      expect(ref, at).toMatch(/^#\/components\/(schemas|headers)\//);
      expect(() => resolvePointer(doc, ref), `${at}: ${ref}`).not.toThrow();
    }
  });

  it('says the same as the contracts: responses, bodies, query and path parameters', () => {
    for (const { id, route } of namedRoutes()) {
      const op = doc.paths[openApiPath(route)]![route.method.toLowerCase() as 'get']!;
      expect(op.operationId).toBe(id);
      expect(op['x-slotwise-route-key']).toBe(route.key);
      const success = Object.entries(op.responses).find(([s]) => /^[23]/.test(s))!;
      const responseSchema = routeSpecOf(route).response;
      const json = success[1].content?.['application/json']?.schema;
      if (responseSchema)
        expect(deref(json), route.key).toEqual(toJsonSchema(responseSchema, 'output'));
      else expect(json, route.key).toBeUndefined();

      const request = routeSpecOf(route).request ?? {};
      const body = jsonBody(op);
      if (request.body)
        expect(deref(body?.schema), route.key).toEqual(toJsonSchema(request.body, 'input'));
      else expect(op.requestBody, route.key).toBeUndefined();

      const query = (op.parameters ?? []).filter((p) => p.in === 'query');
      const expected = request.query ? toJsonSchema(request.query, 'input') : { properties: {} };
      if (Array.isArray(expected.oneOf)) {
        // Forms that depend on each other: one exploded object, the union itself.
        expect(query, route.key).toEqual([
          {
            name: 'query',
            in: 'query',
            required: false,
            style: 'form',
            explode: true,
            schema: expected,
          },
        ]);
        continue;
      }
      const properties = (expected.properties ?? {}) as Record<string, JsonSchema>;
      expect(query.map((p) => p.name).sort(), route.key).toEqual(Object.keys(properties).sort());
      for (const p of query) {
        expect(p.schema, `${route.key} ?${p.name}`).toEqual(properties[p.name]);
        expect(p.required, `${route.key} ?${p.name}`).toBe(
          ((expected.required as string[] | undefined) ?? []).includes(p.name),
        );
      }
      expect(
        (op.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name),
        route.key,
      ).toEqual(pathParamNames(route));
    }
  });

  it('answers errors in the shared error shape, with the statuses each route can give', () => {
    for (const { path, method, op } of operations()) {
      const where = `${method.toUpperCase()} ${path}`;
      const statuses = Object.keys(op.responses).map(Number);
      expect(statuses, where).toContain(500);
      if (op.parameters?.length || op.requestBody) expect(statuses, where).toContain(400);
      if (op.parameters?.some((p) => p.in === 'path')) expect(statuses, where).toContain(404);
      if (op.security?.some((s) => 'bearerAuth' in s)) expect(statuses, where).toContain(401);
      if (op['x-slotwise-rate-limited']) {
        expect(statuses, where).toContain(429);
        expect(op.responses['429']!.headers).toHaveProperty('Retry-After');
      }
      for (const status of statuses.filter((s) => s >= 400)) {
        if (op.operationId === 'health' && status === 503) continue;
        const at = pointer('paths', path, method, 'responses', String(status));
        const schema = `${at}${pointer('content', 'application/json', 'schema')}`;
        const sample = { statusCode: status, message: 'Nope', error: 'Nope' };
        expect(schemaErrors(schema, sample), `${where} ${status}`).toEqual([]);
        const code = Object.entries(ERROR_CODE_STATUS).find(([, s]) => s === status)![0];
        expect(schemaErrors(schema, { ...sample, code }), `${where} ${status}`).toEqual([]);
        // Another status, a code of another status or a missing message does not fit.
        expect(schemaErrors(schema, { ...sample, statusCode: 599 })).not.toEqual([]);
        const other = Object.entries(ERROR_CODE_STATUS).find(([, s]) => s !== status)![0];
        expect(schemaErrors(schema, { ...sample, code: other })).not.toEqual([]);
        expect(schemaErrors(schema, { statusCode: status, error: 'Nope' })).not.toEqual([]);
      }
    }
    const owner = doc.paths['/api/business/me']!.get!;
    expect(owner.security).toEqual([{ bearerAuth: [] }]);
    expect(doc.paths['/api/auth/refresh']!.post!.security).toEqual([{ refreshCookie: [] }]);
    expect(doc.paths['/api/business/{id}/services']!.get!.security).toEqual([
      {},
      { bearerAuth: [] },
    ]);
    expect(Object.keys(doc.paths['/api/appointments']!.post!.responses)).toEqual(
      expect.arrayContaining(['201', '400', '404', '409', '413', '429', '500', '503']),
    );
  });

  it('has an example of every error code each route names, in the error shape', () => {
    const reason = (status: number) => STATUS_CODES[status];
    for (const { path, method, op } of operations()) {
      const where = `${method.toUpperCase()} ${path}`;
      for (const [status, response] of Object.entries(op.responses)) {
        if (Number(status) < 400 || (op.operationId === 'health' && status === '503')) continue;
        const named = response.description.split(': ').at(-1)!.split(', ');
        const examples = response.content!['application/json']!.examples!;
        expect(Object.keys(examples), `${where} ${status}`).toEqual(named);
        const at = pointer('paths', path, method, 'responses', status);
        for (const [code, { value }] of Object.entries(examples)) {
          expect(value, `${where} ${status} ${code}`).toMatchObject({
            statusCode: Number(status),
            code,
            error: reason(Number(status)),
          });
          expect(ErrorResponseSchema.safeParse(value).success).toBe(true);
          const schema = `${at}${pointer('content', 'application/json', 'schema')}`;
          expect(schemaErrors(schema, value), `${where} ${status} ${code}`).toEqual([]);
        }
      }
    }
  });

  it('has an example for every request body, which the contracts accept', () => {
    for (const { path, method, op } of operations()) {
      const media = jsonBody(op);
      if (!media) continue;
      const where = `${method.toUpperCase()} ${path}`;
      expect(media.example, where).toBeDefined();
      const request = ROUTE_SPECS.get(op['x-slotwise-route-key'])!.spec.request!;
      expect(request.body!.safeParse(media.example).error, where).toBeUndefined();
      const at = pointer('paths', path, method, 'requestBody', 'content', bodyType(op)!, 'schema');
      expect(schemaErrors(at, media.example), where).toEqual([]);
    }
  });

  it('turns every schema into JSON Schema without losing any part of it', () => {
    const schemas = [
      ...[...ROUTE_SPECS.values()].map(({ spec }) => [spec.response, 'output'] as const),
      ...[...ROUTE_SPECS.values()]
        .map(({ spec }) => spec.request ?? {})
        .flatMap((r) => [[r.body, 'input'] as const, [r.query, 'input'] as const]),
    ];
    for (const [schema, io] of schemas) {
      if (!schema) continue;
      // 'throw' fails on anything JSON Schema cannot say (a transform's output, a date, a bigint).
      expect(() =>
        z.toJSONSchema(schema, { target: 'draft-2020-12', io, unrepresentable: 'throw' }),
      ).not.toThrow();
    }
  });
});

describe("the document's schemas, compiled by ajv", () => {
  it('all compile in strict mode, every $ref resolving into the document', () => {
    const all = schemaPointers(doc);
    expect(all.length).toBeGreaterThan(200);
    for (const at of all) {
      expect(() => validator.compile(at), at).not.toThrow();
    }
  });

  it('refuse an unknown keyword, an unknown format or a $ref that leads nowhere', () => {
    const business = pointer('components', 'schemas', 'Business');
    const compile = (change: (schemas: Record<string, JsonSchema>) => void) => {
      const copy = structuredClone(doc);
      change(copy.components.schemas);
      return () => documentValidator(copy).compile(business);
    };
    expect(compile(() => {})).not.toThrow();
    expect(compile((s) => (s.Business!.minLenght = 1))).toThrow('unknown keyword: "minLenght"');
    expect(compile((s) => (s.Business = { type: 'string', format: 'hostname' }))).toThrow(
      'unknown format "hostname"',
    );
    expect(
      compile(
        (s) => (s.Business = { type: 'array', items: { $ref: '#/components/schemas/Nowhere' } }),
      ),
    ).toThrow("can't resolve reference");
  });

  it('tell a value that fits from one that does not, saying where', () => {
    const at = pointer('components', 'schemas', 'ErrorResponse');
    expect(schemaErrors(at, { statusCode: 404, message: 'Gone', error: 'Not Found' })).toEqual([]);
    expect(schemaErrors(at, { statusCode: '404', message: 'Gone' })).toEqual(
      expect.arrayContaining([
        '/statusCode must be integer',
        "/ must have required property 'error'",
      ]),
    );
    // The formats are checked, not only named.
    const copy = structuredClone(doc);
    copy.components.schemas.When = {
      type: 'object',
      properties: {
        at: { type: 'string', format: 'date-time' },
        day: { type: 'string', format: 'date' },
      },
    };
    const when = documentValidator(copy);
    const atWhen = pointer('components', 'schemas', 'When');
    expect(when.errors(atWhen, { at: '2027-01-05T09:30:00.000Z', day: '2027-02-28' })).toEqual([]);
    expect(when.errors(atWhen, { at: '2027-01-05 09:30', day: '2027-02-30' })).toEqual([
      '/at must match format "date-time"',
      '/day must match format "date"',
    ]);
    // A changed schema: the same value no longer fits.

    const properties = copy.components.schemas.ErrorResponse!.properties as Record<string, object>;
    properties.error = { type: 'integer' };
    expect(
      documentValidator(copy).errors(at, { statusCode: 404, message: 'Gone', error: 'Not Found' }),
    ).toEqual(['/error must be integer']);
  });
});

describe('the document says what the server accepts', () => {
  const body = (path: string, method: 'post' | 'patch') =>
    pointer('paths', path, method, 'requestBody', 'content', 'application/json', 'schema');

  it('documents every id as a positive int32, in paths, queries and bodies', () => {
    const id = { type: 'integer', minimum: 1, maximum: 2147483647 };
    const op = doc.paths['/api/business/{id}/closures/{closureId}']!.delete!;
    for (const p of op.parameters!.filter((x) => x.in === 'path')) expect(p.schema).toEqual(id);
    const times = doc.paths['/api/business/{id}/available-times']!.get!;
    expect(times.parameters!.find((p) => p.name === 'serviceId')!.schema).toEqual(id);
    const sms = body('/api/test-sms', 'post');
    expect(
      schemaErrors(sms, { phoneNumber: '0412 345 678', type: 'test', appointmentId: 0 }),
    ).not.toEqual([]);
    expect(
      schemaErrors(sms, { phoneNumber: '0412 345 678', type: 'test', appointmentId: 2 ** 31 }),
    ).not.toEqual([]);
  });

  it('says which fields go together: a reminder names its appointment, a booking one client', () => {
    const email = body('/api/test-email', 'post');
    expect(schemaErrors(email, { email: 'sam@example.com', type: 'reminder' })).not.toEqual([]);
    expect(schemaErrors(email, { email: 'sam@example.com' })).not.toEqual([]);
    expect(schemaErrors(email, { email: 'sam@example.com', type: 'test' })).toEqual([]);
    expect(schemaErrors(email, { email: 'not an address', type: 'test' })).not.toEqual([]);
    const booking = body('/api/business/{id}/appointments', 'post');
    const base = { serviceId: 1, date: '2027-01-06T01:30:00.000Z' };
    const customer = { firstName: 'Walk', phone: '0400 999 111' };
    expect(schemaErrors(booking, base)).not.toEqual([]);
    expect(schemaErrors(booking, { ...base, customerId: 3, customer })).not.toEqual([]);
    expect(schemaErrors(booking, { ...base, customerId: 3 })).toEqual([]);
    expect(schemaErrors(booking, { ...base, customer })).toEqual([]);
  });

  it('bounds path text, and gives dates and durations their form', () => {
    const slug = doc.paths['/api/business/slug/{slug}']!.get!.parameters![0]!;
    expect(slug.schema.maxLength).toBe(100);
    const closure = body('/api/business/{id}/closures', 'post');
    expect(schemaErrors(closure, { from: '0000-01-01', to: '2027-01-01' })).not.toEqual([]);
    expect(schemaErrors(closure, { from: '2027-02-30', to: '2027-03-01' })).not.toEqual([]);
    expect(schemaErrors(closure, { from: '2027-02-27', to: '2027-03-01' })).toEqual([]);
    const service = body('/api/services', 'post');
    const cut = { businessId: 7, name: 'Cut', price: 100 };
    expect(schemaErrors(service, { ...cut, duration: 7 })).not.toEqual([]);
    expect(schemaErrors(service, { ...cut, duration: 20 })).toEqual([]);
  });
});

describe("a customer's booking in the document", () => {
  it('needs a name of two characters, as the server does', () => {
    const at = pointer(
      'paths',
      '/api/appointments',
      'post',
      'requestBody',
      'content',
      'application/json',
      'schema',
    );
    const booking = {
      businessId: 7,
      serviceId: 12,
      phone: '0412 345 678',
      date: '2027-01-05T23:00:00.000Z',
    };
    expect(schemaErrors(at, { ...booking, firstName: 'A' })).not.toEqual([]);
    expect(schemaErrors(at, { ...booking, firstName: 'A', lastName: 'B' })).toEqual([]);
    expect(schemaErrors(at, { ...booking, firstName: 'Al' })).toEqual([]);
  });
});

describe('status filters in the document', () => {
  it('are the statuses, not free text', () => {
    const list = doc.paths['/api/business/{id}/appointments']!.get!.parameters!;
    const status = list.find((p) => p.name === 'status')!.schema;
    expect(new RegExp(status.pattern as string).test('confirmed,no_show')).toBe(true);
    expect(new RegExp(status.pattern as string).test('anything')).toBe(false);
    const update = pointer(
      'paths',
      '/api/appointments/{id}',
      'patch',
      'requestBody',
      'content',
      'application/json',
      'schema',
    );
    expect(schemaErrors(update, { status: 'confirmed' })).toEqual([]);
    expect(schemaErrors(update, { status: 'done' })).not.toEqual([]);
  });
});
