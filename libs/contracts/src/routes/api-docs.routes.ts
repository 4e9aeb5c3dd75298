import type { OpenApiDocument } from '../api-docs.js';
import { route } from './route.js';

export const apiDocsRoutes = {
  document: route<OpenApiDocument>()('GET', 'openapi.json'),
  page: route<string>()('GET', 'docs'),
} as const;
