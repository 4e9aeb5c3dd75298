import { Controller } from '@nestjs/common';
import {
  apiRoutes,
  CreateServiceRequestSchema,
  UpdateServiceRequestSchema,
} from '@slotwise/contracts';
import { OwnerCrudController } from '../../business/index.js';
import { CatalogService } from '../services/catalog.service.js';

/** Settings → Services: the owner's own services only (another business's answer 404). */
@Controller()
export class OwnerServiceController extends OwnerCrudController({
  rows: CatalogService,
  routes: apiRoutes.services,
  createSchema: CreateServiceRequestSchema,
  updateSchema: UpdateServiceRequestSchema,
}) {}
