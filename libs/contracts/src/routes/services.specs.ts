import { ErrorCode } from '../error-codes.js';
import { CreateServiceRequestSchema, UpdateServiceRequestSchema } from '../owner.js';
import { ServiceListSchema, ServiceSchema } from '../service.js';
import { defineRoutes, ownerRoute } from './route-spec.js';
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
    create: ownerRoute(
      [ErrorCode.BUSINESS_NOT_FOUND, ErrorCode.PLAN_LIMIT_REACHED],
      'Add a service',
      ServiceSchema,
      {
        request: {
          body: CreateServiceRequestSchema,
          example: { businessId: 7, name: "Women's cut", duration: 45, price: 6500 },
        },
      },
    ),
    update: ownerRoute(
      [ErrorCode.SERVICE_NOT_FOUND, ErrorCode.PLAN_LIMIT_REACHED],
      'Change a service',
      ServiceSchema,
      {
        request: {
          body: UpdateServiceRequestSchema,
          example: { price: 7000, bufferAfterMinutes: 10 },
        },
      },
    ),
    remove: ownerRoute(
      [ErrorCode.SERVICE_NOT_FOUND],
      'Remove a service (its past bookings stay)',
      null,
      { status: 204 },
    ),
  },
});
