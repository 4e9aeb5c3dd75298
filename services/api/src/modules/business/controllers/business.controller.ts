import { Controller, Get, Param } from '@nestjs/common';
import type { Business } from '@slotwise/contracts';
import { idPipe } from '../../../core/pipes/zod-validation.pipe.js';
import { BusinessService } from '../services/business.service.js';

@Controller()
export class BusinessController {
  constructor(private readonly businessService: BusinessService) {}

  @Get('businesses')
  list(): Promise<Business[]> {
    return this.businessService.list();
  }

  @Get('business/slug/:slug')
  async getBySlug(@Param('slug') slug: string): Promise<Business> {
    return this.businessService.toDto(await this.businessService.findBySlugOrThrow(slug));
  }

  @Get('business/:id')
  async getById(@Param('id', idPipe()) id: number): Promise<Business> {
    return this.businessService.toDto(await this.businessService.findByIdOrThrow(id));
  }
}
