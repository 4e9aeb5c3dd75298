import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ActivityModule } from '../activity/index.js';
import { BookingsModule } from '../bookings/index.js';
import { BusinessModule } from '../business/index.js';
import { CatalogController } from './controllers/catalog.controller.js';
import { OwnerServiceController } from './controllers/owner-service.controller.js';
import { ServiceEntity } from './entities/service.entity.js';
import { CatalogService } from './services/catalog.service.js';

/** The `services` table: what each business offers. */
@Module({
  imports: [
    TypeOrmModule.forFeature([ServiceEntity]),
    BusinessModule,
    BookingsModule,
    ActivityModule,
  ],
  controllers: [CatalogController, OwnerServiceController],
  providers: [CatalogService],
  exports: [CatalogService],
})
export class CatalogModule {}
