import { ErrorCode } from '../error-codes.js';
import { UpdateBusinessRequestSchema } from '../owner.js';
import { BusinessListSchema, BusinessSchema } from '../business.js';
import { defineRoutes, ownerRoute } from './route-spec.js';
import { businessesRoutes } from './businesses.routes.js';

export const businessesSpecs = defineRoutes(businessesRoutes, {
  tag: {
    name: 'Businesses',
    description: "The directory, a business's public page, and the owner's business settings.",
  },
  routes: {
    list: {
      summary: 'The directory: published businesses, by name',
      response: BusinessListSchema,
    },
    byId: {
      summary: 'A business by id',
      description: 'A business switched off by its owner answers 404, except to that owner.',
      access: 'optional-owner',
      errors: [ErrorCode.BUSINESS_NOT_FOUND],
      response: BusinessSchema,
    },
    bySlug: {
      summary: 'A business by its booking link',
      description:
        'Ignores case; an old link answers the business with its current `slug`. A business switched off by its owner answers 404, except to that owner.',
      access: 'optional-owner',
      errors: [ErrorCode.BUSINESS_NOT_FOUND],
      response: BusinessSchema,
    },
    mine: {
      summary: "The signed-in owner's business (created on first use)",
      access: 'owner',
      response: BusinessSchema,
    },
    byOwner: ownerRoute(
      [ErrorCode.FORBIDDEN],
      "The owner's business, by the owner's user id",
      BusinessSchema,
      { description: "403 for anyone but the user named (the spec's form of `GET business/me`)." },
    ),
    update: ownerRoute(
      [ErrorCode.BUSINESS_NOT_FOUND, ErrorCode.SLUG_TAKEN],
      "Change the owner's business settings",
      BusinessSchema,
      {
        request: {
          body: UpdateBusinessRequestSchema,
          example: { name: 'Harbour Hair Studio', slug: 'harbour-hair', region: 'NSW' },
        },
      },
    ),
    updatePlural: ownerRoute(
      [ErrorCode.BUSINESS_NOT_FOUND, ErrorCode.SLUG_TAKEN],
      "Change the owner's business settings (the dashboard's path)",
      BusinessSchema,
      {
        request: {
          body: UpdateBusinessRequestSchema,
          example: { phone: '02 9876 5432', maxAdvanceDays: 60, publishingEnabled: true },
        },
      },
    ),
  },
});
