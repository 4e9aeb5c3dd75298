import type { Business } from '../business.js';
import type { UpdateBusinessRequest } from '../owner.js';
import { route } from './route.js';

export const businessesRoutes = {
  list: route<Business[]>()('GET', 'businesses'),
  byId: route<Business>()('GET', 'business/:id'),
  bySlug: route<Business>()('GET', 'business/slug/:slug'),
  mine: route<Business>()('GET', 'business/me'),
  byOwner: route<Business>()('GET', 'business/owner/:userId'),
  update: route<Business, UpdateBusinessRequest>()('PATCH', 'business/:id'),
  updatePlural: route<Business, UpdateBusinessRequest>()('PATCH', 'businesses/:id'),
} as const;
