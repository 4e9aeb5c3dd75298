import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { BusinessModule } from '../business/business.module.js';
import { CatalogModule } from '../catalog/catalog.module.js';
import { OwnerStaffController } from './controllers/owner-staff.controller.js';
import { StaffController } from './controllers/staff.controller.js';
import { StaffMemberEntity } from './entities/staff-member.entity.js';
import { StaffService } from './services/staff.service.js';

@Module({
  imports: [TypeOrmModule.forFeature([StaffMemberEntity]), BusinessModule, CatalogModule],
  controllers: [StaffController, OwnerStaffController],
  providers: [StaffService],
  exports: [StaffService],
})
export class StaffModule {}
