import { HealthResponseSchema } from '../health.js';
import { defineRoutes } from './route-spec.js';
import { healthRoutes } from './health.routes.js';

export const healthSpecs = defineRoutes(healthRoutes, {
  tag: { name: 'Health', description: 'Whether this API process and its database answer.' },
  routes: {
    health: {
      summary: 'Health of this API process and its database',
      description:
        "200 when the database answers; 503 with the same body (`status: 'degraded'`) and Retry-After otherwise, so a load balancer takes the instance out.",
      response: HealthResponseSchema,
    },
  },
});
