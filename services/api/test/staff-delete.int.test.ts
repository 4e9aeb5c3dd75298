// Removing a staff member who has bookings to come: the API refuses until the owner decides, then
// reassigns them all to someone else (or nothing when any clashes) or cancels them with the
// customers' SMS, in one transaction with the removal.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  AffectedBookingListSchema,
  DevOutboxMessageSchema,
  ErrorCode,
  StaffListSchema,
} from '@slotwise/contracts';
import { bearer, json, type SignedInOwner, signUpOwner } from './support/auth.js';
import { expectError, sydney } from './support/expect.js';
import { createTestContext, TEST_NOW, type TestContext } from './support/test-app.js';
import { bookingEventsWritten, endpointRow } from './support/webhook-rows.js';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
});

afterAll(async () => {
  await ctx?.close();
});

beforeEach(() => ctx.clock.set(TEST_NOW));

const at = sydney;

const error = expectError;

interface Shop {
  owner: SignedInOwner;
  id: number;
  cutId: number;
  mia: number;
  jack: number;
}

let phones = 0;
/** A customer's mobile number no other test uses. */
const nextPhone = () => `0400 600 ${String(++phones).padStart(3, '0')}`;

const BOOKING_CHANGES = ['booking.rescheduled', 'booking.cancelled', 'booking.status_changed'];

async function shop(): Promise<Shop> {
  const owner = await signUpOwner(ctx);
  const me = await ctx.request({
    method: 'GET',
    url: '/api/business/me',
    headers: bearer(owner.accessToken),
  });
  const id = (me.json() as { id: number }).id;
  await ctx.db.query(`UPDATE businesses SET subscription_plan = 'professional' WHERE id = $1`, [
    id,
  ]);
  const send = (url: string, body: unknown) =>
    ctx.request(json('POST', url, body, owner.accessToken));
  const cut = await send('/api/services', {
    businessId: id,
    name: 'Cut',
    duration: 60,
    price: 5000,
  });
  const cutId = (cut.json() as { id: number }).id;
  const staff = [];
  for (const firstName of ['Mia', 'Jack']) {
    const res = await send('/api/staff', {
      businessId: id,
      firstName,
      lastName: 'Staff',
      serviceIds: [cutId],
    });
    staff.push((res.json() as { id: number }).id);
  }
  return { owner, id, cutId, mia: staff[0]!, jack: staff[1]! };
}

/** A booking of `staffId` at that Sydney time, for a new client; its id and the client's phone. */
async function book(s: Shop, staffId: number, date: string, hhmm: string, firstName = 'Client') {
  const phone = nextPhone();
  const res = await ctx.request(
    json(
      'POST',
      `/api/business/${s.id}/appointments`,
      {
        serviceId: s.cutId,
        staffMemberId: staffId,
        date: at(date, hhmm),
        customer: { firstName, lastName: 'Customer', phone },
      },
      s.owner.accessToken,
    ),
  );
  expect(res.statusCode).toBe(201);
  return { id: (res.json() as { id: number }).id, phone };
}

function remove(s: Shop, staffId: number, query = '', token = s.owner.accessToken) {
  return ctx.request({
    method: 'DELETE',
    url: `/api/staff/${staffId}${query}`,
    headers: bearer(token),
  });
}

function upcoming(s: Shop, staffId: number, token = s.owner.accessToken) {
  return ctx.request({
    method: 'GET',
    url: `/api/staff/${staffId}/upcoming-appointments`,
    headers: bearer(token),
  });
}

async function staffIds(s: Shop): Promise<number[]> {
  const res = await ctx.request({
    method: 'GET',
    url: `/api/business/${s.id}/staff`,
    headers: bearer(s.owner.accessToken),
  });
  return StaffListSchema.parse(res.json()).map((m) => m.id);
}

async function bookingsOf(s: Shop) {
  return (await ctx.db.query(
    `SELECT id, staff_id, status FROM appointments WHERE business_id = $1 ORDER BY id`,
    [s.id],
  )) as { id: number; staff_id: number | null; status: string }[];
}

/** The business's outbox as it stands: the proof that nothing was sent or withdrawn. */
async function outboxOf(s: Shop) {
  return ctx.db.query(
    `SELECT id, kind, status, recipient, body FROM outbox WHERE business_id = $1 ORDER BY id`,
    [s.id],
  );
}

async function smsTo(phone: string) {
  const res = await ctx.get(`/api/dev/outbox?to=${encodeURIComponent(phone)}`);
  return DevOutboxMessageSchema.array()
    .parse(res.json())
    .filter((m) => m.channel === 'sms');
}

describe('DELETE /api/staff/{id} with bookings to come', () => {
  it('answers 409 with their number, lists them, and changes nothing', async () => {
    const s = await shop();
    await book(s, s.mia, '2027-01-05', '10:00');
    const wed = await book(s, s.mia, '2027-01-06', '10:00', 'Wendy');
    const thu = await book(s, s.mia, '2027-01-07', '14:00', 'Theo');
    const cancelled = await book(s, s.mia, '2027-01-08', '10:00');
    await ctx.request({
      method: 'DELETE',
      url: `/api/appointments/${cancelled.id}`,
      headers: bearer(s.owner.accessToken),
    });
    await book(s, s.jack, '2027-01-06', '10:00');
    // Tuesday noon: Tuesday's booking has happened, the cancelled one does not count.
    ctx.clock.set(at('2027-01-05', '12:00'));
    const before = await bookingsOf(s);

    const refused = error(await remove(s, s.mia), 409);
    expect(refused).toMatchObject({
      code: ErrorCode.STAFF_HAS_BOOKINGS,
      message: 'This staff member has 2 upcoming bookings. Reassign or cancel them first.',
    });
    expect(await staffIds(s)).toEqual([s.mia, s.jack]);
    expect(await bookingsOf(s)).toEqual(before);

    const list = await upcoming(s, s.mia);
    expect(list.statusCode).toBe(200);
    expect(AffectedBookingListSchema.parse(list.json())).toEqual([
      {
        id: wed.id,
        start: at('2027-01-06', '10:00'),
        end: at('2027-01-06', '11:00'),
        customerName: 'Wendy Customer',
        serviceName: 'Cut',
        staffName: 'Mia Staff',
      },
      expect.objectContaining({ id: thu.id, customerName: 'Theo Customer' }),
    ]);

    // One upcoming booking reads in the singular.
    const solo = await shop();
    await book(solo, solo.jack, '2027-01-06', '10:00');
    expect(error(await remove(solo, solo.jack), 409).message).toBe(
      'This staff member has 1 upcoming booking. Reassign or cancel them first.',
    );
  });

  it('removes someone with no bookings to come straight away', async () => {
    const s = await shop();
    const past = await book(s, s.mia, '2027-01-05', '10:00');
    ctx.clock.set(at('2027-01-06', '09:00'));
    expect((await remove(s, s.mia)).statusCode).toBe(204);
    expect(await staffIds(s)).toEqual([s.jack]);
    // The history keeps its staff member.
    expect((await bookingsOf(s)).find((b) => b.id === past.id)).toMatchObject({
      staff_id: s.mia,
      status: 'confirmed',
    });
  });

  it('reassigns every upcoming booking to the other person, texts nobody, then removes', async () => {
    const s = await shop();
    const wed = await book(s, s.mia, '2027-01-06', '10:00');
    const thu = await book(s, s.mia, '2027-01-07', '10:00');
    await book(s, s.jack, '2027-01-06', '11:00');
    const outbox = await outboxOf(s);
    const endpointId = await endpointRow(ctx.db, s.id, BOOKING_CHANGES);

    const res = await remove(s, s.mia, `?upcoming=reassign&to=${s.jack}`);
    expect(res.statusCode).toBe(204);
    // Integrations hear of each move once, as of any other (the writer writes the event).
    for (const booking of [wed, thu]) {
      expect(await bookingEventsWritten(ctx.db, endpointId, booking.id)).toEqual([
        {
          type: 'booking.rescheduled',
          data: expect.objectContaining({ staffId: s.jack, previousStaffId: s.mia }),
        },
      ]);
    }
    expect(await staffIds(s)).toEqual([s.jack]);
    const rows = await bookingsOf(s);
    for (const id of [wed.id, thu.id]) {
      expect(rows.find((b) => b.id === id)).toMatchObject({
        staff_id: s.jack,
        status: 'confirmed',
      });
    }
    // Same time, so no SMS, and the reminders (which name no staff member) stay as they were.
    expect(await outboxOf(s)).toEqual(outbox);
    expect(AffectedBookingListSchema.parse((await upcoming(s, s.jack)).json())).toHaveLength(3);
  });

  it('moves nothing and removes nobody when any booking clashes with the other person', async () => {
    const s = await shop();
    const wed = await book(s, s.mia, '2027-01-06', '10:00');
    const thu = await book(s, s.mia, '2027-01-07', '10:00');
    await book(s, s.jack, '2027-01-07', '10:30');
    const before = await bookingsOf(s);
    const outbox = await outboxOf(s);

    const refused = error(await remove(s, s.mia, `?upcoming=reassign&to=${s.jack}`), 409);
    expect(refused).toMatchObject({
      code: ErrorCode.STAFF_REASSIGN_CLASH,
      message:
        "1 booking clashes with Jack Staff's other bookings, so nothing was moved or deleted. Choose someone else, or cancel them.",
      issues: [
        { path: `appointments.${thu.id}`, message: 'Clashes with another booking of Jack Staff' },
      ],
    });
    // Wednesday's booking could have moved: all or nothing, so it did not.
    expect(await bookingsOf(s)).toEqual(before);
    expect(before.find((b) => b.id === wed.id)).toMatchObject({ staff_id: s.mia });
    expect(await staffIds(s)).toEqual([s.mia, s.jack]);
    expect(await outboxOf(s)).toEqual(outbox);
  });

  it('cancels every upcoming booking, texts each customer that the business cancelled, then removes', async () => {
    const s = await shop();
    const wed = await book(s, s.mia, '2027-01-06', '10:00');
    const thu = await book(s, s.mia, '2027-01-07', '15:30');
    const jacks = await book(s, s.jack, '2027-01-07', '15:30');

    const endpointId = await endpointRow(ctx.db, s.id, BOOKING_CHANGES);

    const res = await remove(s, s.mia, '?upcoming=cancel');
    expect(res.statusCode).toBe(204);
    for (const booking of [wed, thu]) {
      const events = await bookingEventsWritten(ctx.db, endpointId, booking.id);
      expect(events.map((e) => e.type)).toEqual(['booking.status_changed', 'booking.cancelled']);
      expect(events[1]!.data).toMatchObject({ cancelledBy: 'business' });
    }
    expect(await bookingEventsWritten(ctx.db, endpointId, jacks.id)).toEqual([]);
    expect(await staffIds(s)).toEqual([s.jack]);
    const rows = await bookingsOf(s);
    expect(rows.find((b) => b.id === wed.id)!.status).toBe('cancelled');
    expect(rows.find((b) => b.id === thu.id)!.status).toBe('cancelled');
    expect(rows.find((b) => b.id === jacks.id)!.status).toBe('confirmed');

    for (const [booking, when] of [
      [wed, '10:00 AM'],
      [thu, '3:30 PM'],
    ] as const) {
      const sms = await smsTo(booking.phone);
      const cancelledBy = sms.filter((m) => m.kind === 'cancelled-by-business');
      expect(cancelledBy).toHaveLength(1);
      expect(cancelledBy[0]!.body).toContain('has cancelled your Cut');
      expect(cancelledBy[0]!.body).toContain(when);
      // The reminder the booking had (Professional) will not go out.
      expect(sms.filter((m) => m.kind === 'reminder').map((m) => m.status)).toEqual(['cancelled']);
    }
    expect((await smsTo(jacks.phone)).map((m) => m.kind)).not.toContain('cancelled-by-business');
  });

  it('refuses a reassignment without someone else active of the business, changing nothing', async () => {
    const s = await shop();
    const other = await shop();
    await book(s, s.mia, '2027-01-06', '10:00');
    await ctx.db.query('UPDATE staff_members SET is_active = false WHERE id = $1', [s.jack]);
    const before = await bookingsOf(s);

    expect(error(await remove(s, s.mia, '?upcoming=reassign'), 400).issues).toEqual([
      { path: 'to', message: 'Choose the staff member who takes over these bookings' },
    ]);
    for (const to of [s.mia, s.jack, other.jack]) {
      const refused = error(await remove(s, s.mia, `?upcoming=reassign&to=${to}`), 400);
      expect(refused.message).toBe(
        'Choose another active staff member to take over these bookings',
      );
    }
    expect(error(await remove(s, s.mia, '?upcoming=later'), 400).code).toBe(
      ErrorCode.VALIDATION_FAILED,
    );
    expect(await bookingsOf(s)).toEqual(before);
    expect(await staffIds(s)).toEqual([s.mia, s.jack]);
  });

  it("refuses another owner: neither the list nor the removal of someone else's staff member", async () => {
    const s = await shop();
    const intruder = await shop();
    const booking = await book(s, s.mia, '2027-01-06', '10:00');
    const outbox = await outboxOf(s);

    expect((await upcoming(s, s.mia, intruder.owner.accessToken)).statusCode).toBe(404);
    for (const query of ['', '?upcoming=cancel', `?upcoming=reassign&to=${intruder.jack}`]) {
      const res = await remove(s, s.mia, query, intruder.owner.accessToken);
      expect(res.statusCode).toBe(404);
      expect(JSON.stringify(res.json())).not.toContain('Client');
    }
    expect(await staffIds(s)).toEqual([s.mia, s.jack]);
    expect((await bookingsOf(s)).find((b) => b.id === booking.id)).toMatchObject({
      staff_id: s.mia,
      status: 'confirmed',
    });
    expect(await outboxOf(s)).toEqual(outbox);
  });
});
