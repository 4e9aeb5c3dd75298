// `npm start`: the whole product at http://localhost:8080 on a fresh clone, with nothing to set up.
// Installs what is missing, builds every project, starts PostgreSQL (embedded unless DATABASE_URL
// is set), migrates, seeds the demo businesses (idempotent), then runs the API and the gateway.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';
import {
  StartupError,
  ensureDatabase,
  ensureInstalled,
  ensurePortsFree,
  root,
  run,
  supervise,
  waitForHttp,
} from './lib.mjs';

const port = Number(process.env.PORT ?? 8080);
const apiPort = Number(process.env.API_PORT ?? 3000);

// Any start-up failure ends in a short message saying what to do, not a stack trace
// (SLOTWISE_DEBUG=1 shows it). What was started so far is stopped.
const cleanups = [];
async function fail(error) {
  if (process.env.SLOTWISE_DEBUG) console.error(error);
  const hint =
    error instanceof StartupError
      ? ''
      : error?.code === 'EACCES'
        ? '\nA file or folder cannot be reached by the user that needs it (as root, PostgreSQL runs as\n' +
          'the postgres user). Set DATABASE_URL to a PostgreSQL server of your own, or clone into a\n' +
          'folder other users can enter.'
        : '\nSLOTWISE_DEBUG=1 npm start shows the details.';
  console.error(`\nnpm start failed: ${error?.message ?? error}${hint}`);
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
  process.exit(1);
}
process.on('uncaughtException', fail);
process.on('unhandledRejection', fail);

// The API and the gateway listen where start-up would put them (the gateway on HOST, else all).
await ensurePortsFree([
  { name: 'API_PORT', port: apiPort, host: '127.0.0.1' },
  { name: 'PORT', port, host: process.env.HOST ?? '0.0.0.0' },
]);
ensureInstalled();
// SLOTWISE_SKIP_BUILD=true runs the builds already made (the browser tests build beforehand).
if (process.env.SLOTWISE_SKIP_BUILD !== 'true') {
  console.info('Building (cached by Nx)...');
  run('npx', ['nx', 'run-many', '-t', 'build', '--output-style=static'], {
    env: { NX_DAEMON: 'false' },
  });
}

/** A signing secret kept in .data/, so sign-ins survive a restart of `npm start`. */
function localJwtSecret() {
  const file = join(root, '.data/jwt-secret');
  if (!existsSync(file)) {
    mkdirSync(join(root, '.data'), { recursive: true });
    writeFileSync(file, randomBytes(32).toString('hex'), { mode: 0o600 });
  }
  return readFileSync(file, 'utf8').trim();
}

/**
 * Redis for the delivery worker's queue: REDIS_URL, else the machine's on 6379, else a
 * `redis-server` child keeping nothing on disk (the outbox in PostgreSQL is the record), else none.
 */
async function ensureRedis() {
  if (process.env.REDIS_URL) return { url: process.env.REDIS_URL, child: null };
  const local = 'redis://127.0.0.1:6379';
  const answers = () =>
    new Promise((resolve) => {
      const socket = connect(6379, '127.0.0.1');
      socket.once('connect', () => (socket.end(), resolve(true)));
      socket.once('error', () => resolve(false));
    });
  if (await answers()) return { url: local, child: null };
  if (spawnSync('redis-server', ['--version']).status !== 0) return { url: null, child: null };
  console.info('Starting redis-server on 127.0.0.1:6379 (nothing kept on disk)...');
  const args = ['--port', '6379', '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'];
  const child = spawn('redis-server', args, { stdio: 'ignore' });
  for (let i = 0; i < 50 && !(await answers()); i += 1)
    await new Promise((r) => setTimeout(r, 100));
  return { url: local, child };
}

/** PostgreSQL answers at `url`, or start-up stops saying where it looked. */
async function checkDatabase(url) {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 10_000 });
  try {
    await client.connect();
  } catch (error) {
    const { hostname, port: pgPort } = new URL(url);
    throw new StartupError(
      `PostgreSQL does not answer at ${hostname}:${pgPort || 5432} (${error.code ?? error.message}).\n` +
        'Start it, or fix DATABASE_URL (unset it to use the embedded PostgreSQL).',
    );
  } finally {
    await client.end().catch(() => {});
  }
}

const db = await ensureDatabase().catch((error) => {
  if (error instanceof StartupError) throw error;
  throw new StartupError(
    `the embedded PostgreSQL did not start (${error?.message ?? error}).\n` +
      'Set DATABASE_URL to a PostgreSQL server of your own, or remove .data/postgres for a fresh one.',
  );
});
cleanups.push(() => db.stop());
await checkDatabase(db.url);
const redis = await ensureRedis();
cleanups.push(async () => redis.child?.kill('SIGTERM'));
const apiEnv = {
  DATABASE_URL: db.url,
  PORT: String(apiPort),
  HOST: '127.0.0.1',
  PUBLIC_URL: process.env.PUBLIC_URL ?? `http://localhost:${port}`,
  JWT_SECRET: process.env.JWT_SECRET ?? localJwtSecret(),
  // A local install has no mail or SMS provider: the development mailbox shows what was sent.
  DEV_OUTBOX: process.env.DEV_OUTBOX ?? 'true',
  // Webhook endpoints on this machine (a local receiver over http) are allowed for development.
  WEBHOOKS_ALLOW_LOOPBACK: process.env.WEBHOOKS_ALLOW_LOOPBACK ?? 'true',
  ...(redis.url ? { REDIS_URL: redis.url } : {}),
  // The gateway on this machine is the API's proxy: its X-Forwarded-For names the client.
  TRUST_PROXY: process.env.TRUST_PROXY ?? 'loopback',
};
run('node', ['services/api/dist/cli/migrate.js'], { env: apiEnv });
run('node', ['services/api/dist/cli/seed.js'], { env: apiEnv });

// Each process is restarted when it crashes (with a growing pause), while the others keep serving.
const children = [supervise('api', 'node', ['services/api/dist/main.js'], apiEnv)];
cleanups.push(() => Promise.all(children.map((c) => c.stop())));
await waitForHttp(`http://127.0.0.1:${apiPort}/api/health`);
children.push(
  supervise('web', 'node', ['services/gateway/dist/main.js'], {
    PORT: String(port),
    API_UPSTREAM: `http://127.0.0.1:${apiPort}`,
  }),
);
await waitForHttp(`http://127.0.0.1:${port}/`);
// The delivery worker (same code and environment as the API) sends what the outbox holds.
if (redis.url) children.push(supervise('worker', 'node', ['services/api/dist/worker.js'], apiEnv));
console.info(`\nSlotwise is running at http://localhost:${port}  (Ctrl+C to stop)\n`);
if (!redis.url) {
  console.info(
    'Messages are not delivered: no Redis (REDIS_URL unset, nothing on 127.0.0.1:6379 and no\n' +
      `redis-server installed), so the worker is not running. Messages stay in the outbox, readable at\n` +
      `http://localhost:${port}/dev/outbox, and go out once Redis is available and npm start runs again.\n`,
  );
} else if (!process.env.SMTP_URL || !process.env.TWILIO_ACCOUNT_SID) {
  console.info(
    'Without SMTP_URL or TWILIO_ACCOUNT_SID/TWILIO_AUTH_TOKEN/TWILIO_FROM_NUMBER, email or SMS is not\n' +
      `sent: such messages are kept with their text as "not sent: no provider configured" at\n` +
      `http://localhost:${port}/dev/outbox.\n`,
  );
}
// Billing is optional (all else runs without Stripe keys): say when upgrades cannot be paid for.
if (
  !['STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY', 'STRIPE_PRICE_ID'].every((k) => process.env[k])
) {
  console.info(
    'Payments are not configured (no Stripe keys): /subscribe shows "Unable to Process Payment".\n' +
      'Set STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY, STRIPE_PRICE_ID and STRIPE_WEBHOOK_SECRET to take them.\n',
  );
}

let stopping = false;
async function shutdown(code = 0) {
  if (stopping) return;
  stopping = true;
  await Promise.all(children.map((c) => c.stop()));
  redis.child?.kill('SIGTERM');
  await db.stop().catch(() => {});
  process.exit(code);
}
process.on('SIGINT', () => shutdown(0));
process.on('SIGTERM', () => shutdown(0));
