import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AvailabilityModule } from '../availability/availability.module.js';
import { BusinessModule } from '../business/business.module.js';
import { CatalogModule } from '../catalog/catalog.module.js';
import { CustomerEntity } from '../customer/entities/customer.entity.js';
import { AppointmentController } from './controllers/appointment.controller.js';
import { OwnerAppointmentController } from './controllers/owner-appointment.controller.js';
import { AppointmentEntity } from './entities/appointment.entity.js';
import { AppointmentService } from './services/appointment.service.js';
import { OwnerAppointmentService } from './services/owner-appointment.service.js';

@Module({
  imports: [
    TypeOrmModule.forFeature([AppointmentEntity, CustomerEntity]),
    BusinessModule,
    CatalogModule,
    AvailabilityModule,
  ],
  controllers: [AppointmentController, OwnerAppointmentController],
  providers: [AppointmentService, OwnerAppointmentService],
})
export class AppointmentModule {}
