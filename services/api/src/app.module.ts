import { type DynamicModule, Global, Module } from '@nestjs/common';
import { APP_FILTER } from '@nestjs/core';
import { TypeOrmModule } from '@nestjs/typeorm';
import { BusinessCacheModule } from './core/cache/business-cache.module.js';
import { CLOCK, type Clock, SystemClock } from './core/clock/clock.js';
import { APP_CONFIG, type AppConfig } from './core/config/app-config.js';
import { CONNECTION_GUARD_PROVIDER } from './core/database/connection-guard.js';
import { buildDataSourceOptions } from './core/database/data-source-options.js';
import { ENTITIES } from './database.js';
import { GlobalExceptionFilter } from './core/exceptions/global-exception.filter.js';
import { ApiDocsModule } from './modules/api-docs/index.js';
import { BookingFlowsModule } from './modules/booking-flows/index.js';
import { CalendarFeedsModule } from './modules/calendar-feeds/index.js';
import { AuthModule } from './modules/auth/index.js';
import { AvailabilityModule } from './modules/availability/index.js';
import { BookingsModule } from './modules/bookings/index.js';
import { BusinessModule } from './modules/business/index.js';
import { BusinessProfileModule } from './modules/business-profile/index.js';
import { CatalogModule } from './modules/catalog/index.js';
import { ClientImportModule } from './modules/client-import/index.js';
import { CustomerModule } from './modules/customer/index.js';
import { HealthModule } from './modules/health/index.js';
import { ManualMessagesModule } from './modules/manual-messages/index.js';
import { OutboxModule } from './modules/outbox/index.js';
import { ReportsModule } from './modules/reports/index.js';
import { PaymentsModule } from './modules/payments/index.js';
import { StaffModule } from './modules/staff/index.js';
import { StaffDepartureModule } from './modules/staff-departure/index.js';
import { SubscriptionModule } from './modules/subscription/index.js';
import { SupportModule } from './modules/support/index.js';
import { TeamModule } from './modules/team/index.js';
import { StaffRequestsModule } from './modules/staff-requests/index.js';
import { WebhooksModule } from './modules/webhooks/index.js';
import { ApiKeysModule } from './modules/api-keys/index.js';

export interface AppModuleOptions {
  config: AppConfig;
  /** Defaults to the system clock; tests pass a FixedClock. */
  clock?: Clock;
}

/**
 * Config, clock and the database: what both entry points (the API and the delivery worker) stand
 * on, available to every module without importing anything.
 */
@Global()
@Module({})
export class CoreModule {
  static register(options: AppModuleOptions): DynamicModule {
    return {
      module: CoreModule,
      imports: [
        TypeOrmModule.forRoot({
          ...buildDataSourceOptions(options.config.DATABASE_URL, ENTITIES, {
            poolSize: options.config.DATABASE_POOL_SIZE,
          }),
          // Fail fast instead of @nestjs/typeorm's default of 9 retries 3 s apart.
          retryAttempts: 2,
          retryDelay: 1000,
        }),
      ],
      providers: [
        { provide: APP_CONFIG, useValue: options.config },
        { provide: CLOCK, useValue: options.clock ?? new SystemClock() },
        CONNECTION_GUARD_PROVIDER,
      ],
      exports: [APP_CONFIG, CLOCK],
    };
  }
}

@Module({})
export class AppModule {
  static register(options: AppModuleOptions): DynamicModule {
    return {
      module: AppModule,
      imports: [
        CoreModule.register(options),
        BusinessCacheModule,
        HealthModule,
        OutboxModule,
        AuthModule,
        BusinessModule,
        BookingsModule,
        CustomerModule,
        CatalogModule,
        StaffModule,
        AvailabilityModule,
        BusinessProfileModule,
        BookingFlowsModule,
        CalendarFeedsModule,
        StaffDepartureModule,
        SupportModule,
        SubscriptionModule,
        PaymentsModule,
        ManualMessagesModule,
        ReportsModule,
        ClientImportModule,
        ApiDocsModule,
        TeamModule,
        StaffRequestsModule,
        WebhooksModule,
        ApiKeysModule,
      ],
      // Registered as a provider (not app.useGlobalFilters) so testing modules can override it.
      providers: [{ provide: APP_FILTER, useClass: GlobalExceptionFilter }],
    };
  }
}
