// The API describing itself: `GET /api/openapi.json` and `GET /api/docs`. It exports nothing but
// its module.
export { ApiDocsModule } from './api-docs.module.js';
