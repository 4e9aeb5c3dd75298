import type { DataSource } from 'typeorm';
import { ConfigError, loadConfig } from '../core/config/app-config.js';
import { createDataSource } from '../database.js';

/**
 * A command line's whole run: `work` on the DATABASE_URL database, closed afterwards. A bad
 * setting prints its message, any other failure its error; either exits with 1.
 */
export function runWithDatabase(work: (dataSource: DataSource) => Promise<void>): void {
  const run = async () => {
    const { DATABASE_URL } = loadConfig();
    const dataSource = createDataSource(DATABASE_URL);
    await dataSource.initialize();
    try {
      await work(dataSource);
    } finally {
      await dataSource.destroy();
    }
  };
  run().catch((error: unknown) => {
    console.error(error instanceof ConfigError ? error.message : error);
    process.exit(1);
  });
}
