// `npm start` from a folder other users cannot enter (mode 0700: root's home, mktemp -d). As
// root, PostgreSQL runs as the `postgres` user, who could not reach the embedded binaries or the
// data folder there (initdb: spawn EACCES). And a start-up that fails says why, briefly.
import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { embeddedPostgresNativeDir, ensureDatabase, root } from '../../scripts/lib.mjs';
import { freePort } from '../support/stack.js';

const cleanups: (() => Promise<void> | void)[] = [];
after(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

describe('start-up in a private folder', () => {
  it('runs the embedded PostgreSQL from a folder only its owner can enter', async () => {
    // The clone: its own copy of the PostgreSQL binaries (node_modules) and its .data folder.
    const clone = mkdtempSync(join(tmpdir(), 'slotwise-private-'));
    cleanups.push(() => rmSync(clone, { recursive: true, force: true }));
    assert.equal(statSync(clone).mode & 0o777, 0o700);
    const nativeDir = join(clone, 'native');
    cpSync(await embeddedPostgresNativeDir(), nativeDir, {
      recursive: true,
      verbatimSymlinks: true,
    });

    const db = await ensureDatabase({
      dataDir: join(clone, '.data/postgres'),
      port: await freePort(),
      database: 'slotwise',
      nativeDir,
    });
    cleanups.push(async () => {
      await db.stop();
      if (db.home) rmSync(db.home, { recursive: true, force: true });
    });
    const client = new pg.Client(db.url);
    await client.connect();
    const { rows } = await client.query<{ db: string }>('SELECT current_database() AS db');
    await client.end();
    assert.equal(rows[0]!.db, 'slotwise');
  });

  it('ends a failed start-up with a short message, without a stack trace', () => {
    const r = spawnSync('node', ['scripts/start.mjs'], {
      cwd: root,
      encoding: 'utf8',
      timeout: 60_000,
      env: {
        ...process.env,
        SLOTWISE_SKIP_BUILD: 'true',
        DATABASE_URL: 'postgres://postgres@127.0.0.1:1/nowhere',
        // Two ports nothing listens on: the start-up gets past its port check to the database.
        PORT: '1',
        API_PORT: '2',
      },
    });
    assert.equal(r.status, 1);
    assert.match(r.stderr, /npm start failed: PostgreSQL does not answer at 127\.0\.0\.1:1/);
    assert.match(r.stderr, /fix DATABASE_URL/);
    assert.doesNotMatch(`${r.stdout}\n${r.stderr}`, /^\s+at /m);
  });
});
