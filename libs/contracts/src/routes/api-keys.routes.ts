import type { ApiKey, CreateApiKeyRequest, CreatedApiKey } from '../api-keys.js';
import { route } from './route.js';

export const apiKeysRoutes = {
  list: route<ApiKey[]>()('GET', 'business/:id/api-keys'),
  create: route<CreatedApiKey, CreateApiKeyRequest>()('POST', 'business/:id/api-keys'),
  revoke: route<void>()('DELETE', 'business/:id/api-keys/:keyId'),
} as const;
