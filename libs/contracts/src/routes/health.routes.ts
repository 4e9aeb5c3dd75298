import type { HealthResponse } from '../health.js';
import { route } from './route.js';

export const healthRoutes = {
  health: route<HealthResponse>()('GET', 'health'),
} as const;
