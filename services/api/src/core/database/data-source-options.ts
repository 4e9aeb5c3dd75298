import type { DataSourceOptions } from 'typeorm';
import { MIGRATIONS } from './migrations.js';

export type EntityList = NonNullable<DataSourceOptions['entities']>;

/**
 * Connections per process by default: the public slot reads take one (exceptions and bookings in
 * one statement), a booking one for its transaction.
 */
export const DEFAULT_POOL_SIZE = 10;

/** The connection settings; the entities come from the composition root (src/database.ts). */
/** Where TypeORM records the migrations applied (read by scripts/wait-for-migrations.mjs too). */
export const MIGRATIONS_TABLE_NAME = 'typeorm_migrations';

export function buildDataSourceOptions(
  databaseUrl: string,
  entities: EntityList,
  options: { poolSize?: number } = {},
): DataSourceOptions {
  return {
    type: 'postgres',
    url: databaseUrl,
    entities,
    migrations: MIGRATIONS,
    migrationsTableName: MIGRATIONS_TABLE_NAME,
    // The schema only ever changes through migrations.
    synchronize: false,
    migrationsRun: false,
    // No 'error': a lost booking race (23P01) is expected, and failed queries would log customers'
    // details; unexpected failures are logged once by the global exception filter.
    logging: ['warn', 'migration'],
    // DATABASE_POOL_SIZE (core/config), through CoreModule; the command-line tools take the default.
    extra: { max: options.poolSize ?? DEFAULT_POOL_SIZE, connectionTimeoutMillis: 5000 },
  };
}
