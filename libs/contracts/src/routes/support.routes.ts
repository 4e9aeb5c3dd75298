// Zod-free: the front ends import this table without the schema library (see route-spec.ts).
import type { MessageResponse } from '../auth.js';
import type { SupportMessageRequest } from '../support.js';
import { route } from './api-route.js';

export const supportRoutes = {
  send: route<MessageResponse, SupportMessageRequest>()('POST', 'support-messages'),
} as const;
