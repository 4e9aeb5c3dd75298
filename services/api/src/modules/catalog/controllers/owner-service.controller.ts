import { Body, Controller, HttpCode, HttpStatus, Param } from '@nestjs/common';
import {
  apiRoutes,
  CreateServiceRequestSchema,
  type Service,
  UpdateServiceRequestSchema,
} from '@slotwise/contracts';
import { Route } from '../../../core/http/route.decorator.js';
import { idPipe, ZodValidationPipe } from '../../../core/pipes/zod-validation.pipe.js';
import { OwnedBusiness, type OwnedBusinessRef, OwnerAccess } from '../../business/index.js';
import {
  CatalogService,
  type CreateServiceInput,
  type UpdateServiceInput,
} from '../services/catalog.service.js';

/** Settings → Services: the owner's own services only (another business's answer 404). */
@Controller()
export class OwnerServiceController {
  constructor(private readonly catalogService: CatalogService) {}

  @Route(apiRoutes.services.create)
  @HttpCode(HttpStatus.CREATED)
  @OwnerAccess({ businessId: { body: 'businessId' } })
  create(
    @OwnedBusiness() owned: OwnedBusinessRef,
    @Body(new ZodValidationPipe(CreateServiceRequestSchema)) body: CreateServiceInput,
  ): Promise<Service> {
    return this.catalogService.create(owned, body);
  }

  @Route(apiRoutes.services.update)
  @OwnerAccess()
  update(
    @OwnedBusiness() owned: OwnedBusinessRef,
    @Param('id', idPipe()) id: number,
    @Body(new ZodValidationPipe(UpdateServiceRequestSchema)) body: UpdateServiceInput,
  ): Promise<Service> {
    return this.catalogService.update(owned, id, body);
  }

  @Route(apiRoutes.services.remove)
  @HttpCode(HttpStatus.NO_CONTENT)
  @OwnerAccess()
  async remove(
    @OwnedBusiness() owned: OwnedBusinessRef,
    @Param('id', idPipe()) id: number,
  ): Promise<void> {
    await this.catalogService.remove(owned, id);
  }
}
