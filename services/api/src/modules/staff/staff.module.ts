import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ActivityModule } from '../activity/index.js';
import { BookingsModule } from '../bookings/index.js';
import { BusinessModule } from '../business/index.js';
import { CatalogModule } from '../catalog/index.js';
import { OwnerStaffController } from './controllers/owner-staff.controller.js';
import { StaffController } from './controllers/staff.controller.js';
import { StaffMemberEntity } from './entities/staff-member.entity.js';
import { StaffServiceEntity } from './entities/staff-service.entity.js';
import { StaffService } from './services/staff.service.js';

/** The `staff_members` and `staff_services` tables: who works where and what they offer. */
@Module({
  imports: [
    TypeOrmModule.forFeature([StaffMemberEntity, StaffServiceEntity]),
    BusinessModule,
    CatalogModule,
    BookingsModule,
    ActivityModule,
  ],
  controllers: [StaffController, OwnerStaffController],
  providers: [StaffService],
  exports: [StaffService],
})
export class StaffModule {}
