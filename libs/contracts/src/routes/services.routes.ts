// Zod-free: the front ends import this table without the schema library (see route-spec.ts).
import type { CreateServiceRequest, UpdateServiceRequest } from '../owner.js';
import type { Service } from '../service.js';
import { route } from './api-route.js';

export const servicesRoutes = {
  listBySlug: route<Service[]>()('GET', 'business/slug/:slug/services'),
  /** Public: the active services; to the owner: all of them. */
  listById: route<Service[]>()('GET', 'business/:id/services'),
  create: route<Service, CreateServiceRequest>()('POST', 'services'),
  update: route<Service, UpdateServiceRequest>()('PATCH', 'services/:id'),
  remove: route<void>()('DELETE', 'services/:id'),
} as const;
