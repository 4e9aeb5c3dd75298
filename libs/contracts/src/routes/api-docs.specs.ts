import { OpenApiDocumentSchema } from '../api-docs.js';
import { defineRoutes } from './route-spec.js';
import { apiDocsRoutes } from './api-docs.routes.js';

export const apiDocsSpecs = defineRoutes(apiDocsRoutes, {
  tag: { name: 'API docs', description: 'This document, and the page that shows it.' },
  routes: {
    document: {
      summary: 'This document (OpenAPI 3.1)',
      noDatabase: true,
      response: OpenApiDocumentSchema,
    },
    page: {
      summary: 'This document as a page to read (HTML)',
      noDatabase: true,
      response: null,
    },
  },
});
