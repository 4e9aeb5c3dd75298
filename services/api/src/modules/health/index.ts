// The health module exports nothing but its module: `GET /api/health` is its whole purpose.
export { HealthModule } from './health.module.js';
