import { ErrorCode } from '../error-codes.js';
import { ApiKeyListSchema, CreateApiKeyRequestSchema, CreatedApiKeySchema } from '../api-keys.js';
import { apiKeysRoutes } from './api-keys.routes.js';
import { defineRoutes, ownerRoute } from './route-spec.js';

export const apiKeysSpecs = defineRoutes(apiKeysRoutes, {
  tag: {
    name: 'API keys',
    description:
      "Keys for the business's own systems: sent as `Authorization: Bearer swk_…` to the appointment and client routes their scopes allow.",
  },
  routes: {
    list: ownerRoute(
      [ErrorCode.BUSINESS_NOT_FOUND],
      "The business's API keys (never their secrets)",
      ApiKeyListSchema,
    ),
    create: ownerRoute(
      [ErrorCode.BUSINESS_NOT_FOUND],
      'Create a key; its secret is in this answer only',
      CreatedApiKeySchema,
      {
        request: {
          body: CreateApiKeyRequestSchema,
          example: { name: 'Front desk sync', scopes: ['bookings:read', 'clients:read'] },
        },
      },
    ),
    revoke: ownerRoute(
      [ErrorCode.BUSINESS_NOT_FOUND, ErrorCode.NOT_FOUND],
      'Revoke a key: it is refused from then on',
      null,
      { status: 204 },
    ),
  },
});
