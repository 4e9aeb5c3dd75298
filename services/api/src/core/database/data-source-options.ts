import { DataSource, type DataSourceOptions } from 'typeorm';
import { ENTITIES } from './entities.js';
import { MIGRATIONS } from './migrations.js';

export function buildDataSourceOptions(databaseUrl: string): DataSourceOptions {
  return {
    type: 'postgres',
    url: databaseUrl,
    entities: ENTITIES,
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

export function createDataSource(databaseUrl: string): DataSource {
  return new DataSource(buildDataSourceOptions(databaseUrl));
}
