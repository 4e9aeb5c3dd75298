import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { INestApplicationContext } from '@nestjs/common';
import { CreateAppointmentResponseSchema } from '@slotwise/contracts';
import { OutboxDeliveryService } from '../src/modules/outbox/services/outbox-delivery.service.js';
import { type FakeTwilio, startFakeTwilio } from './support/fake-twilio.js';
import { bookingRequest, type CreatedBusiness, createBusiness } from './support/fixtures.js';
import { createTestContext, type TestContext } from './support/test-app.js';
import { eventually, outboxRows, startTestWorker } from './support/worker.js';

/**
 * The reminder end to end with the real delivery worker (relay, BullMQ on the test Redis, Twilio
 * SDK against the fake Twilio): it reaches Twilio at its instant by the relay's clock, not
 * before, and a withdrawn one never does.
 */
let ctx: TestContext;
let worker: INestApplicationContext;
let twilio: FakeTwilio;
let pro: CreatedBusiness;

// Now: Monday 4 January 2027, 11:00 AM AEDT. Thursday 14 January 10:00 AM AEDT is reminded on
// Wednesday 13 January at 10:00 AM AEDT; Friday 15 January 10:00 AM on Thursday 14 January.
const THU_10AM = '2027-01-13T23:00:00.000Z';
const THU_REMINDER = '2027-01-12T23:00:00.000Z';
const FRI_10AM = '2027-01-14T23:00:00.000Z';

beforeAll(async () => {
  twilio = await startFakeTwilio();
  ctx = await createTestContext({ logLevels: [] });
  pro = await createBusiness(ctx.db, {
    name: 'Relay Salon',
    services: [{ name: 'Colour', durationMinutes: 60 }],
  });
  // Reminders alone: the request to reply Y or N (tested in sms-confirmation) is turned off.
  await ctx.db.query(
    `UPDATE businesses SET subscription_plan = 'professional', confirmation_request_hours = NULL
      WHERE id = $1`,
    [pro.business.id],
  );
});

afterAll(async () => {
  await worker?.close();
  await ctx?.close();
  await twilio?.close();
});

async function book(date: string, phone: string) {
  const res = await ctx.post(
    '/api/appointments',
    bookingRequest(pro.business.id, pro.services.Colour!.id, date, { phone }),
  );
  expect(res.statusCode, res.body).toBe(201);
  return CreateAppointmentResponseSchema.parse(res.json()).appointment.id;
}

const reminderOf = async (appointmentId: number) => {
  const rows = await outboxRows(ctx.db, `appointment_id = ${appointmentId} AND kind = 'reminder'`);
  expect(rows).toHaveLength(1);
  return rows[0]!;
};

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('reminder delivery', () => {
  it('goes out at its instant, and a withdrawn one never does', async () => {
    const kept = await book(THU_10AM, '0400 700 001');
    const withdrawn = await book(FRI_10AM, '0400 700 002');
    const cancelLink = /\/cancel\?token=([A-Za-z0-9_-]+)/.exec(
      (
        await outboxRows(ctx.db, `appointment_id = ${withdrawn} AND kind = 'booking-confirmation'`)
      )[0]!.body,
    )![1];
    expect((await ctx.get(`/api/cancel-appointment?token=${cancelLink}`)).statusCode).toBe(200);
    expect((await reminderOf(withdrawn)).status).toBe('cancelled');

    worker = await startTestWorker(ctx, twilio.env());
    // The confirmations go at once; the reminder waits.
    await eventually(
      async () =>
        (await outboxRows(ctx.db, `kind <> 'reminder'`)).every((r) => r.status === 'sent'),
      10_000,
      'the confirmations to be sent',
    );
    await pause(300); // several relay passes (every 50 ms)
    expect((await reminderOf(kept)).status).toBe('pending');
    expect(twilio.to('+61400700001').map((m) => m.body)).toEqual([
      expect.stringContaining('is booked for 14 Jan 2027 at 10:00 AM AEDT'),
    ]);

    // One second before its time: still waiting.
    ctx.clock.set(new Date(Date.parse(THU_REMINDER) - 1000).toISOString());
    await pause(300);
    expect((await reminderOf(kept)).status).toBe('pending');

    // At its time the relay hands it to the queue and the worker sends it, once.
    ctx.clock.set(THU_REMINDER);
    const done = await eventually(
      async () => {
        const r = await reminderOf(kept);
        return r.status === 'sent' && r;
      },
      10_000,
      'the reminder to be sent',
    );
    expect(done.attempts).toBe(1);
    const texts = twilio.to('+61400700001');
    expect(texts).toHaveLength(2);
    expect(texts[1]!.body).toBe(done.body);
    expect(texts[1]!.body).toContain('Reminder: your Colour at Relay Salon is tomorrow');

    // Long after the withdrawn reminder's time it is still withdrawn, never claimed.
    ctx.clock.set('2027-01-20T00:00:00Z');
    await pause(300);
    const after = await reminderOf(withdrawn);
    expect(after.status).toBe('cancelled');
    expect(after.attempts).toBe(0);
    // The customer got their confirmation and the cancellation, no reminder.
    // (both were waiting when the worker started, so either may arrive first)
    const got = twilio.to('+61400700002').map((m) => m.body);
    expect(got).toHaveLength(2);
    expect(got).toEqual(
      expect.arrayContaining([
        expect.stringContaining('is booked for'),
        expect.stringContaining('is cancelled'),
      ]),
    );
  });

  it('a reminder withdrawn after it was queued is not claimed by the worker', async () => {
    ctx.clock.set('2027-01-04T00:00:00Z');
    const id = await book('2027-01-18T23:00:00.000Z', '0400 700 003');
    const reminder = await reminderOf(id);
    // As if the relay had queued it and the cancel came before the job ran.
    await ctx.db.query(`UPDATE outbox SET status = 'queued' WHERE id = $1`, [reminder.id]);
    const cancelLink = /\/cancel\?token=([A-Za-z0-9_-]+)/.exec(
      (await outboxRows(ctx.db, `appointment_id = ${id} AND kind = 'booking-confirmation'`))[0]!
        .body,
    )![1];
    expect((await ctx.get(`/api/cancel-appointment?token=${cancelLink}`)).statusCode).toBe(200);
    expect((await reminderOf(id)).status).toBe('cancelled');
    // The job still in the queue runs: the claim finds nothing to take.
    const outcome = await worker.get(OutboxDeliveryService).deliver(reminder.id);
    expect(outcome).toBe('duplicate');
    expect((await reminderOf(id)).status).toBe('cancelled');
    expect(twilio.to('+61400700003').map((m) => m.body)).not.toContainEqual(
      expect.stringContaining('Reminder'),
    );
  });
});
