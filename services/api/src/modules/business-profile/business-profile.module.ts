import { Module } from '@nestjs/common';
import { AvailabilityModule } from '../availability/index.js';
import { BusinessModule } from '../business/index.js';
import { CatalogModule } from '../catalog/index.js';
import { BusinessProfileController } from './controllers/business-profile.controller.js';
import { OwnerBusinessController } from './controllers/owner-business.controller.js';
import { BusinessProfileService } from './services/business-profile.service.js';

/**
 * The business as customers and its owner see it: profile and hours summary, composed from the
 * business, availability and catalog modules (it owns no table of its own).
 */
@Module({
  imports: [BusinessModule, AvailabilityModule, CatalogModule],
  controllers: [BusinessProfileController, OwnerBusinessController],
  providers: [BusinessProfileService],
})
export class BusinessProfileModule {}
