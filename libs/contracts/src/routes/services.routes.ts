import type { CreateServiceRequest, UpdateServiceRequest } from '../owner.js';
import type { Service } from '../service.js';
import { route } from './route.js';

export const servicesRoutes = {
  listBySlug: route<Service[]>()('GET', 'business/slug/:slug/services'),
  listById: route<Service[]>()('GET', 'business/:id/services'),
  create: route<Service, CreateServiceRequest>()('POST', 'services'),
  update: route<Service, UpdateServiceRequest>()('PATCH', 'services/:id'),
  remove: route<void>()('DELETE', 'services/:id'),
} as const;
