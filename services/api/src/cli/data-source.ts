import 'reflect-metadata';
import { createDataSource } from '../database.js';

/** For the TypeORM CLI (`typeorm -d dist/cli/data-source.js ...`); our CLIs use createDataSource. */
export default createDataSource(
  process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/slotwise',
);
