// `npm start` keeps the product up when one of its processes crashes: the crashed one is started
// again (and says so) while the others keep serving; Ctrl+C still stops everything.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import pg from 'pg';
import { root } from '../../scripts/lib.mjs';
import { freePort } from '../support/stack.js';

const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const dbName = `slotwise_e2e_${process.pid}_supervision`;

async function admin(sql: string) {
  const client = new pg.Client(adminUrl);
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

let start: ChildProcess;
let output = '';
let port: number;

/** Resolves once `pattern` appears in start.mjs's output after `from`; the match. */
async function waitForOutput(pattern: RegExp, from = 0, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const match = pattern.exec(output.slice(from));
    if (match) return match;
    if (start.exitCode !== null) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no ${pattern} in npm start's output:\n${output}`);
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

before(async () => {
  await admin(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  await admin(`CREATE DATABASE ${dbName}`);
  const db = new URL(adminUrl);
  db.pathname = `/${dbName}`;
  port = await freePort();
  start = spawn('node', ['scripts/start.mjs'], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: db.toString(),
      PORT: String(port),
      API_PORT: String(await freePort()),
      SLOTWISE_SKIP_BUILD: 'true',
      JWT_SECRET: 'supervision-test-only-secret-0123456789abcdef',
      REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
      QUEUE_PREFIX: `e2e-supervision-${process.pid}`,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  start.stdout!.on('data', (c) => (output += c));
  start.stderr!.on('data', (c) => (output += c));
  await waitForOutput(/Slotwise is running at/, 0, 120_000);
});

after(async () => {
  if (start && start.exitCode === null) {
    start.kill('SIGINT');
    await once(start, 'exit');
  }
  await admin(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
});

async function answers(path: string) {
  const res = await fetch(`http://127.0.0.1:${port}${path}`, { headers: { accept: 'text/html' } });
  await res.arrayBuffer();
  return res.status;
}

describe('npm start supervision', () => {
  it('starts a killed worker again while the API and the gateway keep answering', async () => {
    const first = Number((await waitForOutput(/\[worker\] started \(pid (\d+)\)/))[1]);
    await waitForOutput(/\[worker\] .*Slotwise worker delivering the outbox/);
    const from = output.length;
    process.kill(first, 'SIGKILL');
    await waitForOutput(/\[worker\] exited \(SIGKILL\); restarting in 1 s/, from, 10_000);
    assert.equal(await answers('/'), 200);
    assert.equal(await answers('/api/health'), 200);
    const second = Number(
      (await waitForOutput(/\[worker\] started \(pid (\d+)\)/, from, 15_000))[1],
    );
    assert.notEqual(second, first);
    await waitForOutput(/\[worker\] .*Slotwise worker delivering the outbox/, from, 30_000);
    assert.equal(await answers('/api/health'), 200);
  });

  it('starts a killed API again; the gateway serves pages meanwhile', async () => {
    const from = output.length;
    const api = Number([...output.matchAll(/\[api\] started \(pid (\d+)\)/g)].at(-1)![1]);
    process.kill(api, 'SIGKILL');
    await waitForOutput(/\[api\] exited \(SIGKILL\)/, from, 10_000);
    assert.equal(await answers('/pricing'), 200);
    await waitForOutput(/\[api\] started \(pid (\d+)\)/, from, 15_000);
    const deadline = Date.now() + 30_000;
    while ((await answers('/api/health').catch(() => 0)) !== 200) {
      assert.ok(Date.now() < deadline, 'the API answers again');
      await new Promise((r) => setTimeout(r, 250));
    }
  });

  it('stops every process on Ctrl+C', async () => {
    const pids = [...output.matchAll(/\[(?:api|web|worker)\] started \(pid (\d+)\)/g)].map((m) =>
      Number(m[1]),
    );
    start.kill('SIGINT');
    const [code] = await once(start, 'exit');
    assert.equal(code, 0);
    assert.deepEqual(
      pids.filter((pid) => alive(pid)),
      [],
      'no process is left running',
    );
  });
});
