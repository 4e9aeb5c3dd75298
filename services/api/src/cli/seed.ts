import 'reflect-metadata';
import { seedDemoData } from '../seeds/demo.seed.js';
import { runWithDatabase } from './with-database.js';

/** Loads the demo businesses; running it again changes nothing. */
runWithDatabase(async (dataSource) => {
  for (const r of await seedDemoData(dataSource)) {
    console.info(`${r.created ? 'Created' : 'Kept existing'} business ${r.id} (${r.slug})`);
  }
});
