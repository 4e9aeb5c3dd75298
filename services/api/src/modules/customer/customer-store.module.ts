import { Module } from '@nestjs/common';
import { WebhookEventsModule } from '../webhooks/index.js';
import { CustomerService } from './services/customer.service.js';

/**
 * The `customers` table's service alone, for the worker (client imports): none of the owner's
 * routes, so none of the API's business cache they stand on.
 */
@Module({
  imports: [WebhookEventsModule],
  providers: [CustomerService],
  exports: [CustomerService],
})
export class CustomerStoreModule {}
