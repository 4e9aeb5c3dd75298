import { CACHED } from '../../../core/cache/business-cache.js';
import { Controller, Param } from '@nestjs/common';
import { apiRoutes, type Service } from '@slotwise/contracts';
import { Route } from '../../../core/http/route.decorator.js';
import { idPipe } from '../../../core/pipes/zod-validation.pipe.js';
import {
  BusinessService,
  OwnedBusiness,
  type OwnedBusinessRef,
  OwnerAccess,
} from '../../business/index.js';
import { CatalogService } from '../services/catalog.service.js';

@Controller()
export class CatalogController {
  constructor(
    private readonly businessService: BusinessService,
    private readonly catalogService: CatalogService,
  ) {}

  // GET business/slug/:slug/services is the payments module's (each service with its policy).

  /** Public: active services. With the owner's Bearer token: every service, inactive ones too. */
  @Route(apiRoutes.services.listById)
  @OwnerAccess({ optional: true, businessId: { param: 'id' } })
  async listById(
    @Param('id', idPipe()) id: number,
    @OwnedBusiness({ optional: true }) owned: OwnedBusinessRef | undefined,
  ): Promise<Service[]> {
    if (owned) return this.catalogService.listAll(owned.id);
    const business = await this.businessService.byIdOrThrow(id, CACHED);
    return this.catalogService.listActive(business.id, { cached: true });
  }
}
