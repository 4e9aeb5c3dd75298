import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { BusinessModule } from '../business/business.module.js';
import { CatalogController } from './controllers/catalog.controller.js';
import { OwnerServiceController } from './controllers/owner-service.controller.js';
import { ServiceEntity } from './entities/service.entity.js';
import { CatalogService } from './services/catalog.service.js';

@Module({
  imports: [TypeOrmModule.forFeature([ServiceEntity]), BusinessModule],
  controllers: [CatalogController, OwnerServiceController],
  providers: [CatalogService],
  exports: [CatalogService],
})
export class CatalogModule {}
