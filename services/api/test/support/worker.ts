import { randomBytes } from 'node:crypto';
import type { INestApplicationContext } from '@nestjs/common';
import type { DataSource } from 'typeorm';
import { loadConfig } from '../../src/core/config/app-config.js';
import { createWorker } from '../../src/worker.factory.js';
import type { TestContext } from './test-app.js';
import type { OutboxRow } from '../../src/modules/outbox/services/outbox-row.js';

export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/**
 * The real delivery worker (relay, BullMQ, providers) in this process, against the test file's
 * database and the real Redis, with a queue prefix of its own so parallel files never share jobs.
 * Close it with `worker.close()` (it closes its Redis connections).
 */
export async function startTestWorker(
  ctx: Pick<TestContext, 'databaseUrl' | 'clock'>,
  env: Record<string, string> = {},
  logLevels: ('log' | 'warn' | 'error')[] = ['error'],
): Promise<INestApplicationContext> {
  return createWorker({
    config: loadConfig({
      DATABASE_URL: ctx.databaseUrl,
      NODE_ENV: 'test',
      REDIS_URL: TEST_REDIS_URL,
      QUEUE_PREFIX: `test-${randomBytes(6).toString('hex')}`,
      OUTBOX_RELAY_INTERVAL_MS: '50',
      OUTBOX_BACKOFF_MS: '50',
      ...env,
    }),
    clock: ctx.clock,
    logger: logLevels.length ? logLevels : false,
  });
}

export async function outboxRows(db: DataSource, where = 'true'): Promise<OutboxRow[]> {
  return db.query(`SELECT * FROM outbox WHERE ${where} ORDER BY id`);
}

/** Polls until `check` returns a value other than undefined/false, or fails after `timeoutMs`. */
export async function eventually<T>(
  check: () => Promise<T | undefined | false>,
  timeoutMs = 10_000,
  what = 'condition',
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      const value = await check();
      if (value !== undefined && value !== false) return value;
    } catch (error) {
      last = error;
    }
    if (Date.now() > deadline) {
      throw new Error(`Timed out waiting for ${what}${last ? `: ${String(last)}` : ''}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Waits until no row of `ids` (or none at all) is in a transient state. */
export async function settled(db: DataSource, timeoutMs = 10_000): Promise<OutboxRow[]> {
  return eventually(
    async () => {
      const rows = await outboxRows(db);
      return rows.every((r) => !['pending', 'queued', 'sending'].includes(r.status)) && rows;
    },
    timeoutMs,
    'the outbox to settle',
  );
}
