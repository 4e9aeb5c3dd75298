// What the API benchmarks share: the API loaded from its build (services/api/dist, plain
// JavaScript there, so typed here), the checks that it runs on the same packages as the bench, and
// a fresh, migrated database for one run.
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import type { Server } from 'node:http';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import pg from 'pg';

const API_ROOT = join(import.meta.dirname, '../services/api');
const DIST = join(API_ROOT, 'dist');
const BASE_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

interface InjectResponse {
  statusCode: number;
  body: string;
}
export interface ApiApp {
  listen(port: number, host: string): Promise<unknown>;
  getHttpServer(): Server;
  getHttpAdapter(): {
    getInstance(): { inject(o: { method: 'GET'; url: string }): Promise<InjectResponse> };
  };
  get(type: unknown): unknown;
  close(): Promise<void>;
}
export interface ApiDataSource {
  isInitialized: boolean;
  initialize(): Promise<unknown>;
  runMigrations(o: { transaction: 'each' }): Promise<unknown>;
  query<T = unknown>(sql: string, params?: unknown[]): Promise<T>;
  destroy(): Promise<void>;
}
export interface ApiBuild {
  createApp(o: { config: unknown; clock: unknown; logger: 'error'[] }): Promise<ApiApp>;
  /** The cache listener's class (for `app.get`) and the name its connection goes by. */
  BusinessChangeListener: unknown;
  LISTENER_APPLICATION_NAME: string;
  loadConfig(env: Record<string, string>): unknown;
  FixedClock: new (at: string) => unknown;
  createDataSource(url: string): ApiDataSource;
}

export async function loadApi(dist = DIST): Promise<ApiBuild> {
  const file = (f: string) => join(dist, f);
  if (!existsSync(file('app.factory.js'))) {
    throw new Error('services/api/dist is missing: run `npx nx run @slotwise/api:build` first');
  }
  const load = (f: string) => import(pathToFileURL(file(f)).href);
  const [factory, config, clock, database, listener] = await Promise.all([
    load('app.factory.js'),
    load('core/config/app-config.js'),
    load('core/clock/clock.js'),
    load('database.js'),
    load('core/cache/business-change.listener.js'),
  ]);
  return {
    createApp: factory.createApp,
    BusinessChangeListener: listener.BusinessChangeListener,
    LISTENER_APPLICATION_NAME: listener.LISTENER_APPLICATION_NAME,
    loadConfig: config.loadConfig,
    FixedClock: clock.FixedClock,
    createDataSource: database.createDataSource,
  };
}

/**
 * The floor must be built from the very fastify and pg the API runs on, and round trips are
 * counted on `pg`'s Client#query, which only works if the API (through TypeORM) loads the very
 * `pg` the bench imports.
 */
export function assertSamePackages() {
  const ours = createRequire(import.meta.url);
  const api = createRequire(join(API_ROOT, 'package.json'));
  const theirPg = createRequire(api.resolve('typeorm')).resolve('pg');
  const theirFastify = createRequire(api.resolve('@nestjs/platform-fastify')).resolve('fastify');
  if (ours.resolve('pg') !== theirPg) throw new Error(`Two copies of pg: ${theirPg}`);
  if (ours.resolve('fastify') !== theirFastify) {
    throw new Error(`Two copies of fastify: ${theirFastify}`);
  }
}

/**
 * tsx's require hook (`--import tsx`) compiles an ES module that a CommonJS package requires into
 * a second copy: @nestjs/throttler would then get another @nestjs/core, whose Reflector Nest cannot
 * inject. Only tsx's ESM hooks (`--import tsx/esm`) leave those requires to Node.
 */
export async function assertOneNestCore() {
  const imported = (await import('@nestjs/core')).Reflector;
  const throttler = createRequire(join(API_ROOT, 'package.json')).resolve('@nestjs/throttler');
  if (createRequire(throttler)('@nestjs/core').Reflector !== imported) {
    throw new Error('Two copies of @nestjs/core: run with `node --import tsx/esm`, not `tsx`');
  }
}

async function admin<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: BASE_URL });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

async function dropDatabase(name: string) {
  await admin(async (c) => {
    // pg's Pool#end resolves before its sockets close: let the backends go before dropping.
    for (let i = 0; i < 50; i += 1) {
      const { rows } = await c.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1',
        [name],
      );
      if (rows[0]!.n === 0) break;
      await new Promise((r) => setTimeout(r, 20));
    }
    await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  });
}

/**
 * A new database with the API's migrations run, given to `fn` as the API's data source and its
 * URL; dropped afterwards, whatever `fn` did. `fn` closes what it opened on it first.
 */
export async function withBenchDatabase<T>(
  api: ApiBuild,
  fn: (db: ApiDataSource, databaseUrl: string) => Promise<T>,
): Promise<T> {
  const name = `slotwise_bench_${randomBytes(6).toString('hex')}`;
  await admin((c) => c.query(`CREATE DATABASE ${name}`));
  const url = new URL(BASE_URL);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();
  let db: ApiDataSource | undefined;
  try {
    db = api.createDataSource(databaseUrl);
    await db.initialize();
    await db.runMigrations({ transaction: 'each' });
    return await fn(db, databaseUrl);
  } finally {
    if (db?.isInitialized) await db.destroy();
    await dropDatabase(name);
  }
}
