import { type DynamicModule, Module } from '@nestjs/common';
import { type AppModuleOptions, CoreModule } from './app.module.js';
import { ClientImportWorkerModule } from './modules/client-import/index.js';
import { OutboxWorkerModule } from './modules/outbox/index.js';
import { PaymentsWorkerModule } from './modules/payments/index.js';
import { WebhooksWorkerModule } from './modules/webhooks/index.js';

/** The delivery worker (dist/worker.js): the same config, clock and database as the API, no HTTP. */
@Module({})
export class WorkerModule {
  static register(options: AppModuleOptions): DynamicModule {
    return {
      module: WorkerModule,
      imports: [
        CoreModule.register(options),
        OutboxWorkerModule,
        ClientImportWorkerModule,
        WebhooksWorkerModule,
        PaymentsWorkerModule,
      ],
    };
  }
}
