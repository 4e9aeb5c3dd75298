import { Controller } from '@nestjs/common';
import { apiRoutes, type SubscriptionConfig } from '@slotwise/contracts';
import { Route } from '../../../core/http/route.decorator.js';
import { SubscriptionsService } from '../services/subscriptions.service.js';

/** Public: the price id and publishable key are meant for browsers anyway. */
@Controller()
export class SubscriptionConfigController {
  constructor(private readonly subscriptions: SubscriptionsService) {}

  @Route(apiRoutes.subscription.config)
  config(): SubscriptionConfig {
    return this.subscriptions.config();
  }
}
