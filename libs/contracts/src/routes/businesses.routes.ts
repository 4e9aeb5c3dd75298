// Zod-free: the front ends import this table without the schema library (see route-spec.ts).
import type { Business } from '../business.js';
import type { UpdateBusinessRequest } from '../owner.js';
import { route } from './api-route.js';

export const businessesRoutes = {
  list: route<Business[]>()('GET', 'businesses'),
  byId: route<Business>()('GET', 'business/:id'),
  bySlug: route<Business>()('GET', 'business/slug/:slug'),
  /** The signed-in owner's business, created on first use. */
  mine: route<Business>()('GET', 'business/me'),
  /** The spec's form of `mine`: 403 for anyone but the user named. */
  byOwner: route<Business>()('GET', 'business/owner/:userId'),
  update: route<Business, UpdateBusinessRequest>()('PATCH', 'business/:id'),
  /** The dashboard's variant of `update` (spec: PATCH /api/businesses/{id}). */
  updatePlural: route<Business, UpdateBusinessRequest>()('PATCH', 'businesses/:id'),
} as const;
