// Boots the real product for browser tests and benchmarks: a fresh PostgreSQL database (migrated
// and seeded by the API's own CLI), the API as a child process, and the gateway in-process.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { writeFileSync, mkdtempSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { chromium, type Browser } from 'playwright-core';
import {
  type GatewayOptions,
  createGateway,
  defaultDirs,
  defaultRemotesConfig,
} from '@slotwise/gateway';
import { root, waitForHttp } from '../../scripts/lib.mjs';

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
}

export async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  server.close();
  return port;
}

const adminUrl = () =>
  process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

async function admin(sql: string) {
  const client = new pg.Client(adminUrl());
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** Databases of earlier runs whose test process is gone (killed before it could clean up). */
export async function dropAbandonedDatabases() {
  const client = new pg.Client(adminUrl());
  await client.connect();
  try {
    const { rows } = await client.query<{ datname: string }>(
      "SELECT datname FROM pg_database WHERE datname LIKE 'slotwise\\_e2e\\_%'",
    );
    for (const { datname } of rows) {
      const pid = Number(datname.split('_')[2]);
      if (pid === process.pid || isAlive(pid)) continue;
      await client.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
    }
  } finally {
    await client.end();
  }
}

function isAlive(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

export interface StackOptions {
  /** remotes.json contents (defaults to the gateway's own /remotes/<name>/ folders). */
  remotesConfig?: Record<string, string>;
  /** Stripe settings for the API, e.g. the fake Stripe's `env()` (fake-stripe.mts). */
  stripe?: Record<string, string>;
  /** Extra environment for the API (and the worker). */
  env?: Record<string, string>;
  /** Also run the delivery worker, with the API's environment plus `worker.env`. */
  worker?: boolean | { env?: Record<string, string> };
  /** The remotes' build folders, by name (default apps/<name>-mfe/dist). */
  remoteDirs?: Record<string, string>;
  /** The gateway's server rendering (off unless a test passes options; the product's default is on). */
  serverRender?: GatewayOptions['serverRender'];
}

export interface Stack {
  baseUrl: string;
  apiUrl: string;
  dbUrl: string;
  /** Rewrites remotes.json (over the gateway's defaults). */
  setRemotes(config: Record<string, string>): void;
  worker: Worker;
  stop(): Promise<void>;
}

/**
 * remotesConfig: rewrite it later with `setRemotes`. worker: also run the delivery worker
 * (services/api/dist/worker.js); `stack.worker` stops (any signal, SIGKILL included) and starts it
 * again.
 */
export async function startStack(options: StackOptions = {}): Promise<Stack> {
  await dropAbandonedDatabases();
  const dbName = `slotwise_e2e_${process.pid}_${Date.now()}`;
  await admin(`CREATE DATABASE ${dbName}`);
  const dbUrl = new URL(adminUrl());
  dbUrl.pathname = `/${dbName}`;

  const apiPort = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATABASE_URL: dbUrl.toString(),
    PORT: String(apiPort),
    HOST: '127.0.0.1',
    // The development mailbox lets browser tests read verification links (never on by default).
    DEV_OUTBOX: 'true',
    JWT_SECRET: 'browser-tests-only-secret-0123456789abcdef',
    // Browser tests' webhook receivers listen on loopback over http.
    WEBHOOKS_ALLOW_LOOPBACK: 'true',
    REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
    // Every browser test books and signs in from 127.0.0.1, sharing Redis counts across files.
    AUTH_IP_RATE_LIMIT: '100000',
    BOOKING_RATE_LIMIT_PER_IP: '100000',
    BOOKING_RATE_LIMIT_PER_PHONE: '100000',
    SELF_SERVICE_RATE_LIMIT_PER_IP: '100000',
    ...options.stripe,
    ...options.env,
  };
  for (const cli of ['migrate', 'seed']) {
    const r = spawnSync('node', [`services/api/dist/cli/${cli}.js`], {
      cwd: root,
      env,
      encoding: 'utf8',
    });
    if (r.status !== 0) throw new Error(`${cli} failed: ${r.stderr || r.stdout}`);
  }
  const api = spawn('node', ['services/api/dist/main.js'], {
    cwd: root,
    env,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  // The API must not outlive this test process, however the process ends.
  const killApi = () => api.kill('SIGTERM');
  process.once('exit', killApi);
  let apiErr = '';
  api.stderr.on('data', (c) => (apiErr += c));
  await waitForHttp(`http://127.0.0.1:${apiPort}/api/health`, 30_000).catch((e: Error) => {
    killApi();
    throw new Error(`${e.message}\n${apiErr}`);
  });

  const worker = workerProcess({
    ...env,
    ...(typeof options.worker === 'object' ? options.worker.env : {}),
  });
  if (options.worker) await worker.start();

  const dir = mkdtempSync(join(tmpdir(), 'slotwise-remotes-'));
  const remotesConfigFile = join(dir, 'remotes.json');
  const setRemotes = (config: Record<string, string>) =>
    writeFileSync(remotesConfigFile, JSON.stringify({ ...defaultRemotesConfig(), ...config }));
  setRemotes(options.remotesConfig ?? {});
  const gateway = await createGateway({
    apiUpstream: `http://127.0.0.1:${apiPort}`,
    remotesConfigFile,
    // Server rendering only where a test asks for it (server-render, security-headers): on a
    // server-rendered page a click before hydration is lost, and the other tests click at once.
    serverRender: options.serverRender ?? false,
    ...(options.remoteDirs
      ? { remoteDirs: { ...defaultDirs().remoteDirs, ...options.remoteDirs } }
      : {}),
  });
  await gateway.listen({ port: 0, host: '127.0.0.1' });
  const { port } = gateway.server.address() as AddressInfo;

  return {
    baseUrl: `http://127.0.0.1:${port}`,
    apiUrl: `http://127.0.0.1:${apiPort}`,
    dbUrl: dbUrl.toString(),
    setRemotes,
    worker,
    async stop() {
      await worker.stop();
      await gateway.close();
      process.off('exit', killApi);
      if (api.exitCode === null && api.signalCode === null) {
        killApi();
        await once(api, 'exit');
      }
      await admin(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    },
  };
}

/**
 * The delivery worker as a child process. `start(env)` resolves once it runs (its start-up log);
 * `stop(signal)` resolves once it has exited (SIGKILL: no graceful shutdown, as in a crash).
 */
export interface Worker {
  readonly running: boolean;
  /** Everything the worker printed, across restarts. */
  readonly output: string;
  start(env?: Record<string, string>): Promise<void>;
  stop(signal?: NodeJS.Signals): Promise<void>;
}

export function workerProcess(baseEnv: NodeJS.ProcessEnv): Worker {
  let child: ChildProcess | null = null;
  let output = '';
  const killOnExit = () => child?.kill('SIGKILL');
  return {
    get running() {
      return !!child && child.exitCode === null && child.signalCode === null;
    },
    get output() {
      return output;
    },
    async start(env = {}) {
      if (this.running) throw new Error('the worker is already running');
      const proc = spawn('node', ['services/api/dist/worker.js'], {
        cwd: root,
        env: { ...baseEnv, ...env },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      child = proc;
      process.once('exit', killOnExit);
      const from = output.length;
      await new Promise<void>((resolve, reject) => {
        const onData = (chunk: Buffer) => {
          output += chunk;
          if (output.slice(from).includes('Slotwise worker delivering the outbox')) resolve();
        };
        proc.stdout.on('data', onData);
        proc.stderr.on('data', onData);
        proc.once('exit', (code) => reject(new Error(`worker exited (${code}):\n${output}`)));
      });
    },
    async stop(signal = 'SIGTERM') {
      const proc = child;
      if (!proc || proc.exitCode !== null || proc.signalCode !== null) return;
      const exited = once(proc, 'exit');
      proc.kill(signal);
      // Never leave a worker behind: one that does not stop within 15 s is killed.
      const timer = setTimeout(() => proc.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(timer);
      process.off('exit', killOnExit);
    },
  };
}
