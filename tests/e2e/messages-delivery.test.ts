// Delivery of the outbox by the real processes (built API and worker, a Redis of this test's own,
// fake Twilio and SMTP servers): killing the worker with SIGKILL in the middle of a send, and
// stopping Redis while customers book, still deliver every message exactly once: a message is
// never lost while Redis or the worker is down, and never sent twice.
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { connect } from 'node:net';
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { AvailableTime } from '@slotwise/contracts';
import pg from 'pg';
import { startFakeSmtp, type FakeSmtp } from '../support/fake-smtp.mjs';
import { startFakeTwilio, type FakeTwilio } from '../support/fake-twilio.mjs';
import { freePort, startStack, type Stack } from '../support/stack.js';

const SLUG = 'bondi-physio-co';
const OWNER_EMAIL = 'owner@bondi-physio.example';
const PUBLIC_URL = 'https://slotwise.test';

/** The columns of an outbox row that these tests read. */
interface OutboxRow {
  id: number;
  channel: 'sms' | 'email';
  status: string;
  body: string;
  last_error: string | null;
  provider_message_id: string | null;
  delivered_at: Date | null;
}

/** A Redis that keeps nothing on disk, on its own port, so this test can stop and restart it. */
function ownRedis(port: number) {
  let child: ChildProcess | null = null;
  const answers = () =>
    new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1');
      socket.once('connect', () => (socket.destroy(), resolve(true)));
      socket.once('error', () => resolve(false));
    });
  return {
    url: `redis://127.0.0.1:${port}`,
    async start() {
      child = spawn(
        'redis-server',
        ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
        { stdio: 'ignore' },
      );
      child.once('error', (e) => {
        throw new Error(`redis-server could not start (is it installed?): ${e.message}`);
      });
      for (let i = 0; i < 100 && !(await answers()); i += 1) {
        await new Promise((r) => setTimeout(r, 50));
      }
      assert.ok(await answers(), 'redis-server answers');
    },
    async stop() {
      if (!child || child.exitCode !== null || child.signalCode !== null) return;
      const exited = once(child, 'exit');
      child.kill('SIGKILL');
      await exited;
    },
  };
}

let stack: Stack;
let twilio: FakeTwilio;
let smtp: FakeSmtp;
let redis: ReturnType<typeof ownRedis>;
let db: pg.Client;
let serviceId: number;
let businessId: number;
const freeSlots: string[] = [];

before(async () => {
  [twilio, smtp] = await Promise.all([startFakeTwilio(), startFakeSmtp()]);
  redis = ownRedis(await freePort());
  await redis.start();
  stack = await startStack({
    // The API verifies Twilio's callbacks against the public URL Twilio was given.
    env: { REDIS_URL: redis.url, PUBLIC_URL, TWILIO_AUTH_TOKEN: twilio.authToken },
    worker: {
      env: {
        ...twilio.env(),
        SMTP_URL: smtp.url,
        QUEUE_PREFIX: `e2e-${process.pid}`,
        OUTBOX_RELAY_INTERVAL_MS: '200',
        OUTBOX_LEASE_MS: '4000',
        OUTBOX_REQUEUE_AFTER_MS: '1500',
        OUTBOX_BACKOFF_MS: '200',
      },
    },
  });
  db = new pg.Client(stack.dbUrl);
  await db.connect();
  const [business] = (
    await db.query<{ id: number }>(
      `UPDATE businesses SET email = $1 WHERE slug = $2 RETURNING id`,
      [OWNER_EMAIL, SLUG],
    )
  ).rows;
  businessId = business!.id;
  serviceId = (
    await db.query<{ id: number }>(
      `SELECT id FROM services WHERE business_id = $1 ORDER BY id LIMIT 1`,
      [businessId],
    )
  ).rows[0]!.id;
  // Enough free slots for every booking below, from the next days the business is open, far
  // enough apart that no two bookings overlap.
  for (let day = 1; day < 21 && freeSlots.length < 8; day += 1) {
    const date = new Date(Date.now() + day * 86_400_000).toISOString().slice(0, 10);
    const res = await fetch(
      `${stack.apiUrl}/api/business/${businessId}/available-times?date=${date}&serviceId=${serviceId}`,
    );
    assert.equal(res.status, 200);
    for (const { start } of (await res.json()) as AvailableTime[]) {
      const last = freeSlots.at(-1);
      if (!last || Date.parse(start) - Date.parse(last) >= 3 * 3_600_000) freeSlots.push(start);
    }
  }
  assert.ok(freeSlots.length >= 8, 'free slots to book');
});

after(async () => {
  await db?.end();
  await stack?.stop();
  await redis?.stop();
  await Promise.all([twilio?.close(), smtp?.close()]);
});

let phoneCounter = 0;
async function book() {
  phoneCounter += 1;
  const res = await fetch(`${stack.baseUrl}/api/appointments`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      businessId,
      serviceId,
      firstName: 'Sam',
      lastName: 'Customer',
      phone: `0411 000 ${String(100 + phoneCounter)}`,
      email: null,
      date: freeSlots.shift(),
      notes: null,
      notificationPreferences: { email: false, sms: true },
    }),
  });
  assert.equal(res.status, 201, await res.text());
}

async function waitFor(check: () => Promise<boolean>, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    assert.ok(Date.now() < deadline, 'timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Messages due now (a Professional booking also writes a reminder for 24 hours before). */
const outbox = async () =>
  (await db.query<OutboxRow>(`SELECT * FROM outbox WHERE not_before <= now() ORDER BY id`)).rows;

/** Waits until every message is sent, then checks each reached its provider exactly once. */
async function assertDeliveredExactlyOnce(expectedCount: number) {
  const deadline = Date.now() + 30_000;
  let rows = await outbox();
  while (rows.some((r) => r.status !== 'sent') && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 100));
    rows = await outbox();
  }
  assert.equal(rows.length, expectedCount);
  if (process.env.DEBUG_DELIVERY) console.info(rows, stack.worker.output, smtp.messages);
  assert.deepEqual(
    rows.map((r) => [r.id, r.status, r.last_error]),
    rows.map((r) => [r.id, 'sent', null]),
  );
  // A little longer: a duplicate would come from a late job or relay pass.
  await new Promise((r) => setTimeout(r, 1000));
  for (const row of rows) {
    if (row.channel === 'sms') {
      const got = twilio.messages.filter((m) => m.body === row.body);
      assert.equal(got.length, 1, `SMS ${row.id} reached Twilio exactly once`);
      assert.equal(got[0]!.sid, row.provider_message_id);
    } else {
      const got = smtp.messages.filter((m) => m.messageId === row.provider_message_id);
      assert.equal(got.length, 1, `email ${row.id} reached the SMTP server exactly once`);
    }
  }
  assert.equal(twilio.messages.length, rows.filter((r) => r.channel === 'sms').length);
  assert.equal(smtp.messages.length, rows.filter((r) => r.channel === 'email').length);
  const later = await db.query<{ status: string }>(
    `SELECT status FROM outbox WHERE not_before > now()`,
  );
  assert.ok(
    later.rows.every((r) => r.status === 'pending'),
    'reminders wait for their time',
  );
}

describe('delivery of messages', () => {
  it('the worker killed with SIGKILL mid-send: after a restart the SMS is not sent twice', async () => {
    const hold = twilio.hold();
    await book();
    // Twilio has taken the SMS but its answer is held: the worker dies before recording it.
    await hold.arrived(1);
    // (The owner's email goes meanwhile; SMTP cannot be asked what it took, see the API README.)
    await waitFor(
      async () => (await outbox()).find((r) => r.channel === 'email')?.status === 'sent',
    );
    await stack.worker.stop('SIGKILL');
    hold.release();
    const sms = (await outbox()).find((r) => r.channel === 'sms')!;
    assert.equal(sms.status, 'sending');
    assert.equal(sms.provider_message_id, null);

    await stack.worker.start();
    await assertDeliveredExactlyOnce(2);
  });

  it('Redis stopped while customers book: bookings succeed, then every message goes once', async () => {
    await redis.stop();
    for (let i = 0; i < 3; i += 1) await book();
    // Nothing can be queued: the new messages wait in the outbox.
    await new Promise((r) => setTimeout(r, 1000));
    const waiting = (await outbox()).slice(2);
    assert.equal(waiting.length, 6);
    assert.ok(waiting.every((r) => r.status === 'pending'));
    // A graceful stop does not wait for Redis, and a worker starts without it.
    const stopped = stack.worker.stop('SIGTERM');
    await Promise.race([
      stopped,
      new Promise((_, reject) =>
        setTimeout(() => reject(new Error('the worker did not stop on SIGTERM')), 10_000),
      ),
    ]);
    await stack.worker.start();

    await redis.start();
    await assertDeliveredExactlyOnce(8);
  });

  it("Twilio's signed status callback, through the gateway, marks the SMS delivered", async () => {
    const [row] = (await outbox()).filter((r) => r.channel === 'sms') as [OutboxRow];
    const message = twilio.messages.find((m) => m.sid === row.provider_message_id)!;
    assert.equal(
      message.statusCallback,
      `${PUBLIC_URL}/api/webhooks/twilio/status?outboxId=${row.id}`,
    );
    const res = await twilio.reportStatus(message, 'delivered', { via: stack.baseUrl });
    assert.equal(res.status, 200);
    const after = (await db.query<OutboxRow>(`SELECT * FROM outbox WHERE id = $1`, [row.id]))
      .rows[0]!;
    assert.equal(after.status, 'delivered');
    assert.ok(after.delivered_at);
  });
});
