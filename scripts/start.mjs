// `npm start`: the whole product at http://localhost:8080 on a fresh clone, with nothing to set up.
// Installs what is missing, builds every project, starts PostgreSQL (embedded unless DATABASE_URL
// is set), migrates, seeds the demo businesses (idempotent), then runs the API and the gateway.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';
import { ensureDatabase, ensureInstalled, root, run, startChild, waitForHttp } from './lib.mjs';

const port = Number(process.env.PORT ?? 8080);
const apiPort = Number(process.env.API_PORT ?? 3000);

ensureInstalled();
console.info('Building (cached by Nx)...');
run('npx', ['nx', 'run-many', '-t', 'build', '--output-style=static'], {
  env: { NX_DAEMON: 'false' },
});

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

const db = await ensureDatabase();
const redis = await ensureRedis();
const apiEnv = {
  DATABASE_URL: db.url,
  PORT: String(apiPort),
  HOST: '127.0.0.1',
  PUBLIC_URL: process.env.PUBLIC_URL ?? `http://localhost:${port}`,
  JWT_SECRET: process.env.JWT_SECRET ?? localJwtSecret(),
  // A local install has no mail or SMS provider: the development mailbox shows what was sent.
  DEV_OUTBOX: process.env.DEV_OUTBOX ?? 'true',
  ...(redis.url ? { REDIS_URL: redis.url } : {}),
};
run('node', ['services/api/dist/cli/migrate.js'], { env: apiEnv });
run('node', ['services/api/dist/cli/seed.js'], { env: apiEnv });

const children = [startChild('api', 'node', ['services/api/dist/main.js'], apiEnv)];
await waitForHttp(`http://127.0.0.1:${apiPort}/api/health`);
children.push(
  startChild('web', 'node', ['scripts/serve.mjs'], {
    PORT: String(port),
    API_UPSTREAM: `http://127.0.0.1:${apiPort}`,
  }),
);
await waitForHttp(`http://127.0.0.1:${port}/`);
// The delivery worker (same code and environment as the API) sends what the outbox holds.
if (redis.url) children.push(startChild('worker', 'node', ['services/api/dist/worker.js'], apiEnv));
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
  for (const c of children) c.kill('SIGTERM');
  redis.child?.kill('SIGTERM');
  await db.stop().catch(() => {});
  process.exit(code);
}
for (const c of children)
  c.on(
    'exit',
    (code) => !stopping && (console.error(`A process exited (${code}); stopping.`), shutdown(1)),
  );
process.on('SIGINT', () => shutdown(0));
process.on('SIGTERM', () => shutdown(0));
