import { ErrorCode } from '../error-codes.js';
import { CreateServiceRequestSchema, UpdateServiceRequestSchema } from '../owner.js';
import { ServiceListSchema, ServiceSchema } from '../service.js';
import { defineRoutes } from './route-spec.js';
import { servicesRoutes } from './services.routes.js';

export const servicesSpecs = defineRoutes(servicesRoutes, {
  tag: { name: 'Services', description: 'What a business offers, with prices and durations.' },
  routes: {
    listBySlug: {
      summary: "A business's active services, by its booking link",
      errors: [ErrorCode.BUSINESS_NOT_FOUND],
      response: ServiceListSchema,
    },
    listById: {
      summary: "A business's services: the active ones, or all of them to its owner",
      access: 'optional-owner',
      errors: [ErrorCode.BUSINESS_NOT_FOUND],
      response: ServiceListSchema,
    },
    create: {
      summary: 'Add a service',
      access: 'owner',
      errors: [ErrorCode.BUSINESS_NOT_FOUND, ErrorCode.PLAN_LIMIT_REACHED],
      response: ServiceSchema,
      request: {
        body: CreateServiceRequestSchema,
        example: { businessId: 7, name: "Women's cut", duration: 45, price: 6500 },
      },
    },
    update: {
      summary: 'Change a service',
      access: 'owner',
      errors: [ErrorCode.SERVICE_NOT_FOUND, ErrorCode.PLAN_LIMIT_REACHED],
      response: ServiceSchema,
      request: {
        body: UpdateServiceRequestSchema,
        example: { price: 7000, bufferAfterMinutes: 10 },
      },
    },
    remove: {
      summary: 'Remove a service (its past bookings stay)',
      status: 204,
      access: 'owner',
      errors: [ErrorCode.SERVICE_NOT_FOUND],
      response: null,
    },
  },
});
