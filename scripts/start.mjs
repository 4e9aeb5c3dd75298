// `npm start`: the whole product at http://localhost:8080 on a fresh clone, with nothing to set up.
// Installs what is missing, builds every project, starts PostgreSQL (embedded unless DATABASE_URL
// is set), migrates, seeds the demo businesses (idempotent), then runs the API and the gateway.
import { ensureDatabase, ensureInstalled, run, startChild, waitForHttp } from './lib.mjs';

const port = Number(process.env.PORT ?? 8080);
const apiPort = Number(process.env.API_PORT ?? 3000);

ensureInstalled();
console.info('Building (cached by Nx)...');
run('npx', ['nx', 'run-many', '-t', 'build', '--output-style=static'], {
  env: { NX_DAEMON: 'false' },
});

const db = await ensureDatabase();
const apiEnv = {
  DATABASE_URL: db.url,
  PORT: String(apiPort),
  HOST: '127.0.0.1',
  PUBLIC_URL: `http://localhost:${port}`,
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
console.info(`\nSlotwise is running at http://localhost:${port}  (Ctrl+C to stop)\n`);

let stopping = false;
async function shutdown(code = 0) {
  if (stopping) return;
  stopping = true;
  for (const c of children) c.kill('SIGTERM');
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
