import 'reflect-metadata';
import { runWithDatabase } from './with-database.js';

/** Runs pending migrations against DATABASE_URL; safe to run on every start. */
runWithDatabase(async (dataSource) => {
  const applied = await dataSource.runMigrations({ transaction: 'each' });
  console.info(
    applied.length
      ? `Applied ${applied.length} migration(s): ${applied.map((m) => m.name).join(', ')}`
      : 'Database schema is up to date',
  );
});
