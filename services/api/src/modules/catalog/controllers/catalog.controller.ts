import { Controller, Get, Param, UseGuards } from '@nestjs/common';
import type { AuthUser, Service } from '@slotwise/contracts';
import { idPipe } from '../../../core/pipes/zod-validation.pipe.js';
import { CurrentUser } from '../../auth/decorators/current-user.decorator.js';
import { OptionalJwtAuthGuard } from '../../auth/guards/jwt-auth.guard.js';
import { BusinessService } from '../../business/services/business.service.js';
import { CatalogService } from '../services/catalog.service.js';

@Controller('business')
export class CatalogController {
  constructor(
    private readonly businessService: BusinessService,
    private readonly catalogService: CatalogService,
  ) {}

  @Get('slug/:slug/services')
  async listBySlug(@Param('slug') slug: string): Promise<Service[]> {
    const business = await this.businessService.findBySlugOrThrow(slug);
    return this.catalogService.listActive(business.id);
  }

  /** Public: active services. With the owner's Bearer token: every service, inactive ones too. */
  @Get(':id/services')
  @UseGuards(OptionalJwtAuthGuard)
  async listById(
    @Param('id', idPipe()) id: number,
    @CurrentUser() user: AuthUser | undefined,
  ): Promise<Service[]> {
    const business = await this.businessService.findByIdOrThrow(id);
    if (await this.businessService.isOwner(business.id, user?.id)) {
      return this.catalogService.listAll(business.id);
    }
    return this.catalogService.listActive(business.id);
  }
}
