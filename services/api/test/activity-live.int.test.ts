// Who changed what (issue 25): history rows for each kind of booking change and each actor,
// written in the change's transaction; Settings → Activity for hours, services and staff; and the
// live diary's event stream across two API processes sharing Redis, with Last-Event-ID catch-up.
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import {
  ActivityPageSchema,
  DevOutboxMessageSchema,
  LiveBookingEventSchema,
  OwnerAppointmentListSchema,
  OwnerAppointmentSchema,
  ServiceSchema,
} from '@slotwise/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../src/app.factory.js';
import { FixedClock } from '../src/core/clock/clock.js';
import { loadConfig } from '../src/core/config/app-config.js';
import { bearer, json, ownerBusiness, type SignedInOwner, signUpOwner } from './support/auth.js';
import { bookingRequest } from './support/fixtures.js';
import { inviteMember } from './support/team.js';
import { createTestContext, TEST_NOW, type TestContext } from './support/test-app.js';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const JWT_SECRET = randomBytes(32).toString('hex');
// Its own channel names, so parallel test files' businesses (same ids) never cross.
const QUEUE_PREFIX = `live-test-${randomBytes(4).toString('hex')}`;
const ENV = { REDIS_URL, JWT_SECRET, QUEUE_PREFIX, LIVE_HEARTBEAT_MS: '200' };

// Sydney (AEDT, +11): Tuesday 5 January 2027.
const TUE_9AM = '2027-01-04T22:00:00.000Z';
const TUE_10AM = '2027-01-04T23:00:00.000Z';
const TUE_11AM = '2027-01-05T00:00:00.000Z';
const TUE_1PM = '2027-01-05T02:00:00.000Z';
const TUE_2PM = '2027-01-05T03:00:00.000Z';
const TUE_3PM = '2027-01-05T04:00:00.000Z';

let ctx: TestContext;
/** A second API process on the same database and Redis. */
let other: NestFastifyApplication;
let otherUrl: string;
let firstUrl: string;

beforeAll(async () => {
  ctx = await createTestContext({ env: ENV });
  other = await createApp({
    config: loadConfig({
      DATABASE_URL: ctx.databaseUrl,
      PORT: '0',
      HOST: '127.0.0.1',
      NODE_ENV: 'test',
      DEV_OUTBOX: 'true',
      ...ENV,
    }),
    clock: ctx.clock as FixedClock,
    logger: ['error'],
  });
  await other.listen(0, '127.0.0.1');
  otherUrl = `http://127.0.0.1:${(other.getHttpServer().address() as AddressInfo).port}`;
  await ctx.app.listen(0, '127.0.0.1');
  firstUrl = `http://127.0.0.1:${(ctx.app.getHttpServer().address() as AddressInfo).port}`;
});

afterAll(async () => {
  await other?.close();
  await ctx?.close();
});

interface Shop {
  owner: SignedInOwner;
  id: number;
  serviceId: number;
}

async function shop(): Promise<Shop> {
  const owner = await signUpOwner(ctx);
  const id = (await ownerBusiness(ctx, owner)).id;
  const res = await ctx.request(
    json(
      'POST',
      '/api/services',
      { businessId: id, name: 'Cut', duration: 60, price: 5000 },
      owner.accessToken,
    ),
  );
  expect(res.statusCode).toBe(201);
  return { owner, id, serviceId: ServiceSchema.parse(res.json()).id };
}

async function bookOnline(s: Shop, date: string, firstName: string, phone: string) {
  const res = await ctx.post(
    '/api/appointments',
    bookingRequest(s.id, s.serviceId, date, { firstName, lastName: 'Nguyen', phone }),
  );
  expect(res.statusCode).toBe(201);
  return (res.json() as { appointment: { id: number } }).appointment.id;
}

async function appointment(s: Shop, id: number) {
  const res = await ctx.request({
    method: 'GET',
    url: `/api/business/${s.id}/appointments`,
    headers: bearer(s.owner.accessToken),
  });
  expect(res.statusCode).toBe(200);
  return OwnerAppointmentListSchema.parse(res.json()).find((a) => a.id === id)!;
}

const patch = (s: Shop, id: number, body: unknown) =>
  ctx.request(json('PATCH', `/api/appointments/${id}`, body, s.owner.accessToken));

async function cancelLinkFor(phone: string): Promise<string> {
  const messages = DevOutboxMessageSchema.array().parse((await ctx.get('/api/dev/outbox')).json());
  const sms = messages.filter((m) => m.to === phone && /cancel\?token=/.test(m.body)).at(-1)!;
  return /cancel\?token=([A-Za-z0-9_-]+)/.exec(sms.body)![1]!;
}

describe('booking history', () => {
  it('records who made each change, in the same transaction as the change', async () => {
    const s = await shop();
    const user = { kind: 'user', userId: s.owner.userId, name: s.owner.email };
    const customer = { kind: 'customer', userId: null, name: 'Alice Nguyen' };

    // A customer books online.
    const id = await bookOnline(s, TUE_9AM, 'Alice', '0400 200 001');
    let a = await appointment(s, id);
    expect(a.history.map((h) => [h.kind, h.actor])).toEqual([['created', customer]]);
    expect(a.history[0]!.details).toMatchObject({ startsAt: TUE_9AM, status: 'confirmed' });

    // The owner moves it; a move onto a taken time is refused and leaves no history.
    const blocker = await bookOnline(s, TUE_11AM, 'Bob', '0400 200 002');
    expect((await patch(s, id, { date: TUE_11AM })).statusCode).toBe(409);
    expect((await patch(s, id, { date: TUE_10AM })).statusCode).toBe(200);
    a = await appointment(s, id);
    expect(a.history.map((h) => [h.kind, h.actor])).toEqual([
      ['created', customer],
      ['moved', user],
    ]);
    expect(a.history[1]!.details).toMatchObject({ startsAt: TUE_10AM });

    // After its start: completed (a status change), then no-show.
    ctx.clock.set('2027-01-05T00:30:00Z');
    try {
      expect((await patch(s, id, { status: 'completed' })).statusCode).toBe(200);
      expect((await patch(s, id, { status: 'no_show' })).statusCode).toBe(200);
    } finally {
      ctx.clock.set(TEST_NOW);
    }
    a = await appointment(s, id);
    expect(a.history.map((h) => h.kind)).toEqual(['created', 'moved', 'status', 'no_show']);
    expect(a.history[2]!.details).toMatchObject({ status: 'completed' });

    // The customer cancels by their link; the owner cancels another.
    const cancelled = await ctx.get(
      `/api/cancel-appointment?token=${await cancelLinkFor('+61400200002')}`,
    );
    expect(cancelled.statusCode).toBe(200);
    expect((await appointment(s, blocker)).history.map((h) => [h.kind, h.actor.name])).toEqual([
      ['created', 'Bob Nguyen'],
      ['cancelled', 'Bob Nguyen'],
    ]);

    // The owner books by phone, then cancels it (DELETE).
    const made = await ctx.request(
      json(
        'POST',
        `/api/business/${s.id}/appointments`,
        {
          serviceId: s.serviceId,
          date: TUE_2PM,
          customer: { firstName: 'Carla', lastName: 'Ray', phone: '0400 200 003' },
          notifyCustomer: false,
        },
        s.owner.accessToken,
      ),
    );
    expect(made.statusCode).toBe(201);
    const ownerMade = OwnerAppointmentSchema.parse(made.json());
    expect(ownerMade.history.map((h) => [h.kind, h.actor])).toEqual([['created', user]]);
    const deleted = await ctx.request({
      method: 'DELETE',
      url: `/api/appointments/${ownerMade.id}`,
      headers: bearer(s.owner.accessToken),
    });
    expect(OwnerAppointmentSchema.parse(deleted.json()).history.map((h) => h.kind)).toEqual([
      'created',
      'cancelled',
    ]);

    // Every row is the business's and is stamped with the API clock's time.
    const rows = (await ctx.db.query(
      `SELECT count(*)::int AS n FROM activity_log WHERE business_id = $1 AND created_at = $2`,
      [s.id, TEST_NOW],
    )) as { n: number }[];
    expect(rows[0]!.n).toBeGreaterThanOrEqual(6);
  });
});

describe('activity', () => {
  it('lists changes to hours, services and staff with who made them, newest first, paged', async () => {
    const s = await shop();
    const token = s.owner.accessToken;
    const week = [0, 1, 2, 3, 4, 5, 6].map((dayOfWeek) => ({
      dayOfWeek,
      isOpen: true,
      intervals: [{ openTime: '08:00', closeTime: '18:00' }],
      slotDuration: 30,
    }));
    expect(
      (await ctx.request(json('PUT', `/api/business/${s.id}/availability`, week, token)))
        .statusCode,
    ).toBe(200);
    expect(
      (await ctx.request(json('PATCH', `/api/services/${s.serviceId}`, { name: 'Trim' }, token)))
        .statusCode,
    ).toBe(200);
    const staff = await ctx.request(
      json('POST', '/api/staff', { businessId: s.id, firstName: 'Mia', lastName: 'Lee' }, token),
    );
    expect(staff.statusCode).toBe(201);
    const staffId = (staff.json() as { id: number }).id;
    const ownWeek = week.map(({ dayOfWeek, isOpen, intervals }) => ({
      dayOfWeek,
      isOpen,
      intervals,
    }));
    expect(
      (await ctx.request(json('PUT', `/api/staff/${staffId}/availability`, ownWeek, token)))
        .statusCode,
    ).toBe(200);
    const removed = await ctx.request({
      method: 'DELETE',
      url: `/api/staff/${staffId}`,
      headers: bearer(token),
    });
    expect(removed.statusCode).toBe(204);

    const read = async (query = '') => {
      const res = await ctx.request({
        method: 'GET',
        url: `/api/business/${s.id}/activity${query}`,
        headers: bearer(token),
      });
      expect(res.statusCode).toBe(200);
      return ActivityPageSchema.parse(res.json());
    };
    const all = await read();
    expect(all.entries.map((e) => [e.subject, e.action, e.summary])).toEqual([
      ['staff', 'deleted', 'Staff member Mia Lee deleted'],
      ['hours', 'updated', 'Staff member’s own hours changed'],
      ['staff', 'created', 'Staff member Mia Lee created'],
      ['service', 'updated', 'Service Trim updated'],
      ['hours', 'updated', 'Business hours changed'],
      ['service', 'created', 'Service Cut created'],
    ]);
    expect(all.entries.every((e) => e.actor.userId === s.owner.userId)).toBe(true);
    expect(all.nextBefore).toBeNull();

    const first = await read('?limit=2');
    expect(first.entries.map((e) => e.id)).toEqual(all.entries.slice(0, 2).map((e) => e.id));
    const second = await read(`?limit=2&before=${first.nextBefore}`);
    expect(second.entries.map((e) => e.id)).toEqual(all.entries.slice(2, 4).map((e) => e.id));
    expect(all.entries[1]!.subjectId).toBe(staffId);

    // Bad paging is a 400; another owner's business is not found.
    const bad = await ctx.request({
      method: 'GET',
      url: `/api/business/${s.id}/activity?limit=0`,
      headers: bearer(token),
    });
    expect(bad.statusCode).toBe(400);
    const stranger = await shop();
    const refused = await ctx.request({
      method: 'GET',
      url: `/api/business/${s.id}/activity`,
      headers: bearer(stranger.owner.accessToken),
    });
    expect(refused.statusCode).toBe(404);
  });
});

/** An open event stream, read with fetch as the dashboard reads it. */
async function openStream(base: string, s: Shop, lastEventId?: string, token?: string) {
  const controller = new AbortController();
  const res = await fetch(`${base}/api/business/${s.id}/events`, {
    headers: {
      authorization: `Bearer ${token ?? s.owner.accessToken}`,
      'accept-encoding': 'gzip, br',
      ...(lastEventId ? { 'last-event-id': lastEventId } : {}),
    },
    signal: controller.signal,
  });
  const frames: { id?: string; event?: string; data?: string }[] = [];
  let text = '';
  let heartbeats = 0;
  let ended = false;
  const pump = (async () => {
    if (!res.body) return;
    const decoder = new TextDecoder();
    try {
      for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
        text += decoder.decode(chunk, { stream: true });
        let end: number;
        while ((end = text.indexOf('\n\n')) >= 0) {
          const block = text.slice(0, end);
          text = text.slice(end + 2);
          if (block.startsWith(':')) heartbeats++;
          const frame: Record<string, string> = {};
          for (const line of block.split('\n')) {
            const at = line.indexOf(': ');
            if (at > 0) frame[line.slice(0, at)] = line.slice(at + 2);
          }
          if (frame.event) frames.push(frame);
        }
      }
      ended = true;
    } catch {
      // Aborted.
    }
  })();
  const bookings = () =>
    frames
      .filter((f) => f.event === 'booking')
      .map((f) => ({ sseId: f.id, ...LiveBookingEventSchema.parse(JSON.parse(f.data!)) }));
  return {
    res,
    frames,
    bookings,
    heartbeats: () => heartbeats,
    ended: () => ended,
    async until<T>(check: () => T | undefined | false, ms = 2000): Promise<T> {
      const started = Date.now();
      for (;;) {
        const value = check();
        if (value) return value;
        if (Date.now() - started > ms) throw new Error(`not within ${ms} ms: ${text}`);
        await new Promise((r) => setTimeout(r, 20));
      }
    },
    async close() {
      controller.abort();
      await pump;
    },
  };
}

describe('live events', () => {
  it('carries a change made through one API process to a client of the other within 2 s', async () => {
    const s = await shop();
    const stream = await openStream(otherUrl, s);
    try {
      expect(stream.res.status).toBe(200);
      expect(stream.res.headers.get('content-type')).toMatch(/^text\/event-stream/);
      // Never compressed or cached: each event must reach the browser as it is written.
      expect(stream.res.headers.get('content-encoding')).toBeNull();
      expect(stream.res.headers.get('cache-control')).toContain('no-transform');
      expect(stream.res.headers.get('x-accel-buffering')).toBe('no');
      await stream.until(() => stream.frames.find((f) => f.event === 'ready'));

      // Booked online through the first process (inject), heard on the second.
      const id = await bookOnline(s, TUE_1PM, 'Dana', '0400 300 001');
      const created = await stream.until(() => stream.bookings().find((e) => e.kind === 'created'));
      expect(created).toMatchObject({
        appointmentId: id,
        startsAt: TUE_1PM,
        status: 'confirmed',
        actor: { kind: 'customer', name: 'Dana Nguyen' },
      });
      expect(created.sseId).toBe(String(created.id));

      expect((await patch(s, id, { date: TUE_3PM })).statusCode).toBe(200);
      const moved = await stream.until(() => stream.bookings().find((e) => e.kind === 'moved'));
      expect(moved).toMatchObject({ appointmentId: id, startsAt: TUE_3PM });
      expect(moved.actor).toEqual({ kind: 'user', userId: s.owner.userId, name: s.owner.email });

      // A refused change announces nothing.
      await bookOnline(s, TUE_9AM, 'Eve', '0400 300 002');
      await stream.until(() => stream.bookings().length === 2 + 1);
      expect((await patch(s, id, { date: TUE_9AM })).statusCode).toBe(409);

      // Heartbeats keep the stream alive while nothing happens.
      await stream.until(() => stream.heartbeats() >= 2, 3000);
      expect(stream.bookings()).toHaveLength(3);
    } finally {
      await stream.close();
    }
  });

  it('replays what a reconnecting client missed after its Last-Event-ID', async () => {
    const s = await shop();
    const first = await openStream(firstUrl, s);
    const id = await bookOnline(s, TUE_10AM, 'Finn', '0400 400 001');
    const seen = await first.until(() => first.bookings()[0]);
    await first.close();

    // While it is away: a move and a cancellation.
    expect((await patch(s, id, { date: TUE_2PM })).statusCode).toBe(200);
    const cancel = await ctx.request({
      method: 'DELETE',
      url: `/api/appointments/${id}`,
      headers: bearer(s.owner.accessToken),
    });
    expect(cancel.statusCode).toBe(200);

    const again = await openStream(otherUrl, s, seen.sseId);
    try {
      const ready = await again.until(() => again.frames.find((f) => f.event === 'ready'));
      expect(again.bookings().map((e) => e.kind)).toEqual(['moved', 'cancelled']);
      expect(JSON.parse(ready.data!)).toEqual({ replayed: 2, complete: true });
      expect(ready.id).toBe(String(again.bookings()[1]!.id));
    } finally {
      await again.close();
    }

    // A new stream (no Last-Event-ID) replays nothing and starts from the newest event.
    const fresh = await openStream(otherUrl, s);
    try {
      const ready = await fresh.until(() => fresh.frames.find((f) => f.event === 'ready'));
      expect(fresh.bookings()).toEqual([]);
      expect(Number(ready.id)).toBeGreaterThan(Number(seen.sseId));
    } finally {
      await fresh.close();
    }
  });

  it("refuses another business's stream, no token, and a malformed Last-Event-ID", async () => {
    const s = await shop();
    const stranger = await shop();
    const theirs = await fetch(`${otherUrl}/api/business/${s.id}/events`, {
      headers: { authorization: `Bearer ${stranger.owner.accessToken}` },
    });
    expect(theirs.status).toBe(404);
    const anonymous = await fetch(`${otherUrl}/api/business/${s.id}/events`);
    expect(anonymous.status).toBe(401);
    const bad = await fetch(`${otherUrl}/api/business/${s.id}/events`, {
      headers: { authorization: `Bearer ${s.owner.accessToken}`, 'last-event-id': 'abc' },
    });
    expect(bad.status).toBe(400);

    // The stranger's own stream hears nothing of this business.
    const stream = await openStream(otherUrl, stranger);
    try {
      await stream.until(() => stream.frames.find((f) => f.event === 'ready'));
      await bookOnline(s, TUE_11AM, 'Gus', '0400 500 001');
      await new Promise((r) => setTimeout(r, 500));
      expect(stream.bookings()).toEqual([]);
    } finally {
      await stream.close();
    }
  });

  it("ends a member's open stream when their role changes or they are removed, through any process", async () => {
    const s = await shop();
    const manager = await inviteMember(ctx, s.owner.accessToken, s.id, 'manager');
    const member = (id: number) => `/api/business/${s.id}/members/${id}`;
    const stream = await openStream(otherUrl, s, undefined, manager.accessToken);
    const owners = await openStream(otherUrl, s);
    try {
      await stream.until(() => stream.frames.find((f) => f.event === 'ready'));
      await owners.until(() => owners.frames.find((f) => f.event === 'ready'));
      // Made staff through the first process: the stream opened as a manager ends on the second.
      const changed = await ctx.request(
        json('PATCH', member(manager.memberId), { role: 'staff' }, s.owner.accessToken),
      );
      expect(changed.statusCode, changed.body).toBe(200);
      await stream.until(() => stream.ended());
      // Reconnecting, the guard answers by the new role: a staff member without a staff record
      // hears nobody's bookings; the owner's stream was not touched.
      const again = await openStream(otherUrl, s, undefined, manager.accessToken);
      try {
        expect(again.res.status).toBe(200);
        await again.until(() => again.frames.find((f) => f.event === 'ready'));
        await bookOnline(s, TUE_10AM, 'Hal', '0400 600 001');
        await owners.until(() => owners.bookings().length === 1);
        await new Promise((r) => setTimeout(r, 300));
        expect(again.bookings()).toEqual([]);
        expect(owners.ended()).toBe(false);
        const removed = await ctx.request({
          method: 'DELETE',
          url: member(manager.memberId),
          headers: bearer(s.owner.accessToken),
        });
        expect(removed.statusCode).toBe(204);
        await again.until(() => again.ended());
      } finally {
        await again.close();
      }
      // This was their only business: they are signed out, so reconnecting is refused.
      const gone = await fetch(`${otherUrl}/api/business/${s.id}/events`, {
        headers: { authorization: `Bearer ${manager.accessToken}` },
      });
      expect(gone.status).toBe(401);
    } finally {
      await stream.close();
      await owners.close();
    }
  });
});
