import { Controller, Get, Param } from '@nestjs/common';
import type { Service } from '@slotwise/contracts';
import { idPipe } from '../../../core/pipes/zod-validation.pipe.js';
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

  @Get(':id/services')
  async listById(@Param('id', idPipe()) id: number): Promise<Service[]> {
    const business = await this.businessService.findByIdOrThrow(id);
    return this.catalogService.listActive(business.id);
  }
}
