import { CACHED } from '../../../core/cache/business-cache.js';
import { Controller, Param } from '@nestjs/common';
import { apiRoutes, type StaffMember, StaffQuerySchema } from '@slotwise/contracts';
import type { z } from 'zod';
import { Route } from '../../../core/http/route.decorator.js';
import { ParsedQuery } from '../../../core/pipes/parsed-params.decorator.js';
import { idPipe } from '../../../core/pipes/zod-validation.pipe.js';
import {
  type BusinessEntity,
  BusinessService,
  OwnedBusiness,
  type OwnedBusinessRef,
  OwnerAccess,
} from '../../business/index.js';
import { CatalogService } from '../../catalog/index.js';
import { StaffService } from '../services/staff.service.js';

type StaffQuery = z.output<typeof StaffQuerySchema>;

@Controller()
export class StaffController {
  constructor(
    private readonly businessService: BusinessService,
    private readonly catalogService: CatalogService,
    private readonly staffService: StaffService,
  ) {}

  @Route(apiRoutes.staff.listBySlug)
  async listBySlug(
    @Param('slug') slug: string,
    @ParsedQuery(apiRoutes.staff.listBySlug) query: StaffQuery,
  ): Promise<StaffMember[]> {
    return this.list(await this.businessService.bySlugOrThrow(slug, CACHED), query);
  }

  /** Public: active staff without contact details. With the owner's token: everyone, in full. */
  @Route(apiRoutes.staff.listById)
  @OwnerAccess({ optional: true, businessId: { param: 'id' } })
  async listById(
    @Param('id', idPipe()) id: number,
    @ParsedQuery(apiRoutes.staff.listById) query: StaffQuery,
    @OwnedBusiness({ optional: true }) owned: OwnedBusinessRef | undefined,
  ): Promise<StaffMember[]> {
    if (owned) {
      const staff = await this.staffService.listAll(owned.id, query.serviceId);
      return this.staffService.ownerView(owned.id, staff);
    }
    return this.list(await this.businessService.byIdOrThrow(id, CACHED), query);
  }

  private async list(business: BusinessEntity, query: StaffQuery): Promise<StaffMember[]> {
    // An unknown service is a 404 rather than an empty list, so a stale page learns it is stale.
    if (query.serviceId !== undefined) {
      await this.catalogService.findActiveOrThrow(business.id, query.serviceId, { cached: true });
    }
    const staff = await this.staffService.listActive(business.id, query.serviceId, {
      cached: true,
    });
    return this.staffService.publicView(business.id, staff);
  }
}
