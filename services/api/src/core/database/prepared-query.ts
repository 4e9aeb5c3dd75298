import type pg from 'pg';
import { type EntityManager, QueryRunnerAlreadyReleasedError } from 'typeorm';
import { SqlParams } from './sql-params.js';

/**
 * Runs `text` as a named prepared statement on `em`'s connection (its transaction's, or one from
 * the pool for the time of the query, as `EntityManager#query` does): PostgreSQL parses it once
 * per connection and, once a generic plan serves, stops planning it on every call. For the hot
 * public reads, where that costs more than running the query. `name` always goes with the same
 * `text`. Needs a session of its own per connection (no transaction-mode pooler: docs/deploy.md).
 */
export async function preparedQuery<Row>(
  em: EntityManager,
  name: string,
  text: string,
  values: unknown[],
): Promise<Row[]> {
  const runner = em.queryRunner ?? em.connection.createQueryRunner();
  if (runner.isReleased) throw new QueryRunnerAlreadyReleasedError();
  try {
    // A PostgreSQL query runner's connection is node-postgres' client.
    const client = (await runner.connect()) as pg.PoolClient;
    const result = await client.query<Row & pg.QueryResultRow>({ name, text, values });
    return result.rows;
  } finally {
    if (!em.queryRunner) await runner.release();
  }
}

/**
 * Runs modules' `…Sql` parts, each a scalar subquery answering one value, as one prepared
 * statement (`SELECT (a), (b)…`: one round trip), and answers their values in the order given.
 */
export async function preparedValues(
  em: EntityManager,
  name: string,
  parts: (p: SqlParams) => string[],
): Promise<unknown[]> {
  const p = new SqlParams();
  const columns = parts(p);
  const [row] = await preparedQuery<Record<string, unknown>>(
    em,
    name,
    `SELECT ${columns.map((sql, i) => `${sql} AS v${i}`).join(', ')}`,
    p.values,
  );
  return columns.map((_, i) => row![`v${i}`]);
}
