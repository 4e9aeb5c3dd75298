import { randomBytes } from 'node:crypto';
import type { LoggerService } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { InjectOptions, LightMyRequestResponse as InjectResponse } from 'fastify';
import pg from 'pg';
import type { DataSource } from 'typeorm';
import { createApp } from '../../src/app.factory.js';
import { FixedClock } from '../../src/core/clock/clock.js';
import { loadConfig } from '../../src/core/config/app-config.js';
import { createDataSource } from '../../src/database.js';

const BASE_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** Monday 4 January 2027, 11:00 AM in Sydney: tests never depend on today's date. */
export const TEST_NOW = '2027-01-04T00:00:00Z';

export interface TestContext {
  app: NestFastifyApplication;
  /** A second connection, for fixtures and for checking what the API wrote. */
  db: DataSource;
  clock: FixedClock;
  databaseUrl: string;
  request(options: InjectOptions): Promise<InjectResponse>;
  get(url: string): Promise<InjectResponse>;
  post(url: string, payload: unknown): Promise<InjectResponse>;
  /**
   * Another API instance, as a second process would be: its own Nest app, connection pool and
   * Redis clients, with the same configuration (JWT secret included, so each accepts the other's
   * tokens), database and clock. Closed by close().
   */
  secondApp(): Promise<NestFastifyApplication>;
  close(): Promise<void>;
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

/**
 * A throwaway database per test file: created empty, migrated with the real migrations, the app
 * booted once against it, and everything dropped in close().
 */
export interface TestContextOptions {
  now?: string;
  /** Nest log levels; errors only by default, [] when a test provokes errors on purpose. */
  logLevels?: ('log' | 'warn' | 'error')[];
  /** A logger to capture what the app logs (replaces `logLevels`). */
  logger?: LoggerService;
  /** Environment for the app, on top of the test defaults (development mailbox on, high limits). */
  env?: Record<string, string>;
  /** The app's DATABASE_URL from the test database's (e.g. through a proxy); `db` connects directly. */
  appDatabaseUrl?: (databaseUrl: string) => string;
}

export async function createTestContext(options: TestContextOptions = {}): Promise<TestContext> {
  const {
    now = TEST_NOW,
    logLevels = ['error'],
    env = {},
    appDatabaseUrl = (u) => u,
    logger,
  } = options;
  const name = `slotwise_test_${randomBytes(6).toString('hex')}`;
  await admin((c) => c.query(`CREATE DATABASE ${name}`));
  const url = new URL(BASE_URL);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();

  const db = createDataSource(databaseUrl);
  await db.initialize();
  await db.runMigrations({ transaction: 'each' });

  const clock = new FixedClock(now);
  const config = loadConfig({
    DATABASE_URL: appDatabaseUrl(databaseUrl),
    PORT: '0',
    HOST: '127.0.0.1',
    NODE_ENV: 'test',
    JWT_SECRET: randomBytes(32).toString('hex'),
    DEV_OUTBOX: 'true',
    // Files sign in and book many times from one IP; the rate-limit tests set their own limits.
    AUTH_RATE_LIMIT: '1000',
    AUTH_IP_RATE_LIMIT: '100000',
    BOOKING_RATE_LIMIT_PER_IP: '100000',
    BOOKING_RATE_LIMIT_PER_PHONE: '100000',
    SELF_SERVICE_RATE_LIMIT_PER_IP: '100000',
    ...env,
  });
  const boot = () =>
    createApp({ config, clock, logger: logger ?? (logLevels.length ? logLevels : false) });
  const app = await boot();
  const others: NestFastifyApplication[] = [];
  const fastify = app.getHttpAdapter().getInstance();

  const request = (options: InjectOptions) => fastify.inject(options);
  return {
    app,
    db,
    clock,
    databaseUrl,
    request,
    get: (u) => request({ method: 'GET', url: u }),
    post: (u, payload) =>
      request({
        method: 'POST',
        url: u,
        payload: JSON.stringify(payload),
        headers: { 'content-type': 'application/json' },
      }),
    async secondApp() {
      const other = await boot();
      others.push(other);
      return other;
    },
    async close() {
      for (const other of others) await other.close().catch(() => undefined);
      await app.close().catch(() => undefined);
      if (db.isInitialized) await db.destroy();
      await admin(async (c) => {
        // pg's Pool#end resolves before its sockets close; let the backends go before dropping,
        // so FORCE has nothing to kill (and no pool reports the killed connections).
        for (let i = 0; i < 50; i += 1) {
          const { rows } = await c.query(
            'SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1',
            [name],
          );
          if (rows[0].n === 0) break;
          await new Promise((r) => setTimeout(r, 20));
        }
        await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      });
    },
  };
}
