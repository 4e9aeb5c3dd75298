import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AvailabilityEntity } from '../availability/entities/availability.entity.js';
import { BusinessController } from './controllers/business.controller.js';
import { BusinessEntity } from './entities/business.entity.js';
import { BusinessService } from './services/business.service.js';

@Module({
  imports: [TypeOrmModule.forFeature([BusinessEntity, AvailabilityEntity])],
  controllers: [BusinessController],
  providers: [BusinessService],
  exports: [BusinessService],
})
export class BusinessModule {}
