// `npm start` with a port it needs already taken: it says which port and what to set, and starts
// nothing (no install, no build, no database), instead of restarting the API for ever while the
// gateway proxies /api to the other program.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { type Server, createServer } from 'node:net';
import { join, resolve } from 'node:path';
import { freePort } from '../support/stack.js';
import { portInUse } from '../../scripts/lib.mjs';

const root = resolve(import.meta.dirname, '../..');

/** scripts/start.mjs with `env`: its exit code and output (killed after 30 s). */
async function start(env: Record<string, string>) {
  const child = spawn('node', [join(root, 'scripts/start.mjs')], {
    cwd: root,
    // Were the check missing, start-up would fail at once on this database, not start one.
    env: {
      ...process.env,
      SLOTWISE_SKIP_BUILD: 'true',
      DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (c) => (output += c));
  child.stderr.on('data', (c) => (output += c));
  const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
  const [code] = (await once(child, 'exit')) as [number | null];
  clearTimeout(timer);
  return { code, output };
}

let busy: Server;
let busyPort: number;
before(async () => {
  busy = createServer();
  busy.listen(0, '0.0.0.0');
  await once(busy, 'listening');
  busyPort = (busy.address() as { port: number }).port;
});
after(() => busy.close());

describe('npm start with a busy port', () => {
  it('says the API port is taken and what to set, and starts nothing', async () => {
    const { code, output } = await start({
      API_PORT: String(busyPort),
      PORT: String(await freePort()),
    });
    assert.equal(code, 1);
    assert.match(
      output,
      new RegExp(
        `Port ${busyPort} \\(API_PORT\\) is already in use by another program\\. ` +
          `Stop it or start with API_PORT=${busyPort + 100} npm start\\.`,
      ),
    );
    assert.doesNotMatch(output, /Installing|Building|PostgreSQL|started/);
  });

  it("says the gateway's port is taken", async () => {
    const { code, output } = await start({
      API_PORT: String(await freePort()),
      PORT: String(busyPort),
    });
    assert.equal(code, 1);
    assert.match(output, new RegExp(`Port ${busyPort} \\(PORT\\) is already in use`));
    assert.match(output, new RegExp(`PORT=${busyPort + 100} npm start`));
  });

  it('refuses the same port for both', async () => {
    const port = String(await freePort());
    const { code, output } = await start({ API_PORT: port, PORT: port });
    assert.equal(code, 1);
    assert.match(output, new RegExp(`API_PORT and PORT are both ${port}\\. Set them apart`));
  });

  it('tells a free port from a taken one on any address', async () => {
    assert.equal(await portInUse(busyPort, '127.0.0.1'), true);
    assert.equal(await portInUse(await freePort(), '0.0.0.0'), false);
  });
});
