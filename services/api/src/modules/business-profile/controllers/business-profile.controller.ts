import { Controller, Param } from '@nestjs/common';
import { apiRoutes, type Business } from '@slotwise/contracts';
import { Route } from '../../../core/http/route.decorator.js';
import { idPipe } from '../../../core/pipes/zod-validation.pipe.js';
import { BusinessService } from '../../business/index.js';
import { BusinessProfileService } from '../services/business-profile.service.js';

/** The public directory and business pages. */
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

  @Route(apiRoutes.businesses.bySlug)
  async bySlug(@Param('slug') slug: string): Promise<Business> {
    return this.profiles.toDto(await this.businesses.findBySlugOrThrow(slug));
  }

  @Route(apiRoutes.businesses.byId)
  async byId(@Param('id', idPipe()) id: number): Promise<Business> {
    return this.profiles.toDto(await this.businesses.findByIdOrThrow(id));
  }
}
