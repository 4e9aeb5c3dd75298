// Zod-free: the front ends import this table without the schema library (see route-spec.ts).
import type { OpenApiDocument } from '../api-docs.js';
import { route } from './api-route.js';

/** This API described: the OpenAPI 3.1 document, and a page that reads it to people. */
export const apiDocsRoutes = {
  document: route<OpenApiDocument>()('GET', 'openapi.json'),
  /** HTML. */
  page: route<string>()('GET', 'docs'),
} as const;
