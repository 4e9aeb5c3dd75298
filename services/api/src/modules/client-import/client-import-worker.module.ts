import { Module } from '@nestjs/common';
import { CustomerStoreModule } from '../customer/index.js';
import { ClientImportQueue } from './jobs/client-import.queue.js';
import { ClientImportRunner } from './services/client-import-runner.service.js';

/** The worker's side of client imports: the queue, its relay and the job that writes them. */
@Module({
  imports: [CustomerStoreModule],
  providers: [ClientImportRunner, ClientImportQueue],
})
export class ClientImportWorkerModule {}
