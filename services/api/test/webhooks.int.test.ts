import type { INestApplicationContext } from '@nestjs/common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ErrorResponseSchema,
  ServiceSchema,
  WebhookDeliveryListSchema,
  WebhookDeliverySchema,
  WebhookEndpointSchema,
  type WebhookEndpoint,
} from '@slotwise/contracts';
import { bookingRequest } from './support/fixtures.js';
import { bearer, json, ownerBusiness, signUpOwner, type SignedInOwner } from './support/auth.js';
import { createTestContext, type TestContext } from './support/test-app.js';
import { startWebhookReceiver, type WebhookReceiver } from './support/webhook-receiver.js';
import { bookingEventsWritten } from './support/webhook-rows.js';
import { eventually, startTestWorker } from './support/worker.js';

const LOOPBACK = { WEBHOOKS_ALLOW_LOOPBACK: 'true' };
// Business-local Tuesday 9 and 10 AM in Sydney, as UTC instants (the clock starts Monday 11 AM).
const TUE_9AM = '2027-01-04T22:00:00.000Z';
const TUE_10AM = '2027-01-04T23:00:00.000Z';
const WED_9AM = '2027-01-05T22:00:00.000Z';
const THU_9AM = '2027-01-06T22:00:00.000Z';
const FRI_9AM = '2027-01-07T22:00:00.000Z';

let ctx: TestContext;
let worker: INestApplicationContext;
let receiver: WebhookReceiver;

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  ctx = await createTestContext({ env: LOOPBACK });
  worker = await startTestWorker(ctx, { ...LOOPBACK, WEBHOOKS_TIMEOUT_MS: '3000' });
});

afterAll(async () => {
  await worker?.close();
  await ctx?.close();
  await receiver?.close();
});

interface Shop {
  owner: SignedInOwner;
  businessId: number;
  serviceId: number;
}

async function shop(): Promise<Shop> {
  const owner = await signUpOwner(ctx);
  const businessId = (await ownerBusiness(ctx, owner)).id;
  const res = await ctx.request(
    json(
      'POST',
      '/api/services',
      { businessId, name: 'Cut', description: 'A cut', duration: 60, price: 5000 },
      owner.accessToken,
    ),
  );
  return { owner, businessId, serviceId: ServiceSchema.parse(res.json()).id };
}

let paths = 0;
async function endpoint(s: Shop, events: string[], body: Record<string, unknown> = {}) {
  const path = `/hook/${++paths}`;
  const res = await ctx.request(
    json(
      'POST',
      `/api/business/${s.businessId}/webhooks`,
      { url: receiver.url(path), events, ...body },
      s.owner.accessToken,
    ),
  );
  expect(res.statusCode, res.body).toBe(201);
  const created = WebhookEndpointSchema.parse(res.json());
  expect(created.secret).toMatch(/^whsec_/);
  receiver.secret(path, created.secret);
  return { path, endpoint: created };
}

function book(s: Shop, date: string, phone = '0400 100 001', firstName = 'Alice') {
  return ctx.post(
    '/api/appointments',
    bookingRequest(s.businessId, s.serviceId, date, { firstName, phone }),
  );
}

const got = (path: string, n: number, what = `${n} webhook(s) at ${path}`) =>
  eventually(
    async () => receiver.received(path).length >= n && receiver.received(path),
    10_000,
    what,
  );

async function deliveries(s: Shop, e: WebhookEndpoint) {
  const res = await ctx.request({
    method: 'GET',
    url: `/api/business/${s.businessId}/webhooks/${e.id}/deliveries`,
    headers: bearer(s.owner.accessToken),
  });
  expect(res.statusCode).toBe(200);
  return WebhookDeliveryListSchema.parse(res.json());
}

const deliveryRows = (endpointId: number) =>
  ctx.db.query(`SELECT * FROM webhook_deliveries WHERE endpoint_id = $1 ORDER BY id`, [endpointId]);

const BOOKING_EVENTS = [
  'booking.created',
  'booking.rescheduled',
  'booking.cancelled',
  'booking.status_changed',
  'booking.no_show',
];

function advance(ms: number): void {
  ctx.clock.set(ctx.clock.now().add({ milliseconds: ms }));
}

describe('webhooks', () => {
  it('signs booking.created and client.created, written with the booking', async () => {
    const s = await shop();
    const { path } = await endpoint(s, ['booking.created', 'client.created']);
    const booked = await book(s, TUE_9AM);
    expect(booked.statusCode).toBe(201);
    const id = (booked.json() as { appointment: { id: number } }).appointment.id;
    const received = await got(path, 2);
    expect(received.every((r) => r.verified)).toBe(true);
    const types = received.map((r) => r.payload!.type).sort();
    expect(types).toEqual(['booking.created', 'client.created']);
    const created = received.find((r) => r.payload!.type === 'booking.created')!;
    expect(created.payload!.data).toMatchObject({ id, status: 'confirmed', start: TUE_9AM });
    expect(created.headers['webhook-id']).toMatch(/^msg_/);
    const client = received.find((r) => r.payload!.type === 'client.created')!;
    expect(client.payload!.data.id).toBe(created.payload!.data.customerId);
  });

  it('writes no event when the change rolls back', async () => {
    const s = await shop();
    const { endpoint: e } = await endpoint(s, ['booking.created', 'booking.status_changed']);
    expect((await book(s, TUE_9AM)).statusCode).toBe(201);
    const before = (await deliveryRows(e.id)).length;
    // The same slot again: SLOT_TAKEN rolls the statement back, events included.
    expect((await book(s, TUE_9AM, '0400 100 009', 'Zed')).statusCode).toBe(409);
    // An owner's change refused in its transaction (completed before the start).
    const [appt] = await ctx.db.query(`SELECT id FROM appointments WHERE business_id = $1`, [
      s.businessId,
    ]);
    const refused = await ctx.request(
      json('PATCH', `/api/appointments/${appt.id}`, { status: 'completed' }, s.owner.accessToken),
    );
    expect(refused.statusCode).toBe(400);
    expect((await deliveryRows(e.id)).length).toBe(before);
  });

  it('tells of a move with the old time, and a cancellation by the owner, late or not', async () => {
    const s = await shop();
    const { path } = await endpoint(s, [
      'booking.rescheduled',
      'booking.cancelled',
      'booking.status_changed',
    ]);
    const booked = await book(s, TUE_9AM);
    const id = (booked.json() as { appointment: { id: number } }).appointment.id;
    const moved = await ctx.request(
      json(
        'PATCH',
        `/api/appointments/${id}`,
        { date: TUE_10AM, notifyCustomer: false },
        s.owner.accessToken,
      ),
    );
    expect(moved.statusCode, moved.body).toBe(200);
    const cancelled = await ctx.request({
      method: 'DELETE',
      url: `/api/appointments/${id}`,
      headers: bearer(s.owner.accessToken),
    });
    expect(cancelled.statusCode).toBe(200);
    const received = await got(path, 3);
    const byType = Object.fromEntries(received.map((r) => [r.payload!.type, r.payload!.data]));
    expect(byType['booking.rescheduled']).toMatchObject({
      id,
      start: TUE_10AM,
      previousStart: TUE_9AM,
    });
    expect(byType['booking.cancelled']).toMatchObject({ id, cancelledBy: 'owner', late: false });
    expect(byType['booking.status_changed']).toMatchObject({
      status: 'cancelled',
      previousStatus: 'confirmed',
    });
  });

  it('writes each booking change’s events exactly once, whoever makes the change', async () => {
    const s = await shop();
    const { endpoint: e } = await endpoint(s, BOOKING_EVENTS);
    const typesOf = async (id: number) =>
      (await bookingEventsWritten(ctx.db, e.id, id)).map((r) => r.type).sort();
    const now = ctx.clock.now();

    // Online, then moved by the owner, then cancelled by the customer's link.
    const online = (await book(s, TUE_9AM)).json() as { appointment: { id: number } };
    const a = online.appointment.id;
    expect(await typesOf(a)).toEqual(['booking.created']);
    const moved = await ctx.request(
      json(
        'PATCH',
        `/api/appointments/${a}`,
        { date: FRI_9AM, notifyCustomer: false },
        s.owner.accessToken,
      ),
    );
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await typesOf(a)).toEqual(['booking.created', 'booking.rescheduled']);
    const [confirmation] = await ctx.db.query(
      `SELECT body FROM outbox WHERE appointment_id = $1 AND kind = 'booking-confirmation'`,
      [a],
    );
    const token = /\/cancel\?token=([A-Za-z0-9_-]+)/.exec(confirmation.body)![1];
    const byLink = await ctx.post('/api/cancel-appointment', { token });
    expect(byLink.statusCode, byLink.body).toBe(200);
    expect(await typesOf(a)).toEqual([
      'booking.cancelled',
      'booking.created',
      'booking.rescheduled',
      'booking.status_changed',
    ]);
    const cancelled = (await bookingEventsWritten(ctx.db, e.id, a)).find(
      (r) => r.type === 'booking.cancelled',
    );
    expect(cancelled!.data).toMatchObject({ cancelledBy: 'customer', status: 'cancelled' });

    // Made by the owner, then cancelled by the owner.
    const made = await ctx.request(
      json(
        'POST',
        `/api/business/${s.businessId}/appointments`,
        {
          serviceId: s.serviceId,
          date: WED_9AM,
          customer: { firstName: 'Olive', lastName: 'Owner', phone: '0400 100 021' },
          notifyCustomer: false,
        },
        s.owner.accessToken,
      ),
    );
    expect(made.statusCode, made.body).toBe(201);
    const b = (made.json() as { id: number }).id;
    expect(await typesOf(b)).toEqual(['booking.created']);
    const deleted = await ctx.request({
      method: 'DELETE',
      url: `/api/appointments/${b}`,
      headers: bearer(s.owner.accessToken),
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await typesOf(b)).toEqual([
      'booking.cancelled',
      'booking.created',
      'booking.status_changed',
    ]);

    // A no-show, marked once the start has passed; notes alone tell nothing.
    const third = (await book(s, THU_9AM, '0400 100 022', 'Nora')).json() as {
      appointment: { id: number };
    };
    const c = third.appointment.id;
    ctx.clock.set('2027-01-07T00:00:00Z');
    try {
      const noted = await ctx.request(
        json('PATCH', `/api/appointments/${c}`, { notes: 'Ran late' }, s.owner.accessToken),
      );
      expect(noted.statusCode, noted.body).toBe(200);
      const noShow = await ctx.request(
        json('PATCH', `/api/appointments/${c}`, { status: 'no_show' }, s.owner.accessToken),
      );
      expect(noShow.statusCode, noShow.body).toBe(200);
    } finally {
      ctx.clock.set(now);
    }
    expect(await typesOf(c)).toEqual([
      'booking.created',
      'booking.no_show',
      'booking.status_changed',
    ]);
  });

  it('retries after 500s on the schedule with the same webhook-id, then succeeds', async () => {
    const s = await shop();
    const { path, endpoint: e } = await endpoint(s, ['booking.created']);
    receiver.answer(path, 500, 500);
    await book(s, TUE_9AM);
    await got(path, 1);
    const first = await eventually(async () => {
      const [row] = await deliveryRows(e.id);
      return row?.status === 'pending' && row.attempts === 1 && row;
    });
    const wait = first.next_attempt_at.getTime() - ctx.clock.now().epochMilliseconds;
    expect(wait).toBeGreaterThanOrEqual(4500);
    expect(wait).toBeLessThanOrEqual(5500);
    expect(first.response_code).toBe(500);
    advance(6000);
    await got(path, 2);
    const second = await eventually(async () => {
      const [row] = await deliveryRows(e.id);
      return row?.attempts === 2 && row.status === 'pending' && row;
    });
    const wait2 = second.next_attempt_at.getTime() - ctx.clock.now().epochMilliseconds;
    expect(wait2).toBeGreaterThanOrEqual(270_000);
    expect(wait2).toBeLessThanOrEqual(330_000);
    advance(330_000);
    const all = await got(path, 3);
    expect(new Set(all.map((r) => r.headers['webhook-id'])).size).toBe(1);
    expect(all.every((r) => r.verified)).toBe(true);
    const [log] = await eventually(async () => {
      const list = await deliveries(s, e);
      return list[0]?.status === 'succeeded' && list;
    });
    expect(log).toMatchObject({ attempts: 3, responseCode: 200, eventType: 'booking.created' });
  });

  it('counts a 3xx as a failure (no redirect followed)', async () => {
    const s = await shop();
    const { path, endpoint: e } = await endpoint(s, ['booking.created']);
    receiver.answer(path, 302);
    await book(s, TUE_9AM);
    const row = await eventually(async () => {
      const [r] = await deliveryRows(e.id);
      return r?.attempts === 1 && r;
    });
    expect(row).toMatchObject({ status: 'pending', response_code: 302 });
    expect(receiver.received(path)).toHaveLength(1);
  });

  it('disables the endpoint on 410 and sends it nothing more', async () => {
    const s = await shop();
    const { path, endpoint: e } = await endpoint(s, ['booking.created']);
    receiver.answer(path, 410);
    await book(s, TUE_9AM);
    const [listed] = await eventually(async () => {
      const res = await ctx.request({
        method: 'GET',
        url: `/api/business/${s.businessId}/webhooks`,
        headers: bearer(s.owner.accessToken),
      });
      const list = (res.json() as WebhookEndpoint[]).filter((x) => x.id === e.id);
      return list[0]?.enabled === false && list;
    });
    expect(listed!.disabledReason).toContain('410');
    expect((await deliveryRows(e.id))[0]).toMatchObject({ status: 'failed', response_code: 410 });
    await book(s, TUE_10AM, '0400 100 002', 'Bob');
    expect(await deliveryRows(e.id)).toHaveLength(1);
  });

  it('disables an endpoint failing for 5 days and emails the owner', async () => {
    const s = await shop();
    const { path, endpoint: e } = await endpoint(s, ['booking.created']);
    const fiveDaysAgo = new Date(ctx.clock.now().subtract({ hours: 120 }).epochMilliseconds);
    await ctx.db.query(`UPDATE webhook_endpoints SET failing_since = $2 WHERE id = $1`, [
      e.id,
      fiveDaysAgo,
    ]);
    receiver.answer(path, 500);
    await book(s, TUE_9AM);
    await eventually(async () => {
      const [row] = await ctx.db.query(
        `SELECT enabled, disabled_reason FROM webhook_endpoints WHERE id = $1`,
        [e.id],
      );
      return row.enabled === false && row.disabled_reason.includes('5 days');
    });
    const mail = await ctx.db.query(
      `SELECT recipient, body FROM outbox WHERE kind = 'webhook-disabled' AND business_id = $1`,
      [s.businessId],
    );
    expect(mail).toHaveLength(1);
    expect(mail[0].recipient).toBe(s.owner.email);
    expect(mail[0].body).toContain(receiver.url(path));
  });

  it('sends a test event, and resends a delivery with the same webhook-id', async () => {
    const s = await shop();
    const { path, endpoint: e } = await endpoint(s, ['client.updated']);
    const res = await ctx.request({
      method: 'POST',
      url: `/api/business/${s.businessId}/webhooks/${e.id}/test`,
      headers: bearer(s.owner.accessToken),
    });
    expect(res.statusCode).toBe(201);
    const test = WebhookDeliverySchema.parse(res.json());
    const [first] = await got(path, 1);
    expect(first!.verified).toBe(true);
    expect(first!.payload!.type).toBe('webhook.test');
    await eventually(async () => (await deliveries(s, e))[0]?.status === 'succeeded');
    const resent = await ctx.request({
      method: 'POST',
      url: `/api/business/${s.businessId}/webhooks/${e.id}/deliveries/${test.id}/resend`,
      headers: bearer(s.owner.accessToken),
    });
    expect(resent.statusCode).toBe(200);
    const both = await got(path, 2);
    expect(both[1]!.headers['webhook-id']).toBe(first!.headers['webhook-id']);
    expect(both[1]!.verified).toBe(true);
  });

  it('refuses private addresses when added and again at delivery', async () => {
    const s = await shop();
    for (const url of [
      'https://10.0.0.1/hook',
      'https://169.254.169.254/latest',
      'https://[fd00::1]/x',
    ]) {
      const res = await ctx.request(
        json(
          'POST',
          `/api/business/${s.businessId}/webhooks`,
          { url, events: ['booking.created'] },
          s.owner.accessToken,
        ),
      );
      expect(res.statusCode, url).toBe(400);
      expect(ErrorResponseSchema.parse(res.json()).code).toBe('VALIDATION_FAILED');
    }
    // A URL that became private after it was added (here: changed behind the API's back).
    const { endpoint: e } = await endpoint(s, ['booking.created']);
    await ctx.db.query(
      `UPDATE webhook_endpoints SET url = 'http://192.168.1.20/hook' WHERE id = $1`,
      [e.id],
    );
    await ctx.request({
      method: 'POST',
      url: `/api/business/${s.businessId}/webhooks/${e.id}/test`,
      headers: bearer(s.owner.accessToken),
    });
    const row = await eventually(async () => {
      const [r] = await deliveryRows(e.id);
      return r?.attempts === 1 && r;
    });
    expect(row.last_error).toContain('private');
    expect(row.response_code).toBeNull();
  });

  it("keeps another owner's endpoints out of reach (404)", async () => {
    const a = await shop();
    const b = await shop();
    const { endpoint: e } = await endpoint(a, ['booking.created']);
    const res = await ctx.request(
      json(
        'PATCH',
        `/api/business/${b.businessId}/webhooks/${e.id}`,
        { enabled: false },
        b.owner.accessToken,
      ),
    );
    expect(res.statusCode).toBe(404);
    const other = await ctx.request({
      method: 'GET',
      url: `/api/business/${a.businessId}/webhooks`,
      headers: bearer(b.owner.accessToken),
    });
    expect(other.statusCode).toBe(404);
  });
});
