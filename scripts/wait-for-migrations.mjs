// Waits until the database has every migration this build ships, then exits 0: the init container
// of the API and worker pods on Kubernetes (deploy/k8s), so a release's code never runs on the
// schema before it while the migration Job applies it. It only reads: the Job alone migrates.
// `node scripts/wait-for-migrations.mjs` with the API's environment (DATABASE_URL);
// MIGRATIONS_WAIT_SECONDS (default 600) before it gives up with exit code 1.
import pg from 'pg';
import { loadConfig } from '../services/api/dist/core/config/app-config.js';
import { MIGRATIONS_TABLE_NAME } from '../services/api/dist/core/database/data-source-options.js';
import { MIGRATIONS } from '../services/api/dist/core/database/migrations.js';

const POLL_MS = 2000;

/** The migrations of this build that the database has not recorded yet. */
async function pendingMigrations(databaseUrl) {
  // TypeORM's own key: the migration's `name` (the class name when it sets none).
  const expected = MIGRATIONS.map((Migration) => new Migration().name ?? Migration.name);
  const client = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 5000 });
  await client.connect();
  try {
    const { rows } = await client.query(`SELECT name FROM ${MIGRATIONS_TABLE_NAME}`);
    const applied = new Set(rows.map((row) => row.name));
    return expected.filter((name) => !applied.has(name));
  } catch (error) {
    // No migrations table yet: nothing is applied.
    if (error?.code === '42P01') return expected;
    throw error;
  } finally {
    await client.end().catch(() => {});
  }
}

async function main() {
  const { DATABASE_URL } = loadConfig();
  const waitMs = Number(process.env.MIGRATIONS_WAIT_SECONDS ?? 600) * 1000;
  const deadline = Date.now() + waitMs;
  let said = '';
  for (;;) {
    let state;
    try {
      const pending = await pendingMigrations(DATABASE_URL);
      if (pending.length === 0) {
        console.info(`Database schema has all ${MIGRATIONS.length} migrations of this build`);
        return 0;
      }
      state = `waiting for ${pending.length} migration(s): ${pending.join(', ')}`;
    } catch (error) {
      state = `waiting for PostgreSQL (${error?.code ?? error?.message ?? error})`;
    }
    if (state !== said) console.info(state);
    said = state;
    if (Date.now() >= deadline) {
      console.error(`Gave up after ${waitMs / 1000} s: ${state}`);
      return 1;
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

process.exit(
  await main().catch((error) => {
    console.error(error?.message ?? error);
    return 1;
  }),
);
