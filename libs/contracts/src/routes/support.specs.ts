import { SupportMessageRequestSchema } from '../support.js';
import { MessageResponseSchema } from '../auth.js';
import { defineRoutes } from './route-spec.js';
import { supportRoutes } from './support.routes.js';

export const supportSpecs = defineRoutes(supportRoutes, {
  tag: { name: 'Support', description: 'The contact form.' },
  routes: {
    send: {
      summary: 'Send a message to Slotwise support',
      rateLimited: true,
      response: MessageResponseSchema,
      request: {
        body: SupportMessageRequestSchema,
        example: {
          firstName: 'Sam',
          lastName: 'Taylor',
          email: 'sam@example.com',
          subject: 'Changing my booking link',
          message: 'Can I keep my old link working after I rename the business?',
        },
      },
    },
  },
});
