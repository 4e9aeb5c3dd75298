import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CalendarFeedListSchema,
  CalendarFeedSchema,
  ErrorResponseSchema,
} from '@slotwise/contracts';
import { CalendarFeedService } from '../src/modules/calendar-feeds/index.js';
import { bearer, type SignedInOwner, signUpOwner } from './support/auth.js';
import { type CreatedBusiness, createBusiness } from './support/fixtures.js';
import { createTestContext, type TestContext } from './support/test-app.js';

/**
 * Calendar feeds (decision record 021), parsed with a real iCalendar parser (ical.js): times across
 * Sydney's daylight-saving changes, stable UIDs, SEQUENCE on moves, cancelled bookings removed,
 * ETag/304, regenerated URLs, another owner refused, and a 500-event feed served from its copy.
 */
const PUBLIC_URL = 'https://slotwise.test';

let ctx: TestContext;
let feeds: CalendarFeedService;
let owner: SignedInOwner;
let salon: CreatedBusiness;
let intruder: SignedInOwner;
let customerId: number;

beforeAll(async () => {
  // The rebuild loop is off: each test rebuilds when it means to.
  ctx = await createTestContext({
    env: { PUBLIC_URL, CALENDAR_FEED_REBUILD_MS: '0' },
    now: '2027-03-01T00:00:00Z',
  });
  feeds = ctx.app.get(CalendarFeedService);
  salon = await createBusiness(ctx.db, {
    name: 'Feed Salon',
    services: [{ name: 'Colour', durationMinutes: 60 }],
    staff: [{ firstName: 'Mia', lastName: 'Rossi', offers: ['Colour'] }],
  });
  owner = await signUpOwner(ctx);
  intruder = await signUpOwner(ctx);
  await ctx.db.query(`UPDATE businesses SET owner_user_id = $2 WHERE id = $1`, [
    salon.business.id,
    owner.userId,
  ]);
  const [c] = await ctx.db.query(
    `INSERT INTO customers (business_id, first_name, last_name, phone) VALUES ($1, 'Ava', 'Brown', '0412 345 678')
     RETURNING id`,
    [salon.business.id],
  );
  customerId = c.id;
});

afterAll(async () => {
  await ctx?.close();
});

const ownerGet = (url: string, who = owner) =>
  ctx.request({ method: 'GET', url, headers: bearer(who.accessToken) });

async function feedList() {
  const res = await ownerGet(`/api/business/${salon.business.id}/calendar-feeds`);
  expect(res.statusCode, res.body).toBe(200);
  return CalendarFeedListSchema.parse(res.json()).feeds;
}

/** A booking straight into the table, `startUtc` for an hour, with Mia or the business. */
async function booking(startUtc: string, staff = true): Promise<number> {
  const [row] = await ctx.db.query(
    `INSERT INTO appointments (business_id, service_id, staff_id, customer_id, status, starts_at, ends_at,
                               blocked_from, blocked_until, customer_first_name, customer_last_name,
                               customer_phone)
     VALUES ($1, $2, $3, $4, 'confirmed', $5, $5::timestamptz + interval '1 hour', $5,
             $5::timestamptz + interval '1 hour', 'Ava', 'Brown', '0412 345 678')
     RETURNING id`,
    [
      salon.business.id,
      salon.services.Colour!.id,
      staff ? salon.staff.Mia!.id : null,
      customerId,
      startUtc,
    ],
  );
  return row.id;
}

/** The feed at `url` fetched as a calendar app would, and its events parsed by ical.js. */
async function fetchFeed(url: string, etag?: string) {
  const res = await ctx.request({
    method: 'GET',
    url: new URL(url).pathname,
    headers: etag ? { 'if-none-match': etag } : {},
  });
  return res;
}

function parse(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  for (const zone of calendar.getAllSubcomponents('vtimezone')) {
    ICAL.TimezoneService.register(zone);
  }
  const events = calendar.getAllSubcomponents('vevent').map((v) => new ICAL.Event(v));
  return { calendar, events };
}

describe('calendar feeds', () => {
  it('lists the business feed and each staff member’s, with https and webcal URLs of 256-bit tokens', async () => {
    const list = await feedList();
    expect(list.map((f) => [f.kind, f.name])).toEqual([
      ['business', 'Feed Salon'],
      ['staff', 'Mia Rossi'],
    ]);
    for (const f of list) {
      const token = /\/api\/calendar-feeds\/([A-Za-z0-9_-]+)\.ics$/.exec(f.httpsUrl)![1]!;
      expect(Buffer.from(token, 'base64url').length).toBeGreaterThanOrEqual(16);
      expect(f.httpsUrl.startsWith(`${PUBLIC_URL}/api/calendar-feeds/`)).toBe(true);
      expect(f.webcalUrl).toBe(f.httpsUrl.replace('https://', 'webcal://'));
    }
    // Asked again: the same URLs.
    expect((await feedList()).map((f) => f.httpsUrl)).toEqual(list.map((f) => f.httpsUrl));
  });

  it('writes local times in the business zone with its VTIMEZONE across the April and October changes', async () => {
    // Saturday 3 April 10:00 AEDT and Monday 5 April 10:00 AEST (clocks go back on Sunday 4 April).
    const before = await booking('2027-04-02T23:00:00Z');
    const after = await booking('2027-04-05T00:00:00Z');
    // Saturday 2 October 10:00 AEST and Monday 4 October 10:00 AEDT (forward on Sunday 3 October).
    const octBefore = await booking('2027-10-02T00:00:00Z');
    const octAfter = await booking('2027-10-03T23:00:00Z');
    await feeds.rebuildPending();
    const [business] = await feedList();
    const res = await fetchFeed(business!.httpsUrl);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/calendar/);
    expect(res.body).toContain('REFRESH-INTERVAL;VALUE=DURATION:PT15M');
    expect(res.body).toContain('X-PUBLISHED-TTL:PT15M');
    const { calendar, events } = parse(res.body);
    expect(calendar.getFirstSubcomponent('vtimezone')!.getFirstPropertyValue('tzid')).toBe(
      'Australia/Sydney',
    );
    const byId = new Map(events.map((e) => [e.uid, e]));
    const check = (id: number, utc: string) => {
      const e = byId.get(`appointment-${id}@slotwise.test`)!;
      expect(e, `event ${id}`).toBeDefined();
      expect(e.startDate.zone?.tzid).toBe('Australia/Sydney');
      expect(e.startDate.hour).toBe(10);
      expect(e.startDate.toJSDate().toISOString()).toBe(new Date(utc).toISOString());
      expect(e.endDate.toJSDate().getTime() - e.startDate.toJSDate().getTime()).toBe(3_600_000);
      expect(e.summary).toBe('Colour – Ava Brown');
    };
    check(before, '2027-04-02T23:00:00Z');
    check(after, '2027-04-05T00:00:00Z');
    // 180 days from 1 March reach into August only: October's are outside the window.
    expect(byId.has(`appointment-${octBefore}@slotwise.test`)).toBe(false);

    ctx.clock.set('2027-09-01T00:00:00Z');
    await feeds.rebuildPending(); // over an hour old: rebuilt with the moved window
    const later = parse((await fetchFeed(business!.httpsUrl)).body);
    const laterById = new Map(later.events.map((e) => [e.uid, e]));
    for (const [id, utc] of [
      [octBefore, '2027-10-02T00:00:00Z'],
      [octAfter, '2027-10-03T23:00:00Z'],
    ] as const) {
      const e = laterById.get(`appointment-${id}@slotwise.test`)!;
      expect(e.startDate.hour).toBe(10);
      expect(e.startDate.toJSDate().toISOString()).toBe(new Date(utc).toISOString());
    }
    // More than 30 days back (April): gone.
    expect(laterById.has(`appointment-${before}@slotwise.test`)).toBe(false);
    ctx.clock.set('2027-03-01T00:00:00Z');
    await ctx.db.query(`UPDATE calendar_feeds SET built_at = NULL, ics = NULL, etag = NULL`);
  });

  it('keeps the UID, raises SEQUENCE on every move, removes a cancelled booking, and answers 304 to a matching ETag', async () => {
    const id = await booking('2027-03-10T23:00:00Z');
    await feeds.rebuildPending();
    const [business, mia] = await feedList();
    const first = await fetchFeed(business!.httpsUrl);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[0-9a-f]{32}"$/);
    const uid = `appointment-${id}@slotwise.test`;
    const seq = (text: string) => parse(text).events.find((e) => e.uid === uid)?.sequence;
    expect(seq(first.body)).toBe(0);

    const unchanged = await fetchFeed(business!.httpsUrl, etag);
    expect(unchanged.statusCode).toBe(304);
    expect(unchanged.body).toBe('');

    await ctx.db.query(
      `UPDATE appointments SET starts_at = starts_at + interval '1 day', ends_at = ends_at + interval '1 day',
              blocked_from = blocked_from + interval '1 day', blocked_until = blocked_until + interval '1 day'
        WHERE id = $1`,
      [id],
    );
    // Served from the stored copy until it is rebuilt: the request never builds it.
    expect((await fetchFeed(business!.httpsUrl, etag)).statusCode).toBe(304);
    await feeds.rebuildPending();
    const moved = await fetchFeed(business!.httpsUrl, etag);
    expect(moved.statusCode).toBe(200);
    expect(moved.headers.etag).not.toBe(etag);
    expect(seq(moved.body)).toBe(1);
    const event = parse(moved.body).events.find((e) => e.uid === uid)!;
    expect(event.startDate.toJSDate().toISOString()).toBe('2027-03-11T23:00:00.000Z');

    await ctx.db.query(
      `UPDATE appointments SET starts_at = starts_at + interval '1 hour', ends_at = ends_at + interval '1 hour',
              blocked_from = blocked_from + interval '1 hour', blocked_until = blocked_until + interval '1 hour'
        WHERE id = $1`,
      [id],
    );
    await ctx.db.query(`UPDATE appointments SET notes = 'Bring photos' WHERE id = $1`, [id]);
    await feeds.rebuildPending();
    expect(seq((await fetchFeed(business!.httpsUrl)).body)).toBe(2);
    // The staff member's feed shows her booking too; the business's unassigned one only there.
    const unassigned = await booking('2027-03-12T23:00:00Z', false);
    await feeds.rebuildPending();
    const miaUids = parse((await fetchFeed(mia!.httpsUrl)).body).events.map((e) => e.uid);
    expect(miaUids).toContain(uid);
    expect(miaUids).not.toContain(`appointment-${unassigned}@slotwise.test`);

    await ctx.db.query(`UPDATE appointments SET status = 'cancelled' WHERE id = $1`, [id]);
    await feeds.rebuildPending();
    expect(seq((await fetchFeed(business!.httpsUrl)).body)).toBeUndefined();
    expect(seq((await fetchFeed(mia!.httpsUrl)).body)).toBeUndefined();
  });

  it('regenerating gives a new URL and the old one answers 404', async () => {
    const [business] = await feedList();
    const res = await ctx.request({
      method: 'POST',
      url: `/api/business/${salon.business.id}/calendar-feeds/${business!.id}/regenerate`,
      headers: bearer(owner.accessToken),
    });
    expect(res.statusCode, res.body).toBe(200);
    const fresh = CalendarFeedSchema.parse(res.json());
    expect(fresh.httpsUrl).not.toBe(business!.httpsUrl);
    const old = await fetchFeed(business!.httpsUrl);
    expect(old.statusCode).toBe(404);
    ErrorResponseSchema.parse(old.json());
    expect((await fetchFeed(fresh.httpsUrl)).statusCode).toBe(200);
    expect((await feedList())[0]!.httpsUrl).toBe(fresh.httpsUrl);
    expect((await fetchFeed(`${PUBLIC_URL}/api/calendar-feeds/nonsense.ics`)).statusCode).toBe(404);
  });

  it("refuses another owner the business's feeds and their regeneration", async () => {
    const [business] = await feedList();
    const list = await ownerGet(`/api/business/${salon.business.id}/calendar-feeds`, intruder);
    expect([403, 404]).toContain(list.statusCode);
    expect(list.body).not.toContain('calendar-feeds/');
    const regen = await ctx.request({
      method: 'POST',
      url: `/api/business/${salon.business.id}/calendar-feeds/${business!.id}/regenerate`,
      headers: bearer(intruder.accessToken),
    });
    expect([403, 404]).toContain(regen.statusCode);
    expect((await feedList())[0]!.httpsUrl).toBe(business!.httpsUrl);
  });

  it('rebuilds after the business or a staff member is renamed, or a booking is deleted', async () => {
    const id = await booking('2027-03-15T23:00:00Z');
    await feeds.rebuildPending();
    expect(await feeds.rebuildPending()).toBe(0); // nothing changed since
    const renamed = await ctx.request({
      method: 'PATCH',
      url: `/api/business/${salon.business.id}`,
      headers: bearer(owner.accessToken),
      payload: { name: 'Feed Salon Two' },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(await feeds.rebuildPending()).toBe(2);
    const [business, mia] = await feedList();
    expect((await fetchFeed(business!.httpsUrl)).body).toContain('X-WR-CALNAME:Feed Salon Two');
    await ctx.db.query(`UPDATE staff_members SET first_name = 'Mina' WHERE id = $1`, [
      salon.staff.Mia!.id,
    ]);
    await feeds.rebuildPending();
    expect((await fetchFeed(mia!.httpsUrl)).body).toContain(
      'X-WR-CALNAME:Feed Salon Two – Mina Rossi',
    );
    await ctx.db.query(`DELETE FROM appointments WHERE id = $1`, [id]);
    await feeds.rebuildPending();
    expect((await fetchFeed(business!.httpsUrl)).body).not.toContain(`appointment-${id}@`);
  });

  it('serves a feed of 500 events from its stored copy', async () => {
    await ctx.db.query(
      `INSERT INTO appointments (business_id, service_id, staff_id, customer_id, status, starts_at, ends_at,
                                 blocked_from, blocked_until, customer_first_name, customer_last_name)
       SELECT $1, $2, NULL, $3, 'confirmed', s, s + interval '30 minutes', s, s + interval '30 minutes',
              'Bulk', 'Client ' || n
         FROM generate_series(1, 500) AS n,
              LATERAL (SELECT timestamptz '2027-03-20T00:00:00Z' + n * interval '3 hours' AS s) t`,
      [salon.business.id, salon.services.Colour!.id, customerId],
    );
    const started = performance.now();
    await feeds.rebuildPending();
    const built = performance.now() - started;
    const [business] = await feedList();
    const times: number[] = [];
    let body = '';
    for (let i = 0; i < 5; i += 1) {
      const t = performance.now();
      const res = await fetchFeed(business!.httpsUrl);
      times.push(performance.now() - t);
      expect(res.statusCode).toBe(200);
      body = res.body;
    }
    const events = parse(body).events;
    expect(events.filter((e) => e.summary.startsWith('Colour – Bulk Client')).length).toBe(500);
    // Serving is reading one row: far quicker than building.
    const median = times.sort((a, b) => a - b)[2]!;
    expect(median).toBeLessThan(Math.max(built, 200));
  });
});
