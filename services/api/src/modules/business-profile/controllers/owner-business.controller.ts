import { Controller } from '@nestjs/common';
import { apiRoutes, type Business, UpdateBusinessRequestSchema } from '@slotwise/contracts';
import type { z } from 'zod';
import { Route } from '../../../core/http/route.decorator.js';
import { JsonBody } from '../../../core/pipes/parsed-params.decorator.js';
import { AuthRequiredMessage } from '../../auth/index.js';
import {
  BusinessService,
  OwnedBusiness,
  type OwnedBusinessRef,
  OwnerAccess,
} from '../../business/index.js';
import { BusinessProfileService } from '../services/business-profile.service.js';

type UpdateBusinessBody = z.output<typeof UpdateBusinessRequestSchema>;

export const UPDATE_BUSINESS_AUTH_MESSAGE =
  'Authentication required: You must be logged in to update your business';

/** The signed-in owner's own business (nobody else's), created on first use. */
@Controller()
export class OwnerBusinessController {
  constructor(
    private readonly businesses: BusinessService,
    private readonly profiles: BusinessProfileService,
  ) {}

  @Route(apiRoutes.businesses.mine)
  @OwnerAccess()
  mine(@OwnedBusiness() owned: OwnedBusinessRef): Promise<Business> {
    return this.profiles.toOwnerDto(owned.business);
  }

  /** The spec's form of `mine`, naming the user: 403 for anyone but the caller. */
  @Route(apiRoutes.businesses.byOwner)
  @OwnerAccess({ userParam: 'userId' })
  byOwner(@OwnedBusiness() owned: OwnedBusinessRef): Promise<Business> {
    return this.profiles.toOwnerDto(owned.business);
  }

  @Route(apiRoutes.businesses.update)
  @AuthRequiredMessage(UPDATE_BUSINESS_AUTH_MESSAGE)
  @OwnerAccess({ businessId: { param: 'id' } })
  update(
    @OwnedBusiness() owned: OwnedBusinessRef,
    @JsonBody(apiRoutes.businesses.update) body: UpdateBusinessBody,
  ): Promise<Business> {
    return this.save(owned, body);
  }

  /** The dashboard's variant of the same call. */
  @Route(apiRoutes.businesses.updatePlural)
  @AuthRequiredMessage(UPDATE_BUSINESS_AUTH_MESSAGE)
  @OwnerAccess({ businessId: { param: 'id' } })
  updatePlural(
    @OwnedBusiness() owned: OwnedBusinessRef,
    @JsonBody(apiRoutes.businesses.updatePlural) body: UpdateBusinessBody,
  ): Promise<Business> {
    return this.save(owned, body);
  }

  private async save(owned: OwnedBusinessRef, body: UpdateBusinessBody): Promise<Business> {
    return this.profiles.toOwnerDto(await this.businesses.update(owned.id, body));
  }
}
