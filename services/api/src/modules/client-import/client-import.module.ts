import { Module } from '@nestjs/common';
import { BusinessModule } from '../business/index.js';
import { CustomerModule } from '../customer/index.js';
import { ClientImportController } from './controllers/client-import.controller.js';
import { ClientImportService } from './services/client-import.service.js';

/** The owner's side of client imports: read, check, dry run, store the import for the worker. */
@Module({
  imports: [BusinessModule, CustomerModule],
  controllers: [ClientImportController],
  providers: [ClientImportService],
})
export class ClientImportModule {}
