import type { z } from 'zod';
import type { RouteAccess } from '../api-docs.js';
import type { ApiKeyScope } from '../api-keys.js';
import type { ErrorCode } from '../error-codes.js';
import type { ApiRoute } from './api-route.js';

/** What one route takes besides its path: the schemas the API parses it with, and an example. */
export interface RouteRequest {
  /** The query string, as the handler parses it (`@ParsedQuery`). */
  query?: z.ZodType;
  /** The body, as the handler parses it (`@JsonBody`). */
  body?: z.ZodType;
  /** The body's media type when it is not JSON (providers' webhooks). */
  bodyType?: 'application/x-www-form-urlencoded';
  /** Headers the route reads, by name, with what they hold. */
  headers?: Record<string, string>;
  /** A valid body, shown in the docs (a contracts test parses each one with `body`). */
  example?: unknown;
}

/** What the OpenAPI document says about one route besides its schemas. */
export interface RouteDoc {
  summary: string;
  description?: string;
  /** The success status; by default NestJS's: 201 for POST, 200 otherwise. */
  status?: number;
  /** Default 'public'. */
  access?: RouteAccess;
  /** Limited per client (and per subject): answers 429 RATE_LIMITED with Retry-After. */
  rateLimited?: boolean;
  /** Error codes this route answers beyond those every route of its kind can (see openapi.ts). */
  errors?: ErrorCode[];
  /** Reads no database, so never answers 503 for it. */
  noDatabase?: boolean;
  /**
   * An owner route that also takes an API key (`Authorization: Bearer swk_…`) with this scope;
   * without it, keys are refused (403).
   */
  apiKeyScope?: ApiKeyScope;
}

/** Everything about one route but its method and path: docs, access, errors and schemas. */
export interface RouteSpec extends RouteDoc {
  /** The schema of its JSON answer; null where it answers no JSON (204, redirects, HTML). */
  response: z.ZodType | null;
  /** What it takes besides its path; absent: nothing. */
  request?: RouteRequest;
}

export type RouteTable = Readonly<Record<string, ApiRoute<unknown, unknown, unknown>>>;

/** One feature's routes described: its tag in the document and every route's spec. */
export interface FeatureSpec<T extends RouteTable> {
  tag: { name: string; description: string };
  /** One entry per route of the table, and no other: a route without one does not compile. */
  routes: { readonly [K in keyof T]-?: RouteSpec };
}

export interface FeatureRoutes<T extends RouteTable> extends FeatureSpec<T> {
  table: T;
}

/**
 * Describes a feature's (zod-free) route table: `defineRoutes(staffRoutes, { tag, routes: { … } })`.
 * The table stays in its own file so the front ends' bundles never reach the schemas.
 */
export function defineRoutes<T extends RouteTable>(
  table: T,
  spec: FeatureSpec<T>,
): FeatureRoutes<T> {
  return { table, ...spec };
}

/**
 * A route only the signed-in owner calls: `access: 'owner'`, the codes it answers beyond every
 * owner route's (first, the not-found code of what its path names), its summary and answer.
 */
export function ownerRoute(
  errors: ErrorCode[],
  summary: string,
  response: z.ZodType | null,
  more: Omit<RouteSpec, 'summary' | 'response' | 'access' | 'errors'> = {},
): RouteSpec {
  return { summary, access: 'owner', errors, response, ...more };
}

/** A spec's JSON body: the schema it is parsed with and an example the document shows. */
export function withBody(body: z.ZodType, example: unknown): Pick<RouteSpec, 'request'> {
  return { request: { body, example } };
}
