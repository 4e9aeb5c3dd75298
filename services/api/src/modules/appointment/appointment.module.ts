import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AvailabilityModule } from '../availability/availability.module.js';
import { BusinessModule } from '../business/business.module.js';
import { CatalogModule } from '../catalog/catalog.module.js';
import { OutboxModule } from '../outbox/outbox.module.js';
import { CustomerEntity } from '../customer/entities/customer.entity.js';
import { AppointmentController } from './controllers/appointment.controller.js';
import { SelfServiceController } from './controllers/self-service.controller.js';
import { OwnerAppointmentController } from './controllers/owner-appointment.controller.js';
import { AppointmentTokenEntity } from './entities/appointment-token.entity.js';
import { AppointmentEntity } from './entities/appointment.entity.js';
import { AppointmentService } from './services/appointment.service.js';
import { SelfServiceService } from './services/self-service.service.js';
import { OwnerAppointmentService } from './services/owner-appointment.service.js';
import { StatusChangeNotifier } from './services/status-change-notifier.service.js';

@Module({
  imports: [
    TypeOrmModule.forFeature([AppointmentEntity, AppointmentTokenEntity, CustomerEntity]),
    BusinessModule,
    CatalogModule,
    AvailabilityModule,
    OutboxModule,
  ],
  controllers: [AppointmentController, OwnerAppointmentController, SelfServiceController],
  providers: [
    AppointmentService,
    OwnerAppointmentService,
    SelfServiceService,
    StatusChangeNotifier,
  ],
})
export class AppointmentModule {}
