import 'reflect-metadata';
import { ConfigError, loadConfig } from '../core/config/app-config.js';
import { createDataSource } from '../database.js';
import { seedDemoData } from '../seeds/demo.seed.js';

/** Loads the demo businesses; running it again changes nothing. */
async function main(): Promise<void> {
  const { DATABASE_URL } = loadConfig();
  const dataSource = createDataSource(DATABASE_URL);
  await dataSource.initialize();
  try {
    for (const r of await seedDemoData(dataSource)) {
      console.info(`${r.created ? 'Created' : 'Kept existing'} business ${r.id} (${r.slug})`);
    }
  } finally {
    await dataSource.destroy();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
