import { CACHED } from '../../../core/cache/business-cache.js';
import { Controller, Param } from '@nestjs/common';
import { apiRoutes, type Business } from '@slotwise/contracts';
import { Route } from '../../../core/http/route.decorator.js';
import { idPipe } from '../../../core/pipes/zod-validation.pipe.js';
import {
  BusinessService,
  OwnedBusiness,
  type OwnedBusinessRef,
  OwnerAccess,
} from '../../business/index.js';
import { BusinessProfileService } from '../services/business-profile.service.js';

/**
 * The public directory and business pages. A business whose owner switched publishing off is not
 * found, except by its owner (signed in, the same routes answer them).
 */
@Controller()
export class BusinessProfileController {
  constructor(
    private readonly businesses: BusinessService,
    private readonly profiles: BusinessProfileService,
  ) {}

  @Route(apiRoutes.businesses.list)
  list(): Promise<Business[]> {
    return this.profiles.list();
  }

  /** An old slug answers the business too, with its current slug. */
  @Route(apiRoutes.businesses.bySlug)
  @OwnerAccess({ optional: true })
  async bySlug(
    @Param('slug') slug: string,
    @OwnedBusiness({ optional: true }) owned: OwnedBusinessRef | undefined,
  ): Promise<Business> {
    const business = await this.businesses.bySlugOrThrow(slug, CACHED);
    return this.profiles.toDto(this.businesses.visibleOrThrow(business, owned?.id));
  }

  @Route(apiRoutes.businesses.byId)
  @OwnerAccess({ optional: true, businessId: { param: 'id' } })
  async byId(
    @Param('id', idPipe()) id: number,
    @OwnedBusiness({ optional: true }) owned: OwnedBusinessRef | undefined,
  ): Promise<Business> {
    const business = await this.businesses.byIdOrThrow(id, CACHED);
    return this.profiles.toDto(this.businesses.visibleOrThrow(business, owned?.id));
  }
}
