import { Controller, HttpCode, HttpStatus } from '@nestjs/common';
import {
  apiRoutes,
  type AuthUser,
  type CreateSubscriptionRequest,
  type CreateSubscriptionResponse,
  type SubscriptionStatus,
} from '@slotwise/contracts';
import { Route } from '../../../core/http/route.decorator.js';
import { JsonBody } from '../../../core/pipes/parsed-params.decorator.js';
import { CurrentUser } from '../../auth/index.js';
import { OwnedBusiness, type OwnedBusinessRef, OwnerAccess } from '../../business/index.js';
import { SubscriptionsService } from '../services/subscriptions.service.js';

/**
 * The subscription calls, for the signed-in owner's own business (every route here is the
 * owner's; the public config is SubscriptionConfigController's).
 */
@Controller()
@OwnerAccess()
export class SubscriptionsController {
  constructor(private readonly subscriptions: SubscriptionsService) {}

  @Route(apiRoutes.subscription.create)
  @HttpCode(HttpStatus.OK)
  create(
    @OwnedBusiness() owned: OwnedBusinessRef,
    @CurrentUser() user: AuthUser,
    @JsonBody(apiRoutes.subscription.create) body: CreateSubscriptionRequest,
  ): Promise<CreateSubscriptionResponse> {
    return this.subscriptions.create(owned, user, body.priceId);
  }

  @Route(apiRoutes.subscription.status)
  status(@OwnedBusiness() owned: OwnedBusinessRef): Promise<SubscriptionStatus> {
    return this.subscriptions.status(owned);
  }

  @Route(apiRoutes.subscription.cancel)
  @HttpCode(HttpStatus.OK)
  cancel(@OwnedBusiness() owned: OwnedBusinessRef): Promise<SubscriptionStatus> {
    return this.subscriptions.cancel(owned);
  }

  @Route(apiRoutes.subscription.reactivate)
  @HttpCode(HttpStatus.OK)
  reactivate(@OwnedBusiness() owned: OwnedBusinessRef): Promise<SubscriptionStatus> {
    return this.subscriptions.reactivate(owned);
  }
}
