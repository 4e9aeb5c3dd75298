import { type DynamicModule, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { type AppModuleOptions, CoreModule } from './app.module.js';
import { buildDataSourceOptions } from './core/database/data-source-options.js';
import { OutboxWorkerModule } from './modules/outbox/outbox-worker.module.js';

/** The delivery worker (dist/worker.js): the same config, clock and database as the API, no HTTP. */
@Module({})
export class WorkerModule {
  static register(options: AppModuleOptions): DynamicModule {
    return {
      module: WorkerModule,
      imports: [
        CoreModule.register(options),
        TypeOrmModule.forRoot({
          ...buildDataSourceOptions(options.config.DATABASE_URL),
          retryAttempts: 2,
          retryDelay: 1000,
        }),
        OutboxWorkerModule,
      ],
    };
  }
}
