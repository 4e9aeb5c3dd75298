import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AvailabilityEntity } from '../availability/entities/availability.entity.js';
import { AuthModule } from '../auth/auth.module.js';
import { BusinessController } from './controllers/business.controller.js';
import { OwnerBusinessController } from './controllers/owner-business.controller.js';
import { BusinessEntity } from './entities/business.entity.js';
import { BusinessService } from './services/business.service.js';

@Module({
  imports: [TypeOrmModule.forFeature([BusinessEntity, AvailabilityEntity]), AuthModule],
  controllers: [BusinessController, OwnerBusinessController],
  providers: [BusinessService],
  exports: [BusinessService, AuthModule],
})
export class BusinessModule {}
