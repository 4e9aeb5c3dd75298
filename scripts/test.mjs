// `npm test`: everything — formatting, lint, typecheck, unit and API integration tests (Nx, cached),
// then the browser tests (the Nx `e2e` target) in Debian's Chromium against the real built product.
import { existsSync } from 'node:fs';
import { connect } from 'node:net';
import { ensureDatabase, ensureInstalled, root, run } from './lib.mjs';
import { join } from 'node:path';

ensureInstalled();

const reachable = (port) =>
  new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => (socket.end(), resolve(true)));
    socket.once('error', () => resolve(false));
  });

// Tests need a real PostgreSQL server: the machine's one, or an embedded one as a fallback.
let stopDb = async () => {};
if (!process.env.TEST_DATABASE_URL && !(await reachable(5432))) {
  console.info('No PostgreSQL on 127.0.0.1:5432: starting an embedded one for the tests.');
  const db = await ensureDatabase({
    dataDir: join(root, '.data/test-postgres'),
    port: 54330,
    database: 'postgres',
  });
  process.env.TEST_DATABASE_URL = db.url;
  stopDb = db.stop;
}

// Rate limits are shared through Redis; the tests use the machine's server on 6379.
if (!process.env.TEST_REDIS_URL && !(await reachable(6379))) {
  console.info('No Redis on 127.0.0.1:6379: starting one (redis-server, nothing kept on disk).');
  run('redis-server', [
    '--daemonize',
    'yes',
    '--bind',
    '127.0.0.1',
    '--port',
    '6379',
    '--save',
    '',
    '--appendonly',
    'no',
  ]);
}

if (!existsSync(process.env.CHROMIUM_PATH ?? '/usr/bin/chromium')) {
  console.info("Chromium is missing: installing Debian's chromium package.");
  run('sh', ['-c', 'apt-get update -qq && apt-get install -y -qq chromium']);
}

const env = { NX_DAEMON: 'false' };
let failed = false;
try {
  run('npx', ['prettier', '--check', '.'], { env });
  run('npx', ['eslint', 'scripts', 'tests', 'bench'], { env });
  // The repetition budget: a new copy of a block of code fails here.
  run('node', ['scripts/duplicates.mjs'], { env });
  const nxArgs = ['nx', 'run-many', '-t', 'lint', 'typecheck', 'build', 'test', 'integration'];
  // CI proves the submission from scratch: a cache hit would skip tests that talk to PostgreSQL.
  if (process.env.CI) nxArgs.push('--skip-nx-cache');
  run('npx', [...nxArgs, '--output-style=static'], { env });
  // Never cached; its builds were just made (or come from the cache) above.
  run('npx', ['nx', 'run', '@slotwise/e2e:e2e', '--output-style=stream-without-prefixes'], { env });
} catch (e) {
  console.error(e.message);
  failed = true;
} finally {
  await stopDb();
}
process.exit(failed ? 1 : 0);
