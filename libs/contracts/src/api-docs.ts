import { z } from 'zod';

// The shape of the API's OpenAPI 3.1 document (`GET /api/openapi.json`, built by `openapi.ts`):
// only the parts Slotwise writes, so the API, its docs page and tests read it typed.

/** A JSON Schema (draft 2020-12, OpenAPI 3.1's dialect) as the document holds it. */
export type JsonSchema = { [keyword: string]: unknown };

/** Who may call a route, and with what. */
export type RouteAccess =
  /** Anyone. */
  | 'public'
  /** A signed-in owner: `Authorization: Bearer <access token>`. */
  | 'owner'
  /** Anyone; a signed-in owner of the business named gets the owner's view. */
  | 'optional-owner'
  /** The refresh cookie set by sign-in. */
  | 'refresh-cookie'
  /** A provider's webhook, authenticated by its signature header. */
  | 'signature';

export const OPENAPI_HTTP_METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;
export type OpenApiMethod = (typeof OPENAPI_HTTP_METHODS)[number];

export interface OpenApiParameter {
  name: string;
  in: 'path' | 'query' | 'header';
  required: boolean;
  description?: string;
  /** An object parameter spread over the query string (`?a=1&b=2`): 'form' with `explode`. */
  style?: 'form';
  explode?: boolean;
  schema: JsonSchema;
}

export interface OpenApiMediaType {
  schema: JsonSchema;
  example?: unknown;
  /** Named examples (an error response: one per code the route answers with that status). */
  examples?: Record<string, { summary: string; value: unknown }>;
}

/** A response header, or a reference to one of `components.headers`. */
export type OpenApiHeader = { description: string; schema: JsonSchema } | { $ref: string };

export interface OpenApiResponse {
  description: string;
  headers?: Record<string, OpenApiHeader>;
  content?: Record<string, OpenApiMediaType>;
}

export interface OpenApiOperation {
  /** The route's name in the contracts' table (`businesses.byId` for `apiRoutes.businesses.byId`). */
  operationId: string;
  summary: string;
  description?: string;
  tags: [string];
  /** Absent: anyone. `{}` among the alternatives: the credential is optional. */
  security?: Record<string, string[]>[];
  parameters?: OpenApiParameter[];
  requestBody?: { required: boolean; content: Record<string, OpenApiMediaType> };
  responses: Record<string, OpenApiResponse>;
  /** The route's key in the contracts (`GET business/:id`). */
  'x-slotwise-route-key': string;
  'x-slotwise-access': RouteAccess;
  'x-slotwise-rate-limited'?: true;
  /** The API key scope the route takes besides the owner's token. */
  'x-slotwise-api-key-scope'?: string;
}

export type OpenApiPathItem = Partial<Record<OpenApiMethod, OpenApiOperation>>;

export interface OpenApiDocument {
  openapi: string;
  jsonSchemaDialect: string;
  info: { title: string; version: string; description: string };
  servers: { url: string; description?: string }[];
  tags: { name: string; description: string }[];
  paths: Record<string, OpenApiPathItem>;
  components: {
    schemas: Record<string, JsonSchema>;
    headers: Record<string, OpenApiHeader>;
    securitySchemes: Record<string, JsonSchema>;
  };
}

/** What the API client checks `GET /api/openapi.json` against: the document's frame. */
export const OpenApiDocumentSchema = z
  .object({
    openapi: z.string().regex(/^3\.1\.\d+$/),
    info: z.object({ title: z.string(), version: z.string() }).loose(),
    paths: z.record(z.string(), z.record(z.string(), z.unknown())),
    components: z.object({ schemas: z.record(z.string(), z.unknown()) }).loose(),
  })
  .loose();
