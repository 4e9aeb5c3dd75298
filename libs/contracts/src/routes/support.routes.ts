import type { MessageResponse } from '../auth.js';
import type { SupportMessageRequest } from '../support.js';
import { route } from './route.js';

export const supportRoutes = {
  send: route<MessageResponse, SupportMessageRequest>()('POST', 'support-messages'),
} as const;
