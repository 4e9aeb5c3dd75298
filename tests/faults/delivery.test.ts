// Exactly-once delivery through crashes: while customers book in a burst, the delivery worker is
// killed with SIGKILL (once while Twilio holds a send it has taken, so the worker dies between the
// send and its record), and Redis is killed and restarted empty (it keeps nothing on disk, as
// `npm start` and CI run it: every queued job is lost). The outbox table in PostgreSQL is the
// source of truth and the worker's relay queues it again, so every confirmation SMS reaches the
// fake Twilio exactly once, counted per appointment; the owner's emails each go out under one
// Message-ID.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startFakeSmtp, type FakeSmtp } from '../support/fake-smtp.mjs';
import { startFakeTwilio, type FakeTwilio } from '../support/fake-twilio.mjs';
import {
  apiProcess,
  baseEnv,
  privateRedis,
  saveLog,
  sleep,
  testDatabase,
  waitUntil,
  worker,
  type ApiProcess,
  type PrivateRedis,
  type TestDatabase,
  type Worker,
} from './support/cluster.js';
import {
  availableStarts,
  bookingBody,
  mobile,
  setUpShop,
  sql,
  sydneyDate,
} from './support/businesses.js';
import { httpPool, inParallel, json, statusCounts, type HttpPool } from './support/http.js';
import { recordFigures } from './support/results.js';

const BURST = 150;
const LANES = 6;
/** Short recovery settings, so the suite need not wait a minute for each. */
const WORKER_ENV = {
  OUTBOX_RELAY_INTERVAL_MS: '200',
  OUTBOX_LEASE_MS: '3000',
  OUTBOX_REQUEUE_AFTER_MS: '1500',
  OUTBOX_BACKOFF_MS: '200',
};

let db: TestDatabase;
let redis: PrivateRedis;
let twilio: FakeTwilio;
let smtp: FakeSmtp;
let api: ApiProcess;
let deliverer: Worker;
let pool: HttpPool;
let businessId: number;
let serviceId: number;
const starts: string[] = [];

before(async () => {
  [db, redis, twilio, smtp] = await Promise.all([
    testDatabase(),
    privateRedis(),
    startFakeTwilio(),
    startFakeSmtp(),
  ]);
  const env = baseEnv({ DATABASE_URL: db.url, REDIS_URL: redis.url });
  api = await apiProcess({ ...env, ...twilio.env(), SMTP_URL: smtp.url });
  await api.start();
  deliverer = worker({ ...env, ...twilio.env(), SMTP_URL: smtp.url, ...WORKER_ENV });
  await deliverer.start();
  const shop = await setUpShop(api.url, db.url, 'burst-owner@faults.example', {
    name: 'Burst Beauty Bar',
    email: 'frontdesk@burst-beauty.example',
    services: [{ name: 'Express Facial', duration: 15 }],
    staff: Array.from({ length: 5 }, (_, i) => ({
      firstName: 'Therapist',
      lastName: `Number ${i + 1}`,
      offers: ['Express Facial'],
    })),
  });
  businessId = shop.business.id;
  serviceId = shop.services['Express Facial']!.id;
  for (let day = 2; starts.length < BURST; day += 1) {
    starts.push(...(await availableStarts(api.url, businessId, serviceId, sydneyDate(day))));
  }
  pool = httpPool(LANES);
});

after(async () => {
  pool?.close();
  await deliverer?.stop();
  await api?.stop();
  if (api) saveLog('delivery-api', api.output);
  if (deliverer) saveLog('delivery-worker', deliverer.output);
  await redis?.stop();
  await Promise.all([twilio?.close(), smtp?.close()]);
  await db?.drop();
});

interface OutboxRow {
  id: number;
  channel: 'sms' | 'email';
  kind: string;
  status: string;
  body: string;
  recipient: string;
  appointment_id: number | null;
  provider_message_id: string | null;
}

/** Messages due now (each booking also writes a reminder for the day before, not due yet). */
const dueMessages = () =>
  sql<OutboxRow>(
    db.url,
    `SELECT id, channel, kind, status, body, recipient, appointment_id, provider_message_id
       FROM outbox WHERE business_id = $1 AND not_before <= now() ORDER BY id`,
    [businessId],
  );

describe('worker SIGKILL and Redis restart during a burst of bookings', () => {
  it('every confirmation SMS reaches Twilio exactly once', async () => {
    const faults: string[] = [];
    const t0 = performance.now();
    const note = (what: string) =>
      faults.push(`${((performance.now() - t0) / 1000).toFixed(1)} s: ${what}`);
    let next = 0;
    /** Books `count` more, `LANES` at a time, while `fault` happens. */
    const phase = async (count: number, fault: () => Promise<void>) => {
      const first = next;
      next += count;
      const [answers] = await Promise.all([
        inParallel(starts.slice(first, next), LANES, async (start, k) => {
          const i = first + k;
          const answer = await pool.request(`${api.url}/api/appointments`, {
            method: 'POST',
            body: bookingBody(businessId, serviceId, start, 200_000 + i),
          });
          return { i, answer };
        }),
        fault(),
      ]);
      return answers;
    };

    const answers = [
      ...(await phase(40, async () => {
        // Twilio takes an SMS but its answer waits: the worker dies before recording the send.
        const hold = twilio.hold();
        await Promise.race([
          hold.arrived(1),
          sleep(30_000).then(() => {
            throw new Error('no SMS reached Twilio within 30 s');
          }),
        ]);
        await deliverer.stop('SIGKILL');
        hold.release();
        note('worker SIGKILL while Twilio held an SMS it had taken');
      })),
      ...(await phase(40, async () => {
        await deliverer.start();
        note('worker started again');
      })),
      ...(await phase(40, async () => {
        await redis.stop('SIGKILL');
        note('Redis SIGKILL (nothing on disk: every queued job lost)');
        await sleep(1500);
        await redis.start();
        note('Redis started again, empty');
      })),
      ...(await phase(BURST - 120, async () => {
        await Promise.all([deliverer.stop('SIGKILL'), redis.stop('SIGKILL')]);
        note('worker and Redis SIGKILL together');
        await sleep(1000);
        await redis.start();
        await deliverer.start();
        note('Redis and worker started again');
      })),
    ];
    const lastFaultAt = performance.now();

    const statuses = statusCounts(answers.map((a) => a.answer));
    assert.deepEqual(statuses, { '201': BURST }, 'every booking of the burst is made');
    const booked = answers.map(({ i, answer }) => ({
      phone: `+61${mobile(200_000 + i).slice(1)}`,
      id: json<{ appointment: { id: number } }>(answer)!.appointment.id,
    }));

    const settled = (rows: OutboxRow[]) =>
      rows.every((r) => r.status === 'sent' || r.status === 'delivered');
    let rows = await dueMessages();
    await waitUntil(
      'every due message sent',
      async () => settled((rows = await dueMessages())),
      60_000,
      100,
    );
    const drainSeconds = (performance.now() - lastFaultAt) / 1000;
    // A late duplicate would come from a stale job or relay pass: give it time to show.
    await sleep(2000);

    const sms = rows.filter((r) => r.channel === 'sms');
    const emails = rows.filter((r) => r.channel === 'email');
    const perAppointment = booked.map((b) => {
      const row = sms.find((r) => r.appointment_id === b.id && r.kind === 'booking-confirmation');
      return {
        ...b,
        row,
        received: row ? twilio.messages.filter((m) => m.body === row.body).length : 0,
        toPhone: twilio.to(b.phone).length,
      };
    });
    const histogram: Record<string, number> = {};
    for (const p of perAppointment) histogram[p.received] = (histogram[p.received] ?? 0) + 1;
    // (The owner's verification email went out before the burst, outside the business's rows.)
    const ownerMail = smtp.to('frontdesk@burst-beauty.example');
    const emailCopies = emails.map(
      (r) => ownerMail.filter((m) => m.messageId === r.provider_message_id).length,
    );
    const recoveredAtTwilio = (deliverer.output.match(/found at Twilio/g) ?? []).length;
    const figures = {
      bookings: BURST,
      faults,
      smsRows: sms.length,
      smsReceivedByTwilio: twilio.messages.length,
      confirmationsPerAppointment: histogram,
      recoveredByAskingTwilio: recoveredAtTwilio,
      emailRows: emails.length,
      emailsReceivedBySmtp: ownerMail.length,
      emailMessageIdsReceived: new Set(ownerMail.map((m) => m.messageId)).size,
      drainSecondsAfterLastFault: drainSeconds,
    };
    await recordFigures('delivery', 'burst', { passed: false, ...figures });

    for (const p of perAppointment) {
      assert.ok(p.row, `appointment ${p.id} has its confirmation SMS`);
      assert.equal(p.received, 1, `appointment ${p.id}'s confirmation reached Twilio once`);
      assert.equal(p.toPhone, 1, `${p.phone} got one SMS`);
    }
    assert.equal(twilio.messages.length, sms.length, 'no SMS but the outbox rows reached Twilio');
    for (const r of sms) {
      const got = twilio.messages.filter((m) => m.body === r.body);
      assert.equal(got.length, 1, `SMS ${r.id} reached Twilio exactly once`);
      assert.equal(got[0]!.sid, r.provider_message_id, `SMS ${r.id} records Twilio's id`);
    }
    assert.equal(emails.length, BURST, "the owner's new-booking emails");
    for (const [i, r] of emails.entries()) {
      assert.ok(emailCopies[i]! >= 1, `email ${r.id} reached the SMTP server`);
    }
    assert.equal(
      figures.emailMessageIdsReceived,
      emails.length,
      'one Message-ID per email (a copy resent after a crash keeps it)',
    );
    await recordFigures('delivery', 'burst', { passed: true, ...figures });
  });
});
