// The API's OpenAPI 3.1 document, generated from the contracts: the route table (paths), the
// features' route specs (`routes/*.specs.ts`: request and response schemas, zod → JSON Schema
// 2020-12, OpenAPI 3.1's own dialect; what each route is for, who may call it, what can go wrong). Only the API imports
// this entry (`@slotwise/contracts/openapi`), so none of it reaches the front ends' bundles.
import { z } from 'zod';
import * as apiDocs from './api-docs.js';
import type {
  JsonSchema,
  OpenApiDocument,
  OpenApiMethod,
  OpenApiOperation,
  OpenApiParameter,
  OpenApiPathItem,
  OpenApiResponse,
  RouteAccess,
} from './api-docs.js';
import { REFRESH_COOKIE_NAME } from './auth.js';
import { ERROR_CODE_STATUS, ErrorCode } from './error-codes.js';
import { ERROR_EXAMPLE_MESSAGES } from './error-examples.js';
import { ErrorResponseSchema } from './errors.js';
import { documentedFormOf } from './documented-as.js';
import * as contracts from './index.js';
import { API_PREFIX, type ApiRoute, apiRoutes } from './routes/index.js';
import {
  PATH_PARAM_SCHEMAS,
  ROUTE_FEATURES,
  ROUTE_SPECS,
  type RouteSpec,
  routeSpecOf,
} from './routes/route-specs.js';

export * from './api-docs.js';

export const OPENAPI_VERSION = '3.1.0';
export const JSON_SCHEMA_DIALECT = 'https://json-schema.org/draft/2020-12/schema';

/**
 * A zod schema as JSON Schema 2020-12: what a request may send (`input`: before transforms and
 * defaults) or what an answer holds (`output`). Refinements have no JSON form and are left out;
 * anything else without one becomes `{}` rather than failing the whole document.
 */
export function toJsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const json = z.toJSONSchema(schema, {
    target: 'draft-2020-12',
    io,
    unrepresentable: 'any',
    // Schemas whose zod form JSON Schema cannot say (ids from path segments, comma lists).
    override: (ctx) => {
      const documented = documentedFormOf(ctx.zodSchema);
      if (!documented) return;
      for (const key of Object.keys(ctx.jsonSchema)) delete ctx.jsonSchema[key];
      Object.assign(ctx.jsonSchema, structuredClone(documented));
    },
  }) as JsonSchema;
  delete json.$schema;
  return json;
}

/** The value at a local JSON pointer (`#/components/schemas/Business`) of the document. */
export function resolvePointer(root: unknown, ref: string): unknown {
  if (!ref.startsWith('#')) throw new Error(`Only local references are supported: ${ref}`);
  let node: unknown = root;
  for (const raw of ref.slice(1).split('/').slice(1)) {
    const key = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
    if (node === null || typeof node !== 'object' || !(key in node)) {
      throw new Error(`Unresolved reference ${ref}`);
    }
    node = (node as Record<string, unknown>)[key];
  }
  return node;
}

/** A route's path in the document: `/api/business/{id}/services`. */
export function openApiPath(route: ApiRoute<unknown, unknown, unknown>): string {
  return `/${API_PREFIX}/${route.path.replace(/:([A-Za-z0-9_]+)/g, '{$1}')}`;
}

/** The `:name` parameters of a route's path, in order. */
export function pathParamNames(route: ApiRoute<unknown, unknown, unknown>): string[] {
  return [...route.path.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1]!);
}

/** Every route of the table with its group (`apiRoutes.<group>`) and its name in the table. */
export function namedRoutes(): {
  id: string;
  group: string;
  route: ApiRoute<unknown, unknown, unknown>;
}[] {
  const found: { id: string; group: string; route: ApiRoute<unknown, unknown, unknown> }[] = [];
  const walk = (node: unknown, id: string, group: string) => {
    if (node && typeof node === 'object' && 'method' in node && 'path' in node) {
      found.push({ id, group, route: node as ApiRoute<unknown, unknown, unknown> });
      return;
    }
    for (const [key, child] of Object.entries(node as object)) {
      walk(child, id ? `${id}.${key}` : key, group || key);
    }
  };
  walk(apiRoutes, '', '');
  return found;
}

/** Exported schemas by object, named as exported without `Schema`: the document's components. */
function schemaNames(): Map<z.ZodType, string> {
  const names = new Map<z.ZodType, string>();
  for (const namespace of [contracts, apiDocs] as Record<string, unknown>[]) {
    for (const [name, value] of Object.entries(namespace)) {
      if (value instanceof z.ZodType && name.endsWith('Schema') && !names.has(value)) {
        names.set(value, name.slice(0, -'Schema'.length));
      }
    }
  }
  return names;
}

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** Collects `components.schemas`: each named contracts schema once, referenced by `$ref`. */
class SchemaComponents {
  readonly schemas: Record<string, JsonSchema> = {};
  private readonly names = schemaNames();

  add(name: string, json: JsonSchema): JsonSchema {
    let key = name;
    for (let n = 2; this.schemas[key] && !sameJson(this.schemas[key], json); n += 1) {
      key = `${name}${n}`;
    }
    this.schemas[key] = json;
    return { $ref: `#/components/schemas/${key}` };
  }

  /** The schema as a `$ref` to its component when it has a name, else inline. */
  ref(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
    const json = this.hoistDefs(toJsonSchema(schema, io), io);
    const name = this.names.get(schema);
    if (name) return this.add(io === 'input' ? this.inputName(name, schema) : name, json);
    // `XSchema.array()`: an array of the named component.
    if (schema instanceof z.ZodArray && this.names.has(schema.element as z.ZodType)) {
      const element = schema.element as z.ZodType;
      // Only a plain array (no length limits) is the same as an array of the component.
      if (sameJson(json, { type: 'array', items: toJsonSchema(element, io) })) {
        return { type: 'array', items: this.ref(element, io) };
      }
    }
    return json;
  }

  /** A request schema keeps its name unless an answer already uses it with another shape. */
  private inputName(name: string, schema: z.ZodType): string {
    const existing = this.schemas[name];
    return existing && !sameJson(existing, toJsonSchema(schema, 'input')) ? `${name}Input` : name;
  }

  /** Recursive schemas come with `$defs`: moved to the components, their `$ref`s rewritten. */
  private hoistDefs(json: JsonSchema, io: string): JsonSchema {
    const defs = json.$defs as Record<string, JsonSchema> | undefined;
    if (!defs) return json;
    delete json.$defs;
    const prefix = `Def${Object.keys(this.schemas).length}_${io}_`;
    const rewrite = (node: unknown): unknown => {
      if (Array.isArray(node)) return node.map(rewrite);
      if (!node || typeof node !== 'object') return node;
      return Object.fromEntries(
        Object.entries(node).map(([k, v]) =>
          k === '$ref' && typeof v === 'string' && v.startsWith('#/$defs/')
            ? [k, `#/components/schemas/${prefix}${v.slice('#/$defs/'.length)}`]
            : [k, rewrite(v)],
        ),
      );
    };
    for (const [name, def] of Object.entries(defs)) {
      this.schemas[`${prefix}${name}`] = rewrite(def) as JsonSchema;
    }
    return rewrite(json) as JsonSchema;
  }
}

const STATUS_TEXT: Record<number, string> = {
  200: 'OK',
  201: 'Created',
  204: 'No content',
  302: 'Redirect',
  400: 'Bad request',
  401: 'Not signed in, or the session has ended',
  403: 'Forbidden',
  404: 'Not found',
  405: 'Method not allowed: `Allow` lists the methods of the path',
  409: 'Conflict',
  413: 'Body too large',
  429: 'Too many requests: wait for Retry-After seconds',
  500: 'Internal error',
  502: 'Payment provider error',
  503: 'Unavailable for now: retry after Retry-After seconds',
};

/** The error shape's `error`: the status's standard reason phrase, as the API writes it. */
const HTTP_REASON: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  409: 'Conflict',
  413: 'Payload Too Large',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
};

const SECURITY: Record<RouteAccess, Record<string, string[]>[] | undefined> = {
  public: undefined,
  signature: undefined,
  owner: [{ bearerAuth: [] }],
  'optional-owner': [{}, { bearerAuth: [] }],
  'refresh-cookie': [{ refreshCookie: [] }],
};

const ACCESS_TEXT: Record<RouteAccess, string> = {
  public: 'Public.',
  owner: 'Signed-in owner (Bearer access token).',
  'optional-owner': "Public; with a Bearer token, the business's owner gets the owner's view.",
  'refresh-cookie': 'The refresh cookie set by sign-in.',
  signature: "The provider's signature header (no session).",
};

/** The error codes one route can answer, from what it takes and its spec. */
export function routeErrorCodes(
  route: ApiRoute<unknown, unknown, unknown>,
  doc: RouteSpec,
): ErrorCode[] {
  const request = doc.request ?? {};
  const access = doc.access ?? 'public';
  const codes = new Set<ErrorCode>(doc.errors ?? []);
  const params = pathParamNames(route);
  if (params.length || request.query || request.body) codes.add(ErrorCode.VALIDATION_FAILED);
  if (params.length && ![...codes].some((c) => ERROR_CODE_STATUS[c] === 404)) {
    codes.add(ErrorCode.NOT_FOUND);
  }
  if (request.body) codes.add(ErrorCode.PAYLOAD_TOO_LARGE);
  if (access === 'owner' || access === 'optional-owner' || access === 'refresh-cookie') {
    codes.add(ErrorCode.UNAUTHORIZED);
  }
  if (doc.rateLimited) codes.add(ErrorCode.RATE_LIMITED);
  // An API key without the route's scope is refused; each key has its own rate limit.
  if (doc.apiKeyScope) {
    codes.add(ErrorCode.FORBIDDEN);
    codes.add(ErrorCode.RATE_LIMITED);
  }
  codes.add(ErrorCode.INTERNAL);
  if (!doc.noDatabase) codes.add(ErrorCode.SERVICE_UNAVAILABLE);
  return [...codes];
}

function retryAfter(): OpenApiResponse['headers'] {
  return { 'Retry-After': { $ref: '#/components/headers/RetryAfter' } };
}

/** The error answers of one route, by status, each in the shared error shape. */
function errorResponses(
  codes: ErrorCode[],
  components: SchemaComponents,
): Record<string, OpenApiResponse> {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of codes) {
    const status = ERROR_CODE_STATUS[code];
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  const responses: Record<string, OpenApiResponse> = {};
  for (const [status, list] of [...byStatus].sort(([a], [b]) => a - b)) {
    // Every code of the status may appear (a framework error keeps the status' generic code);
    // the description names those this route is known to answer.
    const allCodes = Object.values(ErrorCode).filter((c) => ERROR_CODE_STATUS[c] === status);
    const schema = components.add(`Error${status}`, {
      type: 'object',
      allOf: [{ $ref: '#/components/schemas/ErrorResponse' }],
      properties: { statusCode: { const: status }, code: { enum: allCodes } },
    });
    responses[String(status)] = {
      description: `${STATUS_TEXT[status] ?? 'Error'}: ${list.join(', ')}`,
      ...(status === 429 || status === 503 ? { headers: retryAfter() } : {}),
      content: {
        'application/json': {
          schema,
          examples: Object.fromEntries(
            list.map((code) => [
              code,
              {
                summary: code,
                value: {
                  statusCode: status,
                  message: ERROR_EXAMPLE_MESSAGES[code],
                  error: HTTP_REASON[status] ?? 'Error',
                  code,
                },
              },
            ]),
          ),
        },
      },
    };
  }
  return responses;
}

function successResponse(
  route: ApiRoute<unknown, unknown, unknown>,
  status: number,
  components: SchemaComponents,
): OpenApiResponse {
  const schema = routeSpecOf(route).response;
  if (status === 302) {
    return {
      description: STATUS_TEXT[302]!,
      headers: {
        Location: { description: 'Where the browser goes next', schema: { type: 'string' } },
      },
    };
  }
  if (route.key === apiRoutes.apiDocs.page.key) {
    return { description: 'HTML', content: { 'text/html': { schema: { type: 'string' } } } };
  }
  if (route.key === apiRoutes.activity.events.key) {
    return {
      description: 'Server-sent events (`booking`, each with its `id`), heartbeats as comments',
      content: { 'text/event-stream': { schema: { type: 'string' } } },
    };
  }
  if (!schema) return { description: `${STATUS_TEXT[status] ?? 'OK'} (no body)` };
  return {
    description: STATUS_TEXT[status] ?? 'OK',
    content: { 'application/json': { schema: components.ref(schema, 'output') } },
  };
}

function buildOperation(
  id: string,
  route: ApiRoute<unknown, unknown, unknown>,
  components: SchemaComponents,
): OpenApiOperation {
  const entry = ROUTE_SPECS.get(route.key);
  if (!entry) throw new Error(`${route.key} is described by no feature's specs`);
  const { spec: doc, tag } = entry;
  const request = doc.request ?? {};
  const access = doc.access ?? 'public';

  const parameters: OpenApiParameter[] = pathParamNames(route).map((name) => {
    const param = PATH_PARAM_SCHEMAS[name];
    if (!param) throw new Error(`${route.key}: path parameter :${name} has no PATH_PARAM_SCHEMAS`);
    return {
      name,
      in: 'path',
      required: true,
      description: param.description,
      schema: toJsonSchema(param.schema, 'input'),
    };
  });
  if (request.query) {
    const query = toJsonSchema(request.query, 'input');
    // A query whose parameters depend on each other (one of several forms): one exploded object
    // parameter, the form OpenAPI gives such a union, instead of independent parameters.
    if (Array.isArray(query.oneOf)) {
      parameters.push({
        name: 'query',
        in: 'query',
        required: false,
        style: 'form',
        explode: true,
        schema: query,
      });
    } else {
      const required = new Set((query.required as string[] | undefined) ?? []);
      for (const [name, schema] of Object.entries(
        (query.properties ?? {}) as Record<string, JsonSchema>,
      )) {
        parameters.push({
          name,
          in: 'query',
          required: required.has(name),
          ...(typeof schema.description === 'string' ? { description: schema.description } : {}),
          schema,
        });
      }
    }
  }
  for (const [name, description] of Object.entries(request.headers ?? {})) {
    parameters.push({
      name,
      in: 'header',
      required: true,
      description,
      schema: { type: 'string' },
    });
  }

  const status = doc.status ?? (route.method === 'POST' ? 201 : 200);
  const responses: Record<string, OpenApiResponse> = {
    [String(status)]: successResponse(route, status, components),
    ...errorResponses(routeErrorCodes(route, doc), components),
  };
  if (route.key === apiRoutes.health.key) {
    // Health answers its own body when the database is down, not the error shape.
    responses['503'] = {
      description: "The database does not answer: `status: 'degraded'`",
      headers: retryAfter(),
      content: responses[String(status)]!.content!,
    };
  }

  const operation: OpenApiOperation = {
    operationId: id,
    summary: doc.summary,
    description: [doc.description, `Access: ${ACCESS_TEXT[access]}`].filter(Boolean).join('\n\n'),
    tags: [tag.name],
    ...(SECURITY[access]
      ? {
          security: doc.apiKeyScope
            ? [...SECURITY[access], { apiKeyAuth: [doc.apiKeyScope] }]
            : SECURITY[access],
        }
      : {}),
    ...(doc.apiKeyScope ? { 'x-slotwise-api-key-scope': doc.apiKeyScope } : {}),
    ...(parameters.length ? { parameters } : {}),
    responses,
    'x-slotwise-route-key': route.key,
    'x-slotwise-access': access,
    ...(doc.rateLimited ? { 'x-slotwise-rate-limited': true as const } : {}),
  };
  if (request.body) {
    operation.requestBody = {
      required: true,
      content: {
        [request.bodyType ?? 'application/json']: {
          schema: components.ref(request.body, 'input'),
          ...(request.example !== undefined ? { example: request.example } : {}),
        },
      },
    };
  }
  return operation;
}

export interface OpenApiOptions {
  /** The API's version (`info.version`). */
  version: string;
}

/** The whole document: every route of the table, in the table's order. */
export function buildOpenApiDocument(options: OpenApiOptions): OpenApiDocument {
  const components = new SchemaComponents();
  components.add('ErrorResponse', toJsonSchema(ErrorResponseSchema, 'output'));
  const paths: Record<string, OpenApiPathItem> = {};
  for (const { id, route } of namedRoutes()) {
    const path = openApiPath(route);
    const item = (paths[path] ??= {});
    const method = route.method.toLowerCase() as OpenApiMethod;
    if (item[method]) throw new Error(`${route.key} is in the route table twice`);
    item[method] = buildOperation(id, route, components);
  }
  return {
    openapi: OPENAPI_VERSION,
    jsonSchemaDialect: JSON_SCHEMA_DIALECT,
    info: {
      title: 'Slotwise API',
      version: options.version,
      description: [
        'Appointment booking and business management for small service businesses.',
        'Every path is below `/api`. Bodies are JSON (UTF-8) unless an operation says otherwise; ids are positive integers; instants are ISO 8601 in UTC; money is integer cents.',
        "Owners sign in with `POST /api/auth/login` and send its `accessToken` as `Authorization: Bearer …`; the refresh cookie gets a new one (`POST /api/auth/refresh`). Another business's ids answer 404, like ids that do not exist.",
        'Every error answers the same shape, `{ statusCode, message, error, code?, issues? }`: decide on `code`, show `message`.',
      ].join('\n\n'),
    },
    servers: [{ url: '/', description: 'This server' }],
    tags: Object.values(ROUTE_FEATURES).map((feature) => feature.tag),
    paths,
    components: {
      schemas: components.schemas,
      headers: {
        RetryAfter: {
          description: 'Seconds to wait before trying again',
          schema: { type: 'integer', minimum: 0 },
        },
      },
      securitySchemes: {
        bearerAuth: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'JWT',
          description: 'The access token from sign-in or refresh (short-lived).',
        },
        apiKeyAuth: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'swk_…',
          description:
            "An API key from Settings → Integrations (`swk_…`), for the routes whose `security` names `apiKeyAuth` with the scope the key needs (`bookings:read`, `bookings:write`, `clients:read`); limited to the key's business and rate-limited per key. A key without the scope, or on another route, answers 403.",
        },
        refreshCookie: {
          type: 'apiKey',
          in: 'cookie',
          name: REFRESH_COOKIE_NAME,
          description: 'httpOnly cookie set by sign-in, sent only to the auth calls.',
        },
      },
    },
  };
}
