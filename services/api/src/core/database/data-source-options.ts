import type { DataSourceOptions } from 'typeorm';
import { MIGRATIONS } from './migrations.js';

export type EntityList = NonNullable<DataSourceOptions['entities']>;

/** The connection settings; the entities come from the composition root (src/database.ts). */
export function buildDataSourceOptions(
  databaseUrl: string,
  entities: EntityList,
): DataSourceOptions {
  return {
    type: 'postgres',
    url: databaseUrl,
    entities,
    migrations: MIGRATIONS,
    migrationsTableName: 'typeorm_migrations',
    // The schema only ever changes through migrations.
    synchronize: false,
    migrationsRun: false,
    // No 'error': a lost booking race (23P01) is expected, and failed queries would log customers'
    // details; unexpected failures are logged once by the global exception filter.
    logging: ['warn', 'migration'],
    extra: { max: 10, connectionTimeoutMillis: 5000 },
  };
}
