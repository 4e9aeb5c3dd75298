import 'reflect-metadata';
import { ConfigError, loadConfig } from '../core/config/app-config.js';
import { createDataSource } from '../database.js';

/** Runs pending migrations against DATABASE_URL; safe to run on every start. */
async function main(): Promise<void> {
  const { DATABASE_URL } = loadConfig();
  const dataSource = createDataSource(DATABASE_URL);
  await dataSource.initialize();
  try {
    const applied = await dataSource.runMigrations({ transaction: 'each' });
    console.info(
      applied.length
        ? `Applied ${applied.length} migration(s): ${applied.map((m) => m.name).join(', ')}`
        : 'Database schema is up to date',
    );
  } finally {
    await dataSource.destroy();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
