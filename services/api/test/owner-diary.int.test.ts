// The owner's diary through the API: phone and walk-in bookings, moves (time and staff member,
// with the customer's "moved" SMS and fresh links), hours that need a confirmation, and no-shows.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  DevOutboxMessageSchema,
  ErrorCode,
  ErrorMessages,
  OwnerAppointmentSchema,
} from '@slotwise/contracts';
import { bookingRequest } from './support/fixtures.js';
import { bearer, json, type SignedInOwner, signUpOwner } from './support/auth.js';
import { expectError, sydney } from './support/expect.js';
import { createTestContext, TEST_NOW, type TestContext } from './support/test-app.js';

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

function create(s: Shop, body: Record<string, unknown>) {
  return ctx.request(
    json(
      'POST',
      `/api/business/${s.id}/appointments`,
      { serviceId: s.cutId, ...body },
      s.owner.accessToken,
    ),
  );
}

function patch(s: Shop, id: number, body: Record<string, unknown>) {
  return ctx.request(json('PATCH', `/api/appointments/${id}`, body, s.owner.accessToken));
}

async function smsTo(phone: string) {
  const res = await ctx.get(`/api/dev/outbox?to=${encodeURIComponent(phone)}`);
  // The Professional plan's reminders wait in the outbox too; these are the messages sent now.
  return DevOutboxMessageSchema.array()
    .parse(res.json())
    .filter((m) => m.channel === 'sms' && m.kind !== 'reminder');
}

const caller = (phone: string) => ({
  customer: { firstName: 'Phone', lastName: 'Caller', phone },
});

/** Every reason an error lists, by its issues' paths ('reasons.<reason>'). */
function reasonsOf(res: Awaited<ReturnType<typeof create>>) {
  const body = res.json() as { issues?: { path: string }[] };
  return (body.issues ?? []).map((i) => i.path);
}

describe('every reason named', () => {
  it('books across a break only once the owner confirms (a break is outside the hours)', async () => {
    const s = await shop();
    const withBreak = [0, 1, 2, 3, 4, 5, 6].map((dayOfWeek) => ({
      dayOfWeek,
      isOpen: dayOfWeek >= 1 && dayOfWeek <= 5,
      intervals: [
        { openTime: '09:00', closeTime: '12:30' },
        { openTime: '13:30', closeTime: '17:00' },
      ],
      slotDuration: 30,
    }));
    const put = await ctx.request(
      json('PUT', `/api/business/${s.id}/availability`, withBreak, s.owner.accessToken),
    );
    expect(put.statusCode).toBe(200);
    const across = {
      date: at('2027-01-05', '12:00'),
      staffMemberId: s.mia,
      ...caller('0400 700 001'),
    };
    const asked = await create(s, across);
    expect(error(asked, 409).code).toBe(ErrorCode.OUTSIDE_HOURS);
    expect(reasonsOf(asked)).toEqual(['reasons.outside_hours']);
    expect((await create(s, { ...across, outsideHours: true })).statusCode).toBe(201);
  });

  it('refuses moving a colour to Mia, on leave and not offering it, even when confirmed', async () => {
    const s = await shop();
    const colour = await ctx.request(
      json(
        'POST',
        '/api/services',
        { businessId: s.id, name: 'Colour & Cut', duration: 120, price: 15000 },
        s.owner.accessToken,
      ),
    );
    const colourId = (colour.json() as { id: number }).id;
    // Only Jack offers colour.
    expect(
      (
        await ctx.request(
          json(
            'PATCH',
            `/api/staff/${s.jack}`,
            { serviceIds: [s.cutId, colourId] },
            s.owner.accessToken,
          ),
        )
      ).statusCode,
    ).toBeLessThan(300);
    const leave = await ctx.request(
      json(
        'POST',
        `/api/staff/${s.mia}/time-off`,
        { start: at('2027-01-06', '00:00'), end: at('2027-01-07', '00:00'), reason: 'Leave' },
        s.owner.accessToken,
      ),
    );
    expect(leave.statusCode).toBe(201);
    const a = OwnerAppointmentSchema.parse(
      (
        await create(s, {
          serviceId: colourId,
          date: at('2027-01-06', '10:00'),
          staffMemberId: s.jack,
          ...caller('0400 700 002'),
        })
      ).json(),
    );
    for (const outsideHours of [false, true]) {
      const refused = await patch(s, a.id, { staffMemberId: s.mia, outsideHours });
      expect(error(refused, 409).code).toBe(ErrorCode.BOOKING_REFUSED);
      expect(reasonsOf(refused)).toEqual(['reasons.on_leave', 'reasons.service_not_offered']);
      expect((refused.json() as { message: string }).message).toContain('on leave');
    }
    // A new appointment with Mia then is refused for the same reasons.
    const booked = await create(s, {
      serviceId: colourId,
      date: at('2027-01-06', '14:00'),
      staffMemberId: s.mia,
      outsideHours: true,
      ...caller('0400 700 003'),
    });
    expect(error(booked, 409).code).toBe(ErrorCode.BOOKING_REFUSED);
    expect(reasonsOf(booked)).toEqual(['reasons.on_leave', 'reasons.service_not_offered']);
    // Over another booking of Jack's and outside the hours: both named, no confirmation lifts it.
    const late = await create(s, {
      serviceId: colourId,
      date: at('2027-01-06', '16:00'),
      staffMemberId: s.jack,
      outsideHours: true,
      ...caller('0400 700 004'),
    });
    expect(late.statusCode).toBe(201);
    const over = await patch(s, a.id, { date: at('2027-01-06', '16:00'), outsideHours: true });
    expect(error(over, 409).code).toBe(ErrorCode.SLOT_TAKEN);
    expect(reasonsOf(over)).toEqual(['reasons.outside_hours', 'reasons.overlaps']);
  });
});

describe('phone and walk-in bookings', () => {
  it('books a caller in with the staff member chosen and texts them their links', async () => {
    const s = await shop();
    const res = await create(s, {
      date: at('2027-01-05', '10:15'),
      staffMemberId: s.jack,
      notes: 'Prefers Jack',
      ...caller('0400 500 001'),
    });
    expect(res.statusCode).toBe(201);
    const booked = OwnerAppointmentSchema.parse(res.json());
    // Off the public 30-minute grid is fine for the owner.
    expect(booked).toMatchObject({
      date: at('2027-01-05', '10:15'),
      staffMemberId: s.jack,
      status: 'confirmed',
      notes: 'Prefers Jack',
    });
    const sms = await smsTo('0400 500 001');
    expect(sms).toHaveLength(1);
    expect(sms[0]!.body).toContain('/cancel?token=');
    expect(sms[0]!.body).toContain('10:15 AM');
  });

  it('sends nothing when the owner unticks the SMS, and ignores the public booking window', async () => {
    const s = await shop();
    // Now is 11:00 AM Monday: the public minimum notice is an hour, the owner can book 11:30.
    const res = await create(s, {
      date: at('2027-01-04', '11:30'),
      notifyCustomer: false,
      ...caller('0400 500 002'),
    });
    expect(res.statusCode).toBe(201);
    expect(await smsTo('0400 500 002')).toEqual([]);
  });

  it('picks a free staff member, and refuses when every one is busy', async () => {
    const s = await shop();
    const first = await create(s, { date: at('2027-01-05', '09:00'), ...caller('0400 500 003') });
    const second = await create(s, { date: at('2027-01-05', '09:00'), ...caller('0400 500 004') });
    const staffIds = [first, second].map(
      (r) => OwnerAppointmentSchema.parse(r.json()).staffMemberId,
    );
    expect(new Set(staffIds)).toEqual(new Set([s.mia, s.jack]));
    const third = await create(s, { date: at('2027-01-05', '09:30'), ...caller('0400 500 005') });
    expect(error(third, 409).message).toBe('This time slot is already booked');
  });

  it('asks for a confirmation outside opening hours, then books', async () => {
    const s = await shop();
    const late = {
      date: at('2027-01-05', '18:00'),
      staffMemberId: s.mia,
      ...caller('0400 500 006'),
    };
    expect(error(await create(s, late), 409)).toMatchObject({
      code: 'OUTSIDE_HOURS',
      message: 'This time is outside the opening hours. Confirm to book it anyway.',
    });
    expect((await create(s, { ...late, outsideHours: true })).statusCode).toBe(201);
  });

  it('books an existing client by id, never another business’s', async () => {
    const s = await shop();
    const other = await shop();
    const online = await ctx.post(
      '/api/appointments',
      bookingRequest(s.id, s.cutId, at('2027-01-06', '09:00'), { phone: '0400 500 007' }),
    );
    expect(online.statusCode).toBe(201);
    const [row] = (await ctx.db.query(
      `SELECT customer_id FROM appointments WHERE business_id = $1`,
      [s.id],
    )) as { customer_id: number }[];
    const again = await create(s, {
      date: at('2027-01-07', '09:00'),
      customerId: row!.customer_id,
    });
    expect(again.statusCode).toBe(201);
    expect(OwnerAppointmentSchema.parse(again.json()).customer.phone).toBe('+61400500007');
    const stolen = await create(other, {
      serviceId: other.cutId,
      date: at('2027-01-07', '09:00'),
      customerId: row!.customer_id,
    });
    expect(error(stolen, 404).message).toBe('Client not found');
  });

  it('checks a new client’s number beside its field, and texts mobiles only', async () => {
    const s = await shop();
    const bad = error(
      await create(s, { date: at('2027-01-05', '09:00'), ...caller('0400 12') }),
      400,
    );
    expect(bad.issues).toEqual([
      { path: 'customer.phone', message: 'Please enter a valid phone number' },
    ]);
    // A Sydney landline books, without a text.
    const landline = await create(s, {
      date: at('2027-01-05', '09:00'),
      ...caller('02 9876 5432'),
    });
    expect(landline.statusCode).toBe(201);
    // Nor when it is moved or cancelled.
    const { id } = OwnerAppointmentSchema.parse(landline.json());
    expect((await patch(s, id, { date: at('2027-01-05', '10:00') })).statusCode).toBe(200);
    expect((await patch(s, id, { status: 'cancelled' })).statusCode).toBe(200);
    const all = await ctx.get(`/api/dev/outbox?to=${encodeURIComponent('+61298765432')}`);
    expect(DevOutboxMessageSchema.array().parse(all.json())).toEqual([]);
  });

  it('lands a new client with a known number and name on the stored client, changing nothing stored', async () => {
    const s = await shop();
    const online = await ctx.post(
      '/api/appointments',
      bookingRequest(s.id, s.cutId, at('2027-01-06', '09:00'), {
        firstName: 'Sam',
        lastName: 'Lee',
        phone: '0400 500 010',
        email: 'sam@example.com',
        notificationPreferences: { email: true, sms: false },
      }),
    );
    expect(online.statusCode).toBe(201);
    const stored = async () =>
      (await ctx.db.query(
        `SELECT id, first_name, last_name, email, notify_email, notify_sms
           FROM customers WHERE business_id = $1 ORDER BY id`,
        [s.id],
      )) as Record<string, unknown>[];
    const before = await stored();

    // The owner types the number in another format and the name in other case, without email.
    const same = await create(s, {
      date: at('2027-01-07', '09:00'),
      customer: { firstName: 'sam', lastName: 'LEE', phone: '+61 400 500 010' },
    });
    expect(same.statusCode).toBe(201);
    expect(await stored()).toEqual(before);
    expect(before).toEqual([
      {
        id: expect.any(Number),
        first_name: 'Sam',
        last_name: 'Lee',
        email: 'sam@example.com',
        notify_email: true,
        notify_sms: false,
      },
    ]);
    // The appointment shows the name it was booked with, and the client's email on file.
    expect(OwnerAppointmentSchema.parse(same.json()).customer).toMatchObject({
      firstName: 'sam',
      lastName: 'LEE',
      email: 'sam@example.com',
      notificationPreferences: { email: true, sms: false },
    });
    const [{ clients }] = (await ctx.db.query(
      `SELECT count(DISTINCT customer_id)::int AS clients FROM appointments WHERE business_id = $1`,
      [s.id],
    )) as [{ clients: number }];
    expect(clients).toBe(1);
  });

  it('makes another client for the same number with another name (decision 35)', async () => {
    const s = await shop();
    const online = await ctx.post(
      '/api/appointments',
      bookingRequest(s.id, s.cutId, at('2027-01-06', '09:00'), {
        firstName: 'Jo',
        lastName: '',
        phone: '0400 500 011',
        email: null,
      }),
    );
    expect(online.statusCode).toBe(201);
    const res = await create(s, {
      date: at('2027-01-07', '09:00'),
      customer: {
        firstName: 'Joanne',
        lastName: 'Bloggs',
        phone: '0400 500 011',
        email: 'jo@example.com',
      },
    });
    expect(res.statusCode).toBe(201);
    expect(OwnerAppointmentSchema.parse(res.json()).customer).toMatchObject({
      firstName: 'Joanne',
      lastName: 'Bloggs',
      email: 'jo@example.com',
    });
    expect(
      await ctx.db.query(
        `SELECT first_name, last_name, email FROM customers WHERE business_id = $1 ORDER BY id`,
        [s.id],
      ),
    ).toEqual([
      { first_name: 'Jo', last_name: '', email: null },
      { first_name: 'Joanne', last_name: 'Bloggs', email: 'jo@example.com' },
    ]);
  });

  it('books a walk-in by name alone: no number, no text, the name in the diary', async () => {
    const s = await shop();
    const res = await create(s, {
      date: at('2027-01-07', '10:00'),
      customer: { firstName: 'Walk', lastName: 'In', phone: '' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const booked = OwnerAppointmentSchema.parse(res.json());
    expect(booked.customer).toMatchObject({ firstName: 'Walk', lastName: 'In', phone: '' });
    const texts = await ctx.db.query(
      `SELECT id FROM outbox WHERE appointment_id = $1 AND channel = 'sms'`,
      [booked.id],
    );
    expect(texts).toEqual([]);
    // Without the field at all, too; a number that cannot be real is still refused.
    const none = await create(s, {
      date: at('2027-01-07', '12:00'),
      customer: { firstName: 'Another', lastName: 'Walker' },
    });
    expect(none.statusCode, none.body).toBe(201);
    const bad = await create(s, {
      date: at('2027-01-07', '14:00'),
      customer: { firstName: 'Bad', phone: 'call me' },
    });
    expect(bad.statusCode).toBe(400);
  });

  it('refuses a body without a client or with both kinds', async () => {
    const s = await shop();
    expect(error(await create(s, { date: at('2027-01-05', '09:00') }), 400).message).toBe(
      'Choose a client or enter a new one',
    );
  });
});

describe('moves', () => {
  it('moves to a new time and staff member, with the "moved" SMS and fresh links', async () => {
    const s = await shop();
    const phone = '0400 600 001';
    const booked = OwnerAppointmentSchema.parse(
      (
        await create(s, { date: at('2027-01-05', '09:00'), staffMemberId: s.mia, ...caller(phone) })
      ).json(),
    );
    const oldCancel = /\/cancel\?token=([A-Za-z0-9_-]+)/.exec((await smsTo(phone))[0]!.body)![1]!;
    const res = await patch(s, booked.id, {
      date: at('2027-01-05', '14:00'),
      staffMemberId: s.jack,
    });
    expect(res.statusCode).toBe(200);
    expect(OwnerAppointmentSchema.parse(res.json())).toMatchObject({
      date: at('2027-01-05', '14:00'),
      end: at('2027-01-05', '15:00'),
      staffMemberId: s.jack,
    });
    const sms = await smsTo(phone);
    expect(sms).toHaveLength(2);
    expect(sms[0]!.body).toContain('has been moved to');
    expect(sms[0]!.body).toContain('2:00 PM');
    // The old link is spent; the new one works.
    expect((await ctx.get(`/api/cancel-appointment?token=${oldCancel}`)).statusCode).toBe(400);
    const fresh = /\/reschedule\?token=([A-Za-z0-9_-]+)/.exec(sms[0]!.body)![1]!;
    const details = await ctx.get(`/api/reschedule?token=${fresh}`);
    expect(details.statusCode).toBe(200);
    expect(details.json()).toMatchObject({
      date: at('2027-01-05', '14:00'),
      staffMemberId: s.jack,
    });
  });

  it('never moves onto another booking of the same person (409), and leaves it unchanged', async () => {
    const s = await shop();
    const a = OwnerAppointmentSchema.parse(
      (
        await create(s, {
          date: at('2027-01-05', '09:00'),
          staffMemberId: s.mia,
          ...caller('0400 600 002'),
        })
      ).json(),
    );
    await create(s, {
      date: at('2027-01-05', '11:00'),
      staffMemberId: s.mia,
      ...caller('0400 600 003'),
    });
    const clash = await patch(s, a.id, { date: at('2027-01-05', '11:30') });
    expect(error(clash, 409).code).toBe('SLOT_TAKEN');
    const [row] = (await ctx.db.query(`SELECT starts_at FROM appointments WHERE id = $1`, [
      a.id,
    ])) as {
      starts_at: Date;
    }[];
    expect(row!.starts_at.toISOString()).toBe(at('2027-01-05', '09:00'));
    // Another person is free then.
    expect(
      (await patch(s, a.id, { date: at('2027-01-05', '11:30'), staffMemberId: s.jack })).statusCode,
    ).toBe(200);
  });

  it('asks before moving outside hours, and moves quietly when told to', async () => {
    const s = await shop();
    const phone = '0400 600 004';
    const a = OwnerAppointmentSchema.parse(
      (
        await create(s, { date: at('2027-01-05', '09:00'), staffMemberId: s.mia, ...caller(phone) })
      ).json(),
    );
    expect(error(await patch(s, a.id, { date: at('2027-01-09', '09:00') }), 409).code).toBe(
      'OUTSIDE_HOURS',
    );
    const quiet = await patch(s, a.id, {
      date: at('2027-01-09', '09:00'),
      outsideHours: true,
      notifyCustomer: false,
    });
    expect(quiet.statusCode).toBe(200);
    // The request to confirm the new time waits for its own hour (48 h before), as any booking's;
    // nothing tells the customer of the move now.
    const toldNow = async () =>
      (await smsTo(phone)).filter((t) => !t.body.includes('Reply Y to confirm'));
    const texts = await toldNow();
    expect(texts).toHaveLength(1);
    // Not told of the move, the customer's links still work, for the new time.
    const reschedule = /\/reschedule\?token=([A-Za-z0-9_-]+)/.exec(texts[0]!.body)![1]!;
    const details = await ctx.get(`/api/reschedule?token=${reschedule}`);
    expect(details.statusCode).toBe(200);
    expect(details.json()).toMatchObject({ date: at('2027-01-09', '09:00') });
    // Another staff member at the same time: nothing to tell, the links stay.
    expect((await patch(s, a.id, { staffMemberId: s.jack, outsideHours: true })).statusCode).toBe(
      200,
    );
    expect(await toldNow()).toHaveLength(1);
    expect((await ctx.get(`/api/reschedule?token=${reschedule}`)).statusCode).toBe(200);
  });

  it('refuses to move a cancelled appointment', async () => {
    const s = await shop();
    const a = OwnerAppointmentSchema.parse(
      (await create(s, { date: at('2027-01-05', '09:00'), ...caller('0400 600 005') })).json(),
    );
    await patch(s, a.id, { status: 'cancelled' });
    expect(error(await patch(s, a.id, { date: at('2027-01-05', '10:00') }), 400).message).toBe(
      'A cancelled appointment cannot be moved. Book a new one instead.',
    );
  });
});

describe('no-shows', () => {
  it('marks a no-show only once the appointment has started', async () => {
    const s = await shop();
    const a = OwnerAppointmentSchema.parse(
      (await create(s, { date: at('2027-01-05', '09:00'), ...caller('0400 700 001') })).json(),
    );
    for (const status of ['no_show', 'completed']) {
      expect(error(await patch(s, a.id, { status }), 400).message).toBe(
        'An appointment can be marked completed or no-show only once it has started.',
      );
    }
    ctx.clock.set(at('2027-01-05', '09:20'));
    const res = await patch(s, a.id, { status: 'no_show' });
    expect(res.statusCode).toBe(200);
    expect(OwnerAppointmentSchema.parse(res.json()).status).toBe('no_show');
    const list = await ctx.request({
      method: 'GET',
      url: `/api/business/${s.id}/appointments?status=no_show`,
      headers: bearer(s.owner.accessToken),
    });
    expect((list.json() as unknown[]).length).toBe(1);
  });
});

// Under concurrent requests (bookings of one staff member's time, moves onto one free slot) the
// database's exclusion constraint decides; every loser gets 409 SLOT_TAKEN.
const RACE_ATTEMPTS = 20;

/** Statuses of the answers; every refusal is the API's error shape with SLOT_TAKEN. */
function outcome(responses: { statusCode: number; json(): unknown }[], won: number) {
  const statuses = responses.map((r) => r.statusCode);
  for (const r of responses.filter((x) => x.statusCode !== won)) {
    expect(error(r, 409)).toMatchObject({
      code: ErrorCode.SLOT_TAKEN,
      message: ErrorMessages.slotTaken,
    });
  }
  return statuses;
}

/** Pairs of live bookings of one resource whose blocked times overlap (the constraint forbids). */
async function overlaps(businessId: number) {
  const [row] = (await ctx.db.query(
    `SELECT count(*)::int AS n
       FROM appointments a JOIN appointments b
         ON a.resource_key = b.resource_key AND a.id < b.id
        AND tstzrange(a.blocked_from, a.blocked_until, '[)')
            && tstzrange(b.blocked_from, b.blocked_until, '[)')
      WHERE a.business_id = $1 AND a.status <> 'cancelled' AND b.status <> 'cancelled'`,
    [businessId],
  )) as { n: number }[];
  return row!.n;
}

describe('concurrent owner bookings', () => {
  it('books one of many requests for one staff member and time; the rest get 409', async () => {
    const s = await shop();
    const date = at('2027-01-05', '10:00');
    const responses = await Promise.all(
      Array.from({ length: RACE_ATTEMPTS }, (_, i) =>
        create(s, {
          date,
          staffMemberId: s.mia,
          customer: { firstName: 'Caller', lastName: `${i}`, phone: `0400 800 ${100 + i}` },
        }),
      ),
    );
    const statuses = outcome(responses, 201);
    expect(statuses.filter((x) => x === 201)).toHaveLength(1);
    expect(statuses.filter((x) => x === 409)).toHaveLength(RACE_ATTEMPTS - 1);

    const rows = (await ctx.db.query(
      `SELECT id, staff_id, starts_at FROM appointments WHERE business_id = $1`,
      [s.id],
    )) as { id: number; staff_id: number; starts_at: Date }[];
    expect(rows).toHaveLength(1);
    const won = OwnerAppointmentSchema.parse(responses.find((r) => r.statusCode === 201)!.json());
    expect(rows[0]).toEqual({ id: won.id, staff_id: s.mia, starts_at: new Date(date) });
    // The losers' new clients went with their bookings.
    const [clients] = (await ctx.db.query(
      `SELECT count(*)::int AS n FROM customers WHERE business_id = $1`,
      [s.id],
    )) as { n: number }[];
    expect(clients!.n).toBe(1);
  });
});

describe('concurrent moves', () => {
  it('moves one of several appointments onto a free slot; the rest get 409 and stay put', async () => {
    const s = await shop();
    const booked: { id: number; date: string; staffMemberId: number | null }[] = [];
    for (const [i, staffMemberId] of [s.mia, s.jack].entries()) {
      for (const [j, time] of ['09:00', '10:00', '11:00'].entries()) {
        const res = await create(s, {
          date: at('2027-01-05', time),
          staffMemberId,
          customer: { firstName: 'Client', phone: `0400 900 ${100 + i * 10 + j}` },
        });
        expect(res.statusCode, `${time} ${res.body}`).toBe(201);
        booked.push(OwnerAppointmentSchema.parse(res.json()));
      }
    }
    const target = at('2027-01-05', '14:00');
    const responses = await Promise.all(
      booked.map((a) => patch(s, a.id, { date: target, staffMemberId: s.mia })),
    );
    const statuses = outcome(responses, 200);
    expect(statuses.filter((x) => x === 200)).toHaveLength(1);
    expect(statuses.filter((x) => x === 409)).toHaveLength(booked.length - 1);

    const rows = (await ctx.db.query(
      `SELECT id, staff_id, starts_at FROM appointments WHERE business_id = $1 ORDER BY id`,
      [s.id],
    )) as { id: number; staff_id: number; starts_at: Date }[];
    const winner = booked[statuses.indexOf(200)]!;
    expect(rows).toEqual(
      booked.map((a) =>
        a === winner
          ? { id: a.id, staff_id: s.mia, starts_at: new Date(target) }
          : { id: a.id, staff_id: a.staffMemberId, starts_at: new Date(a.date) },
      ),
    );
    expect(await overlaps(s.id)).toBe(0);
  });
});
