import { Controller, Get, Param, Query, UseGuards } from '@nestjs/common';
import { type AuthUser, type StaffMember, StaffQuerySchema } from '@slotwise/contracts';
import type { z } from 'zod';
import { idPipe, ZodValidationPipe } from '../../../core/pipes/zod-validation.pipe.js';
import { CurrentUser } from '../../auth/decorators/current-user.decorator.js';
import { OptionalJwtAuthGuard } from '../../auth/guards/jwt-auth.guard.js';
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

  /** Public: active staff without contact details. With the owner's token: everyone, in full. */
  @Get(':id/staff')
  @UseGuards(OptionalJwtAuthGuard)
  async listById(
    @Param('id', idPipe()) id: number,
    @Query(new ZodValidationPipe(StaffQuerySchema)) query: StaffQuery,
    @CurrentUser() user: AuthUser | undefined,
  ): Promise<StaffMember[]> {
    const business = await this.businessService.findByIdOrThrow(id);
    if (await this.businessService.isOwner(business.id, user?.id)) {
      const staff = await this.staffService.listAll(business.id, query.serviceId);
      return staff.map((member) => toStaffDto(member, true));
    }
    return this.list(business, query);
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
