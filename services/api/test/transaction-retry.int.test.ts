import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EntityManager } from 'typeorm';
import {
  PG_DEADLOCK_DETECTED,
  transactionRetryingDeadlocks,
} from '../src/core/database/transaction.js';
import { createTestContext, type TestContext } from './support/test-app.js';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
  await ctx.db.query('CREATE TABLE deadlock_probe (id int PRIMARY KEY, touched int NOT NULL)');
  await ctx.db.query('INSERT INTO deadlock_probe VALUES (1, 0), (2, 0)');
});

afterAll(async () => {
  await ctx?.db.query('DROP TABLE IF EXISTS deadlock_probe');
  await ctx?.close();
});

/**
 * Two transactions that each lock one row, wait until the other holds its row, then want the
 * other's: a deadlock every time, which PostgreSQL breaks by aborting one of them. A retry takes
 * the rows in the survivor's order, so it queues behind the survivor instead of possibly winning
 * the released row first and crossing it again (a second deadlock, which made the count of tries
 * vary from run to run).
 */
function crossedLocks() {
  let calls = 0;
  let arrived = 0;
  let release!: () => void;
  const bothLocked = new Promise<void>((resolve) => (release = resolve));
  const work = (first: number, second: number) => {
    let tries = 0;
    return async (em: EntityManager) => {
      calls++;
      const order = ++tries === 1 ? [first, second] : [second, first];
      await em.query('UPDATE deadlock_probe SET touched = touched + 1 WHERE id = $1', [order[0]]);
      if (tries === 1 && ++arrived === 2) release();
      await bothLocked;
      await em.query('UPDATE deadlock_probe SET touched = touched + 1 WHERE id = $1', [order[1]]);
    };
  };
  return { calls: () => calls, oneThenTwo: work(1, 2), twoThenOne: work(2, 1) };
}

async function touched(): Promise<number[]> {
  const rows: { touched: number }[] = await ctx.db.query(
    'SELECT touched FROM deadlock_probe ORDER BY id',
  );
  return rows.map((r) => r.touched);
}

describe('transactionRetryingDeadlocks', () => {
  it('a plain transaction loses a deadlock with 40P01 (the failure being guarded against)', async () => {
    await ctx.db.query('UPDATE deadlock_probe SET touched = 0');
    const locks = crossedLocks();
    const results = await Promise.allSettled([
      ctx.db.transaction(locks.oneThenTwo),
      ctx.db.transaction(locks.twoThenOne),
    ]);
    const failed = results.filter((r) => r.status === 'rejected');
    expect(failed).toHaveLength(1);
    expect((failed[0] as PromiseRejectedResult).reason).toMatchObject({
      driverError: { code: PG_DEADLOCK_DETECTED },
    });
    expect(await touched()).toEqual([1, 1]);
  });

  it('runs the aborted transaction again, so both complete once', async () => {
    await ctx.db.query('UPDATE deadlock_probe SET touched = 0');
    const locks = crossedLocks();
    await Promise.all([
      transactionRetryingDeadlocks(ctx.db, locks.oneThenTwo),
      transactionRetryingDeadlocks(ctx.db, locks.twoThenOne),
    ]);
    expect(locks.calls()).toBe(3);
    // Each row touched once by each transaction: the aborted try left nothing behind.
    expect(await touched()).toEqual([2, 2]);
  });

  it('does not retry other failures', async () => {
    let calls = 0;
    await expect(
      transactionRetryingDeadlocks(ctx.db, async (em) => {
        calls++;
        await em.query('INSERT INTO deadlock_probe VALUES (1, 0)');
      }),
    ).rejects.toMatchObject({ driverError: { code: '23505' } });
    expect(calls).toBe(1);
  });
});
