// Zod-free: the front ends import this table without the schema library (see route-spec.ts).
import type { HealthResponse } from '../health.js';
import { route } from './api-route.js';

export const healthRoutes = {
  health: route<HealthResponse>()('GET', 'health'),
} as const;
