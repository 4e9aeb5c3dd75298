import 'reflect-metadata';
import { createDataSource } from './data-source-options.js';

/** For the TypeORM CLI (`typeorm -d dist/core/database/data-source.js ...`); our CLIs use createDataSource. */
export default createDataSource(
  process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/slotwise',
);
