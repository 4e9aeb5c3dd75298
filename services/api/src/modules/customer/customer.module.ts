import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { BookingsModule } from '../bookings/index.js';
import { BusinessModule } from '../business/index.js';
import { CatalogModule } from '../catalog/index.js';
import { StaffModule } from '../staff/index.js';
import { WebhookEventsModule } from '../webhooks/index.js';
import { ClientsController } from './controllers/clients.controller.js';
import { CustomerEntity } from './entities/customer.entity.js';
import { ClientsService } from './services/clients.service.js';
import { CustomerService } from './services/customer.service.js';

/** The `customers` table, and the owner's Clients (each with their bookings from the ledger). */
@Module({
  imports: [
    TypeOrmModule.forFeature([CustomerEntity]),
    BookingsModule,
    BusinessModule,
    CatalogModule,
    StaffModule,
    WebhookEventsModule,
  ],
  controllers: [ClientsController],
  providers: [CustomerService, ClientsService],
  exports: [CustomerService],
})
export class CustomerModule {}
