import { Controller, Get, Param, Query } from '@nestjs/common';
import { type StaffMember, StaffQuerySchema } from '@slotwise/contracts';
import type { z } from 'zod';
import { idPipe, ZodValidationPipe } from '../../../core/pipes/zod-validation.pipe.js';
import { BusinessEntity } from '../../business/entities/business.entity.js';
import { BusinessService } from '../../business/services/business.service.js';
import { CatalogService } from '../../catalog/services/catalog.service.js';
import { StaffService, toStaffDto } from '../services/staff.service.js';

type StaffQuery = z.output<typeof StaffQuerySchema>;

@Controller('business')
export class StaffController {
  constructor(
    private readonly businessService: BusinessService,
    private readonly catalogService: CatalogService,
    private readonly staffService: StaffService,
  ) {}

  @Get('slug/:slug/staff')
  async listBySlug(
    @Param('slug') slug: string,
    @Query(new ZodValidationPipe(StaffQuerySchema)) query: StaffQuery,
  ): Promise<StaffMember[]> {
    return this.list(await this.businessService.findBySlugOrThrow(slug), query);
  }

  @Get(':id/staff')
  async listById(
    @Param('id', idPipe()) id: number,
    @Query(new ZodValidationPipe(StaffQuerySchema)) query: StaffQuery,
  ): Promise<StaffMember[]> {
    return this.list(await this.businessService.findByIdOrThrow(id), query);
  }

  private async list(business: BusinessEntity, query: StaffQuery): Promise<StaffMember[]> {
    // An unknown service is a 404 rather than an empty list, so a stale page learns it is stale.
    if (query.serviceId !== undefined) {
      await this.catalogService.findActiveOrThrow(business.id, query.serviceId);
    }
    const staff = await this.staffService.listActive(business.id, query.serviceId);
    // Public list: staff members' own contact details are not the customer's business.
    return staff.map((member) => ({ ...toStaffDto(member), email: null, phone: null }));
  }
}
