// A real shop's availability through the API: breaks, staff hours, closures, special hours, time
// off, buffers (held by the database too), the booking window and its cut-off, days at a glance,
// and the bookings a change of hours would strand.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  AffectedBookingListSchema,
  AvailableDaysSchema,
  AvailableTimeListSchema,
  AvailabilitySchema,
  ClosureListSchema,
  ClosureSchema,
  DevOutboxMessageSchema,
  PublicHolidayListSchema,
  SpecialHoursListSchema,
  SpecialHoursSchema,
  StaffHoursSchema,
  TimeOffListSchema,
  TimeOffSchema,
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

const TZ = 'Australia/Sydney';
/** 'YYYY-MM-DD' + 'HH:MM' in Sydney → ISO UTC as the API writes it. */
const at = sydney;

const error = expectError;

interface Shop {
  owner: SignedInOwner;
  id: number;
  slug: string;
  cutId: number;
  staffIds: number[];
}

/** An owner's shop with a 60-minute service and the staff named (all offering it). */
async function shop(staff: string[] = [], service: Record<string, unknown> = {}): Promise<Shop> {
  const owner = await signUpOwner(ctx);
  const me = await ctx.request({
    method: 'GET',
    url: '/api/business/me',
    headers: bearer(owner.accessToken),
  });
  const business = me.json() as { id: number; slug: string };
  const cut = await ctx.request(
    json(
      'POST',
      '/api/services',
      { businessId: business.id, name: 'Cut', duration: 60, price: 5000, ...service },
      owner.accessToken,
    ),
  );
  expect(cut.statusCode).toBe(201);
  const cutId = (cut.json() as { id: number }).id;
  // Professional, so several staff members are allowed.
  await ctx.db.query(`UPDATE businesses SET subscription_plan = 'professional' WHERE id = $1`, [
    business.id,
  ]);
  const staffIds: number[] = [];
  for (const firstName of staff) {
    const res = await ctx.request(
      json(
        'POST',
        '/api/staff',
        { businessId: business.id, firstName, lastName: 'Staff', serviceIds: [cutId] },
        owner.accessToken,
      ),
    );
    expect(res.statusCode).toBe(201);
    staffIds.push((res.json() as { id: number }).id);
  }
  return { owner, id: business.id, slug: business.slug, cutId, staffIds };
}

function send(s: Shop, method: 'POST' | 'PATCH' | 'PUT', url: string, body: unknown) {
  return ctx.request(json(method, url, body, s.owner.accessToken));
}

function ownerGet(s: Shop, url: string) {
  return ctx.request({ method: 'GET', url, headers: bearer(s.owner.accessToken) });
}

function ownerDelete(s: Shop, url: string) {
  return ctx.request({ method: 'DELETE', url, headers: bearer(s.owner.accessToken) });
}

/** The business's week, every day open with the same intervals. */
function week(intervals: { openTime: string; closeTime: string }[], slotDuration = 60) {
  return [0, 1, 2, 3, 4, 5, 6].map((dayOfWeek) => ({
    dayOfWeek,
    isOpen: true,
    intervals,
    slotDuration,
  }));
}

async function times(s: Shop, date: string, staffId?: number): Promise<string[]> {
  const staff = staffId ? `&staffId=${staffId}` : '';
  const res = await ctx.get(
    `/api/business/slug/${s.slug}/available-times?date=${date}&serviceId=${s.cutId}${staff}`,
  );
  expect(res.statusCode).toBe(200);
  return AvailableTimeListSchema.parse(res.json()).map((t) => t.time);
}

async function days(s: Shop, month: string, staffId?: number) {
  const staff = staffId ? `&staffId=${staffId}` : '';
  const res = await ctx.get(
    `/api/business/slug/${s.slug}/available-days?month=${month}&serviceId=${s.cutId}${staff}`,
  );
  expect(res.statusCode).toBe(200);
  const body = AvailableDaysSchema.parse(res.json());
  return (date: string) => body.days.find((d) => d.date === date)?.status;
}

function book(s: Shop, start: string, extra: Record<string, unknown> = {}) {
  return ctx.post('/api/appointments', bookingRequest(s.id, s.cutId, start, extra));
}

describe('slot interval', () => {
  it('offers a 20-minute service every 5 minutes once the business steps by 5', async () => {
    const s = await shop([], { duration: 20 });
    const hours = week([{ openTime: '09:00', closeTime: '10:00' }]);
    expect((await send(s, 'PUT', `/api/business/${s.id}/availability`, hours)).statusCode).toBe(
      200,
    );
    // The week's step of 60 minutes is the business's interval.
    expect(await times(s, '2027-01-05')).toEqual(['9:00 AM']);
    error(await send(s, 'PATCH', `/api/business/${s.id}`, { slotInterval: 7 }), 400);
    const patched = await send(s, 'PATCH', `/api/business/${s.id}`, { slotInterval: 5 });
    expect(patched.statusCode).toBe(200);
    expect(patched.json()).toMatchObject({ slotInterval: 5 });
    const every5 = ['9:00', '9:05', '9:10', '9:15', '9:20', '9:25', '9:30', '9:35', '9:40'];
    expect(await times(s, '2027-01-05')).toEqual(every5.map((t) => `${t} AM`));
    expect((await book(s, at('2027-01-05', '09:05'))).statusCode).toBe(201);
    expect(await times(s, '2027-01-05')).toEqual(['9:25 AM', '9:30 AM', '9:35 AM', '9:40 AM']);
  });
});

describe('long services and breaks', () => {
  it('says no times left on open days a 240-minute balayage cannot fit, and books the late day', async () => {
    const s = await shop([], { duration: 240 });
    const day = [
      { openTime: '09:00', closeTime: '12:30' },
      { openTime: '13:30', closeTime: '17:00' },
    ];
    const lateNight = [
      { openTime: '09:00', closeTime: '12:30' },
      { openTime: '13:30', closeTime: '21:00' },
    ];
    // Thursday is the late night; Sunday is closed.
    const hours = week(day).map((d) =>
      d.dayOfWeek === 4
        ? { ...d, intervals: lateNight }
        : d.dayOfWeek === 0
          ? { ...d, isOpen: false }
          : d,
    );
    expect((await send(s, 'PUT', `/api/business/${s.id}/availability`, hours)).statusCode).toBe(
      200,
    );
    const status = await days(s, '2027-01');
    expect(status('2027-01-05')).toBe('no_times_left');
    expect(status('2027-01-06')).toBe('no_times_left');
    expect(status('2027-01-10')).toBe('closed');
    expect(status('2027-01-07')).toBe('available');
    expect(await times(s, '2027-01-05')).toEqual([]);
    expect((await times(s, '2027-01-07'))[0]).toBe('1:30 PM');
    expect((await book(s, at('2027-01-07', '13:30'))).statusCode).toBe(201);
  });
});

describe('opening intervals', () => {
  it('keeps a lunch break free and mirrors the first interval as openTime/closeTime', async () => {
    const s = await shop();
    const put = await send(
      s,
      'PUT',
      `/api/business/${s.id}/availability`,
      week([
        { openTime: '09:00', closeTime: '12:00' },
        { openTime: '13:00', closeTime: '17:00' },
      ]),
    );
    expect(put.statusCode).toBe(200);
    const tuesday = AvailabilitySchema.array().parse(put.json())[2]!;
    expect(tuesday).toMatchObject({ openTime: '09:00', closeTime: '12:00' });
    expect(tuesday.intervals).toHaveLength(2);
    expect(await times(s, '2027-01-05')).toEqual([
      '9:00 AM',
      '10:00 AM',
      '11:00 AM',
      '1:00 PM',
      '2:00 PM',
      '3:00 PM',
      '4:00 PM',
    ]);
    // A booking across the break is refused.
    expect(error(await book(s, at('2027-01-05', '11:30')), 400).code).toBe('SLOT_UNAVAILABLE');
  });

  it('answers a closed day saved without hours with the spec’s HH:MM pair', async () => {
    const s = await shop();
    const days = week([{ openTime: '10:00', closeTime: '16:00' }]).map((d) =>
      d.dayOfWeek === 0 ? { ...d, isOpen: false, intervals: [] } : d,
    );
    expect((await send(s, 'PUT', `/api/business/${s.id}/availability`, days)).statusCode).toBe(200);
    const read = await ownerGet(s, `/api/business/${s.id}/availability`);
    const sunday = AvailabilitySchema.array().parse(read.json())[0]!;
    expect(sunday).toMatchObject({
      isOpen: false,
      openTime: '09:00',
      closeTime: '17:00',
      intervals: [],
    });
  });

  it('reads midnight as 24:00 and refuses overlapping intervals', async () => {
    const s = await shop();
    expect(
      (
        await send(
          s,
          'PUT',
          `/api/business/${s.id}/availability`,
          week([{ openTime: '00:00', closeTime: '24:00' }]),
        )
      ).statusCode,
    ).toBe(200);
    const all = await times(s, '2027-01-05');
    expect(all).toHaveLength(24);
    expect(all.at(-1)).toBe('11:00 PM');
    const overlapping = await send(
      s,
      'PUT',
      `/api/business/${s.id}/availability`,
      week([
        { openTime: '09:00', closeTime: '13:00' },
        { openTime: '12:00', closeTime: '17:00' },
      ]),
    );
    expect(error(overlapping, 400).message).toBe('Intervals must be in order and must not overlap');
  });
});

describe('staff hours', () => {
  it('books a staff member only inside both their hours and the business’s', async () => {
    const s = await shop(['Mia']);
    const mia = s.staffIds[0]!;
    // Business: Mon–Fri 9–5 (the default). Mia: Tue–Sat 12–20.
    const own = [0, 1, 2, 3, 4, 5, 6].map((dayOfWeek) => ({
      dayOfWeek,
      isOpen: dayOfWeek >= 2,
      intervals: [{ openTime: '12:00', closeTime: '20:00' }],
    }));
    const put = await send(s, 'PUT', `/api/staff/${mia}/availability`, own);
    expect(put.statusCode).toBe(200);
    expect(StaffHoursSchema.parse(put.json()).ownHours).toBe(true);
    expect(await times(s, '2027-01-04', mia)).toEqual([]); // Monday: Mia is off
    // The business's 30-minute grid, from Mia's 12:00 to the business's 5:00 PM close.
    const tuesday = await times(s, '2027-01-05', mia);
    expect([tuesday[0], tuesday.at(-1), tuesday.length]).toEqual(['12:00 PM', '4:00 PM', 9]);
    expect(await times(s, '2027-01-09', mia)).toEqual([]); // Saturday: the business is closed
    expect(error(await book(s, at('2027-01-05', '10:00'), { staffMemberId: mia }), 400).code).toBe(
      'SLOT_UNAVAILABLE',
    );
    expect((await book(s, at('2027-01-05', '12:00'), { staffMemberId: mia })).statusCode).toBe(201);

    const cleared = await ownerDelete(s, `/api/staff/${mia}/availability`);
    expect(StaffHoursSchema.parse(cleared.json())).toMatchObject({ ownHours: false });
    expect((await times(s, '2027-01-11', mia))[0]).toBe('9:00 AM');
  });

  it('reads back a staff member’s own hours, and the business’s once they are cleared', async () => {
    const s = await shop(['Mia']);
    const mia = s.staffIds[0]!;
    // Business: Mon–Fri 8–4 with a break at noon, so its days are not the defaults.
    const business = week([
      { openTime: '08:00', closeTime: '12:00' },
      { openTime: '13:00', closeTime: '16:00' },
    ]).map((d) => (d.dayOfWeek === 0 || d.dayOfWeek === 6 ? { ...d, isOpen: false } : d));
    expect((await send(s, 'PUT', `/api/business/${s.id}/availability`, business)).statusCode).toBe(
      200,
    );
    const read = (token = s.owner.accessToken) =>
      ctx.request({ method: 'GET', url: `/api/staff/${mia}/availability`, headers: bearer(token) });
    const businessDays = [0, 1, 2, 3, 4, 5, 6].map((dayOfWeek) => ({
      dayOfWeek,
      isOpen: dayOfWeek >= 1 && dayOfWeek <= 5,
      openTime: '08:00',
      closeTime: '12:00',
      intervals: [
        { openTime: '08:00', closeTime: '12:00' },
        { openTime: '13:00', closeTime: '16:00' },
      ],
    }));
    // A new staff member follows the business's hours.
    expect(StaffHoursSchema.parse((await read()).json())).toEqual({
      staffId: mia,
      ownHours: false,
      days: businessDays,
    });

    // Mia: Tue–Sat 10–6, with a lunch break on Saturday.
    const tenToSix = [{ openTime: '10:00', closeTime: '18:00' }];
    const saturday = [
      { openTime: '10:00', closeTime: '13:00' },
      { openTime: '14:00', closeTime: '18:00' },
    ];
    const own = [0, 1, 2, 3, 4, 5, 6].map((dayOfWeek) => ({
      dayOfWeek,
      isOpen: dayOfWeek >= 2,
      intervals: dayOfWeek < 2 ? [] : dayOfWeek === 6 ? saturday : tenToSix,
    }));
    expect((await send(s, 'PUT', `/api/staff/${mia}/availability`, own)).statusCode).toBe(200);
    const ownRead = await read();
    expect(ownRead.statusCode).toBe(200);
    expect(StaffHoursSchema.parse(ownRead.json())).toEqual({
      staffId: mia,
      ownHours: true,
      days: [
        // Days off carry no intervals; the pair shows the default template's, as for the business.
        { dayOfWeek: 0, isOpen: false, openTime: '09:00', closeTime: '17:00', intervals: [] },
        { dayOfWeek: 1, isOpen: false, openTime: '09:00', closeTime: '17:00', intervals: [] },
        ...[2, 3, 4, 5].map((dayOfWeek) => ({
          dayOfWeek,
          isOpen: true,
          openTime: '10:00',
          closeTime: '18:00',
          intervals: tenToSix,
        })),
        { dayOfWeek: 6, isOpen: true, openTime: '10:00', closeTime: '13:00', intervals: saturday },
      ],
    });

    // Another owner can neither read nor clear them.
    const other = await shop();
    const intruderRead = await read(other.owner.accessToken);
    expect(error(intruderRead, 404).code).toBe('STAFF_NOT_FOUND');
    expect(intruderRead.body).not.toContain('18:00');
    const intruderClear = await ctx.request({
      method: 'DELETE',
      url: `/api/staff/${mia}/availability`,
      headers: bearer(other.owner.accessToken),
    });
    expect(error(intruderClear, 404).code).toBe('STAFF_NOT_FOUND');
    expect(StaffHoursSchema.parse((await read()).json()).ownHours).toBe(true);

    // Cleared: back to the business's hours, as they are now.
    expect((await ownerDelete(s, `/api/staff/${mia}/availability`)).statusCode).toBe(200);
    expect(StaffHoursSchema.parse((await read()).json())).toEqual({
      staffId: mia,
      ownHours: false,
      days: businessDays,
    });
  });
});

describe('closures and special hours', () => {
  it('closes the dates of a closure, lists it, and opens them again when removed', async () => {
    const s = await shop();
    const created = await send(s, 'POST', `/api/business/${s.id}/closures`, {
      from: '2027-01-05',
      to: '2027-01-06',
      reason: 'Stocktake',
    });
    expect(created.statusCode).toBe(201);
    const closure = ClosureSchema.parse(created.json());
    expect(await times(s, '2027-01-05')).toEqual([]);
    expect(await times(s, '2027-01-06')).toEqual([]);
    expect((await times(s, '2027-01-07')).length).toBeGreaterThan(0);
    const status = await days(s, '2027-01');
    expect(status('2027-01-05')).toBe('closed');
    expect(status('2027-01-07')).toBe('available');
    expect(error(await book(s, at('2027-01-05', '10:00')), 400).code).toBe('SLOT_UNAVAILABLE');
    const list = ClosureListSchema.parse(
      (await ownerGet(s, `/api/business/${s.id}/closures`)).json(),
    );
    expect(list.map((c) => c.reason)).toEqual(['Stocktake']);

    expect((await ownerDelete(s, `/api/business/${s.id}/closures/${closure.id}`)).statusCode).toBe(
      204,
    );
    expect((await times(s, '2027-01-05')).length).toBeGreaterThan(0);
    expect(
      error(await ownerDelete(s, `/api/business/${s.id}/closures/${closure.id}`), 404).code,
    ).toBe('NOT_FOUND');
  });

  it('refuses a closure that ends before it starts or names an impossible date', async () => {
    const s = await shop();
    const backwards = await send(s, 'POST', `/api/business/${s.id}/closures`, {
      from: '2027-01-06',
      to: '2027-01-05',
    });
    expect(error(backwards, 400).message).toBe('The last day must not be before the first');
    const impossible = await send(s, 'POST', `/api/business/${s.id}/closures`, {
      from: '2027-02-30',
      to: '2027-03-01',
    });
    expect(error(impossible, 400).code).toBe('VALIDATION_FAILED');
  });

  it('offers the public holidays of the business’s state, marking those already closed', async () => {
    const s = await shop();
    const first = PublicHolidayListSchema.parse(
      (await ownerGet(s, `/api/business/${s.id}/closures/holidays`)).json(),
    );
    expect(first.find((h) => h.date === '2027-01-26')).toEqual({
      date: '2027-01-26',
      name: 'Australia Day',
      closed: false,
    });
    expect(first.some((h) => h.date === '2027-12-25')).toBe(true);
    // Observances (Mother's Day) are not closures.
    expect(first.some((h) => /Mother/.test(h.name))).toBe(false);
    // Victoria has Melbourne Cup day; New South Wales does not.
    expect(first.some((h) => /Melbourne Cup/.test(h.name))).toBe(false);
    await send(s, 'PATCH', `/api/business/${s.id}`, { region: 'VIC' });
    await send(s, 'POST', `/api/business/${s.id}/closures`, {
      from: '2027-01-26',
      to: '2027-01-26',
    });
    const vic = PublicHolidayListSchema.parse(
      (await ownerGet(s, `/api/business/${s.id}/closures/holidays`)).json(),
    );
    expect(vic.some((h) => /Melbourne Cup/.test(h.name))).toBe(true);
    expect(vic.find((h) => h.date === '2027-01-26')?.closed).toBe(true);
  });

  it('sets other hours for one date, or none (closed), and removes them', async () => {
    const s = await shop();
    const set = await send(s, 'POST', `/api/business/${s.id}/special-hours`, {
      date: '2027-01-05',
      intervals: [{ openTime: '18:00', closeTime: '21:00' }],
      reason: 'Late night',
    });
    expect(set.statusCode).toBe(201);
    expect(SpecialHoursSchema.parse(set.json()).reason).toBe('Late night');
    expect(await times(s, '2027-01-05')).toEqual([
      '6:00 PM',
      '6:30 PM',
      '7:00 PM',
      '7:30 PM',
      '8:00 PM',
    ]);
    // Saturday is closed in the week; special hours open it.
    await send(s, 'POST', `/api/business/${s.id}/special-hours`, {
      date: '2027-01-09',
      intervals: [{ openTime: '10:00', closeTime: '12:00' }],
    });
    expect(await times(s, '2027-01-09')).toEqual(['10:00 AM', '10:30 AM', '11:00 AM']);
    // Setting the date again replaces its hours; no intervals closes it.
    await send(s, 'POST', `/api/business/${s.id}/special-hours`, {
      date: '2027-01-05',
      intervals: [],
    });
    expect(await times(s, '2027-01-05')).toEqual([]);
    expect(
      (await ownerDelete(s, `/api/business/${s.id}/special-hours/2027-01-05`)).statusCode,
    ).toBe(204);
    expect((await times(s, '2027-01-05'))[0]).toBe('9:00 AM');
    // A date that is not one is a bad request (decision 38), as the document says.
    expect(
      error(await ownerDelete(s, `/api/business/${s.id}/special-hours/2027-13-01`), 400).code,
    ).toBe('VALIDATION_FAILED');
  });

  it('lists the special hours from the business’s today on, by date, as replaced and removed', async () => {
    const s = await shop();
    const list = async (owner: Shop = s) => {
      const res = await ownerGet(owner, `/api/business/${s.id}/special-hours`);
      expect(res.statusCode).toBe(200);
      return SpecialHoursListSchema.parse(res.json()).map(({ date, intervals, reason }) => ({
        date,
        intervals,
        reason,
      }));
    };
    expect(await list()).toEqual([]);
    // Saved out of date order; yesterday's (Sunday 3 January in Sydney) is accepted but past.
    const stocktake = { date: '2027-01-20', intervals: [], reason: 'Stocktake' };
    const lateNight = {
      date: '2027-01-05',
      intervals: [
        { openTime: '09:00', closeTime: '12:00' },
        { openTime: '17:00', closeTime: '21:00' },
      ],
      reason: 'Late night',
    };
    const yesterday = {
      date: '2027-01-03',
      intervals: [{ openTime: '10:00', closeTime: '14:00' }],
      reason: null,
    };
    const today = {
      date: '2027-01-04',
      intervals: [{ openTime: '12:00', closeTime: '15:00' }],
      reason: null,
    };
    for (const body of [stocktake, lateNight, yesterday, today]) {
      expect((await send(s, 'POST', `/api/business/${s.id}/special-hours`, body)).statusCode).toBe(
        201,
      );
    }
    expect(await list()).toEqual([today, lateNight, stocktake]);
    const [row] = (await ctx.db.query(
      `SELECT count(*)::int AS n FROM business_special_hours WHERE business_id = $1 AND date = $2`,
      [s.id, yesterday.date],
    )) as { n: number }[];
    expect(row!.n).toBe(1); // kept, only not listed

    // Setting a date again replaces its hours and reason: still one entry for it.
    const halfDay = {
      date: '2027-01-20',
      intervals: [{ openTime: '10:00', closeTime: '14:00' }],
      reason: 'Half day',
    };
    expect((await send(s, 'POST', `/api/business/${s.id}/special-hours`, halfDay)).statusCode).toBe(
      201,
    );
    expect(await list()).toEqual([today, lateNight, halfDay]);
    expect(
      (await ownerDelete(s, `/api/business/${s.id}/special-hours/2027-01-05`)).statusCode,
    ).toBe(204);
    expect(await list()).toEqual([today, halfDay]);

    // "Today" is the business's date: 23:59 in Sydney still lists 5 January's, midnight does not.
    await send(s, 'POST', `/api/business/${s.id}/special-hours`, lateNight);
    ctx.clock.set(at('2027-01-05', '23:59'));
    expect((await list()).map((h) => h.date)).toEqual(['2027-01-05', '2027-01-20']);
    ctx.clock.set(at('2027-01-06', '00:00'));
    expect(await list()).toEqual([halfDay]);

    // Another owner's business answers 404 and shows nothing of it.
    const other = await shop();
    const intruder = await ownerGet(other, `/api/business/${s.id}/special-hours`);
    expect(error(intruder, 404).code).toBe('BUSINESS_NOT_FOUND');
    expect(intruder.body).not.toContain('Half day');
  });
});

describe('time off', () => {
  it('takes the person out for that time while a colleague stays bookable', async () => {
    const s = await shop(['Mia', 'Jack']);
    const [mia, jack] = s.staffIds as [number, number];
    const created = await send(s, 'POST', `/api/staff/${mia}/time-off`, {
      start: at('2027-01-05', '09:00'),
      end: at('2027-01-05', '13:00'),
      reason: 'Dentist',
    });
    expect(created.statusCode).toBe(201);
    const off = TimeOffSchema.parse(created.json());
    expect((await times(s, '2027-01-05', mia))[0]).toBe('1:00 PM');
    expect((await times(s, '2027-01-05', jack))[0]).toBe('9:00 AM');
    // Without a choice of staff member the 9:00 slot stays (Jack), and the booking goes to Jack.
    const booked = await book(s, at('2027-01-05', '09:00'));
    expect(booked.statusCode).toBe(201);
    expect((booked.json() as { staff: { id: number } }).staff.id).toBe(jack);
    const list = TimeOffListSchema.parse((await ownerGet(s, `/api/staff/${mia}/time-off`)).json());
    expect(list.map((t) => t.reason)).toEqual(['Dentist']);
    expect((await ownerDelete(s, `/api/staff/${mia}/time-off/${off.id}`)).statusCode).toBe(204);
    expect((await times(s, '2027-01-05', mia))[0]).toBe('9:00 AM');
  });

  it('refuses time off that ends before it starts', async () => {
    const s = await shop(['Mia']);
    const res = await send(s, 'POST', `/api/staff/${s.staffIds[0]}/time-off`, {
      start: at('2027-01-05', '13:00'),
      end: at('2027-01-05', '09:00'),
    });
    expect(error(res, 400).message).toBe('The end must be after the start');
  });
});

describe('overlapping and too many schedule entries', () => {
  it('refuses a closure overlapping another, naming it; an adjacent one is fine', async () => {
    const s = await shop();
    const url = `/api/business/${s.id}/closures`;
    const first = { from: '2027-12-23', to: '2028-01-02', reason: 'Holidays' };
    expect((await send(s, 'POST', url, first)).statusCode).toBe(201);
    const clash = await send(s, 'POST', url, { from: '2027-12-30', to: '2028-01-05' });
    expect(error(clash, 409)).toMatchObject({
      code: 'SCHEDULE_OVERLAP',
      message:
        'This closure overlaps another closure (23 Dec 2027 – 2 Jan 2028). Edit that one instead.',
    });
    const inside = await send(s, 'POST', url, { from: '2027-12-25', to: '2027-12-25' });
    expect(error(inside, 409).code).toBe('SCHEDULE_OVERLAP');
    expect((await send(s, 'POST', url, { from: '2028-01-03', to: '2028-01-03' })).statusCode).toBe(
      201,
    );
    expect(ClosureListSchema.parse((await ownerGet(s, url)).json())).toHaveLength(2);
  });

  it("refuses a staff member's overlapping time off; back to back, or another person's, is fine", async () => {
    const s = await shop(['Mia', 'Jack']);
    const [mia, jack] = s.staffIds as [number, number];
    const off = (staffId: number, from: string, to: string) =>
      send(s, 'POST', `/api/staff/${staffId}/time-off`, {
        start: at('2027-01-05', from),
        end: at('2027-01-05', to),
      });
    expect((await off(mia, '09:00', '13:00')).statusCode).toBe(201);
    expect(error(await off(mia, '12:00', '14:00'), 409)).toMatchObject({
      code: 'SCHEDULE_OVERLAP',
      message:
        'This time off overlaps another time off (5 Jan 2027 9:00 AM – 5 Jan 2027 1:00 PM AEDT). Edit that one instead.',
    });
    expect((await off(mia, '13:00', '15:00')).statusCode).toBe(201);
    expect((await off(jack, '09:00', '13:00')).statusCode).toBe(201);
  });

  it('replaces the special hours of a date that already has them (one entry per date)', async () => {
    const s = await shop();
    const url = `/api/business/${s.id}/special-hours`;
    const first = await send(s, 'POST', url, {
      date: '2027-01-05',
      intervals: [{ openTime: '18:00', closeTime: '21:00' }],
    });
    const second = await send(s, 'POST', url, {
      date: '2027-01-05',
      intervals: [{ openTime: '10:00', closeTime: '12:00' }],
      reason: 'Short day',
    });
    expect(second.statusCode).toBe(201);
    expect(SpecialHoursSchema.parse(second.json()).id).toBe(
      SpecialHoursSchema.parse(first.json()).id,
    );
    const list = SpecialHoursListSchema.parse((await ownerGet(s, url)).json());
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ reason: 'Short day', intervals: [{ openTime: '10:00' }] });
  });

  it('allows at most 500 upcoming entries of each kind per business', async () => {
    const s = await shop(['Mia']);
    const [mia] = s.staffIds as [number];
    // 500 upcoming one-day closures, special hours and time off from 2027-02-01 on, and one past
    // entry of each, which does not count.
    await ctx.db.query(
      `INSERT INTO business_closures (business_id, from_date, to_date)
       SELECT $1::int, d, d FROM generate_series(date '2027-02-01', date '2027-02-01' + 499, '1 day') d
       UNION ALL SELECT $1::int, date '2026-12-01', date '2026-12-01'`,
      [s.id],
    );
    await ctx.db.query(
      `INSERT INTO business_special_hours (business_id, date, intervals)
       SELECT $1, d, '[]' FROM generate_series(date '2027-02-01', date '2027-02-01' + 499, '1 day') d`,
      [s.id],
    );
    await ctx.db.query(
      `INSERT INTO staff_time_off (business_id, staff_id, starts_at, ends_at)
       SELECT $1, $2, d, d + interval '1 hour'
         FROM generate_series(timestamptz '2027-02-01', timestamptz '2027-02-01' + interval '499 days', '1 day') d`,
      [s.id, mia],
    );
    const closure = await send(s, 'POST', `/api/business/${s.id}/closures`, {
      from: '2029-01-01',
      to: '2029-01-01',
    });
    expect(error(closure, 400)).toMatchObject({
      code: 'VALIDATION_FAILED',
      message:
        'A business can have at most 500 upcoming closures. Remove ones that are no longer needed first.',
    });
    const special = await send(s, 'POST', `/api/business/${s.id}/special-hours`, {
      date: '2029-01-01',
      intervals: [],
    });
    expect(error(special, 400).message).toContain('at most 500 upcoming special hours');
    // Replacing a date's hours adds nothing, so it still works.
    const replaced = await send(s, 'POST', `/api/business/${s.id}/special-hours`, {
      date: '2027-02-01',
      intervals: [{ openTime: '10:00', closeTime: '12:00' }],
    });
    expect(replaced.statusCode).toBe(201);
    const timeOff = await send(s, 'POST', `/api/staff/${mia}/time-off`, {
      start: at('2029-01-01', '09:00'),
      end: at('2029-01-01', '10:00'),
    });
    expect(error(timeOff, 400).message).toContain('at most 500 upcoming time off entries');
  });
});

describe('buffers', () => {
  it('blocks the resource for the buffered range, in the engine and in the database', async () => {
    // 60 minutes with 30 minutes to clean up, on a 30-minute grid.
    const s = await shop([], { bufferAfterMinutes: 30 });
    await send(
      s,
      'PUT',
      `/api/business/${s.id}/availability`,
      week([{ openTime: '09:00', closeTime: '17:00' }], 30),
    );
    expect((await book(s, at('2027-01-05', '10:00'))).statusCode).toBe(201);
    const left = await times(s, '2027-01-05');
    // 10:00–11:30 is blocked, and 9:00 would still be cleaning up at 10:00: 11:30 comes first.
    expect(left.slice(0, 2)).toEqual(['11:30 AM', '12:00 PM']);
    // The last start leaves room for the clean-up before closing: 3:30 PM ends 4:30, 5:00 with it.
    expect(left.at(-1)).toBe('3:30 PM');
    expect(error(await book(s, at('2027-01-05', '11:00')), 409).code).toBe('SLOT_TAKEN');

    const [row] = (await ctx.db.query(
      `SELECT blocked_from, blocked_until, starts_at, ends_at FROM appointments WHERE business_id = $1`,
      [s.id],
    )) as { blocked_from: Date; blocked_until: Date; starts_at: Date; ends_at: Date }[];
    expect(row!.blocked_until.getTime() - row!.ends_at.getTime()).toBe(30 * 60_000);
    // A row written straight to the database inside the clean-up is refused by the constraint.
    const customer = (await ctx.db.query(
      `SELECT customer_id FROM appointments WHERE business_id = $1`,
      [s.id],
    )) as { customer_id: number }[];
    await expect(
      ctx.db.query(
        `INSERT INTO appointments (business_id, service_id, customer_id, status, starts_at, ends_at,
                                   blocked_from, blocked_until)
         VALUES ($1, $2, $3, 'confirmed', $4, $5, $4, $5)`,
        [
          s.id,
          s.cutId,
          customer[0]!.customer_id,
          at('2027-01-05', '11:15'),
          at('2027-01-05', '12:15'),
        ],
      ),
    ).rejects.toMatchObject({ code: '23P01' });
  });

  it('lets one of two racing bookings win when only their buffers would overlap', async () => {
    const s = await shop([], { bufferBeforeMinutes: 30 });
    await send(
      s,
      'PUT',
      `/api/business/${s.id}/availability`,
      week([{ openTime: '09:00', closeTime: '17:00' }], 30),
    );
    // 10:00 blocks 9:30–11:00; 11:00 blocks 10:30–12:00: each alone is fine, both cannot be.
    const [a, b] = await Promise.all([
      book(s, at('2027-01-05', '10:00'), { phone: '0400 000 101' }),
      book(s, at('2027-01-05', '11:00'), { phone: '0400 000 102' }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 409]);
  });
});

describe('booking window', () => {
  it('follows the business’s minimum notice and maximum advance', async () => {
    const s = await shop();
    // Now: Monday 4 Jan 2027, 11:00 AM in Sydney.
    expect((await times(s, '2027-01-04'))[0]).toBe('12:00 PM');
    const patched = await send(s, 'PATCH', `/api/business/${s.id}`, {
      minNoticeMinutes: 240,
      maxAdvanceDays: 7,
    });
    expect(patched.json()).toMatchObject({ minNoticeMinutes: 240, maxAdvanceDays: 7 });
    expect((await times(s, '2027-01-04'))[0]).toBe('3:00 PM');
    expect((await times(s, '2027-01-11')).length).toBeGreaterThan(0);
    expect(await times(s, '2027-01-12')).toEqual([]);
    const status = await days(s, '2027-01');
    expect(status('2027-01-12')).toBe('outside_window');
    expect(status('2027-01-03')).toBe('outside_window');
    expect(status('2027-01-09')).toBe('closed');
    expect(
      error(await send(s, 'PATCH', `/api/business/${s.id}`, { maxAdvanceDays: 0 }), 400).message,
    ).toBe('Customers must be able to book at least 1 day ahead');
  });

  it('stops the customer’s links cancelling or moving a booking after the cut-off', async () => {
    const s = await shop();
    await send(s, 'PATCH', `/api/business/${s.id}`, { cancelCutoffMinutes: 24 * 60 });
    const booked = await book(s, at('2027-01-06', '10:00'), { phone: '0400 000 201' });
    expect(booked.statusCode).toBe(201);
    const outbox = DevOutboxMessageSchema.array().parse(
      (await ctx.get('/api/dev/outbox?to=0400%20000%20201')).json(),
    );
    const body = outbox.find((m) => m.channel === 'sms')!.body;
    const cancel = /\/cancel\?token=([A-Za-z0-9_-]+)/.exec(body)![1]!;
    const reschedule = /\/reschedule\?token=([A-Za-z0-9_-]+)/.exec(body)![1]!;
    // 25 hours before: still allowed to look.
    ctx.clock.set(at('2027-01-05', '09:00'));
    expect((await ctx.get(`/api/reschedule?token=${reschedule}`)).statusCode).toBe(200);
    // 23 hours before: too late, by link; the booking stays.
    ctx.clock.set(at('2027-01-05', '11:00'));
    const late = error(await ctx.get(`/api/cancel-appointment?token=${cancel}`), 409);
    expect(late).toMatchObject({
      code: 'CHANGE_CUTOFF_PASSED',
      message:
        'This booking can no longer be changed online. Please contact the business directly.',
    });
    expect(
      error(
        await ctx.post('/api/reschedule', { token: reschedule, date: at('2027-01-07', '10:00') }),
        409,
      ).code,
    ).toBe('CHANGE_CUTOFF_PASSED');
    const [row] = (await ctx.db.query(`SELECT status FROM appointments WHERE business_id = $1`, [
      s.id,
    ])) as { status: string }[];
    expect(row!.status).toBe('confirmed');
  });
});

describe('days at a glance', () => {
  it('tells available, closed, fully booked and outside-the-window dates apart', async () => {
    const s = await shop();
    await send(
      s,
      'PUT',
      `/api/business/${s.id}/availability`,
      [0, 1, 2, 3, 4, 5, 6].map((dayOfWeek) => ({
        dayOfWeek,
        isOpen: dayOfWeek >= 1 && dayOfWeek <= 5,
        intervals: [{ openTime: '09:00', closeTime: '11:00' }],
        slotDuration: 60,
      })),
    );
    for (const hhmm of ['09:00', '10:00']) {
      expect((await book(s, at('2027-01-06', hhmm))).statusCode).toBe(201);
    }
    const res = await ctx.get(
      `/api/business/slug/${s.slug}/available-days?month=2027-01&serviceId=${s.cutId}`,
    );
    const body = AvailableDaysSchema.parse(res.json());
    expect(body.days).toHaveLength(31);
    expect(body.timeZone).toBe(TZ);
    const status = (d: string) => body.days.find((x) => x.date === d)?.status;
    expect(status('2027-01-01')).toBe('outside_window'); // the past
    expect(status('2027-01-04')).toBe('outside_window'); // today: 9 and 10 AM have passed
    expect(status('2027-01-05')).toBe('available');
    expect(status('2027-01-06')).toBe('fully_booked');
    expect(status('2027-01-09')).toBe('closed');
    expect(body.availableDates).toContain('2027-01-05');
    expect(body.availableDates).not.toContain('2027-01-06');
  });

  it('says a chosen staff member is not working, not that the business is closed', async () => {
    const s = await shop(['Mia', 'Jack']);
    const [mia, jack] = s.staffIds as [number, number];
    // Business: Mon–Fri 9–5 (the default). Mia: Tue–Fri 9–5, and all of Wednesday 6 January off.
    const own = [0, 1, 2, 3, 4, 5, 6].map((dayOfWeek) => ({
      dayOfWeek,
      isOpen: dayOfWeek >= 2 && dayOfWeek <= 5,
      intervals: [{ openTime: '09:00', closeTime: '17:00' }],
    }));
    expect((await send(s, 'PUT', `/api/staff/${mia}/availability`, own)).statusCode).toBe(200);
    const off = await send(s, 'POST', `/api/staff/${mia}/time-off`, {
      start: at('2027-01-06', '00:00'),
      end: at('2027-01-07', '00:00'),
    });
    expect(off.statusCode).toBe(201);
    await send(s, 'POST', `/api/business/${s.id}/closures`, {
      from: '2027-01-12',
      to: '2027-01-12',
    });

    const forMia = await days(s, '2027-01', mia);
    expect(forMia('2027-01-11')).toBe('staff_not_working'); // Monday: Mia's day off
    expect(forMia('2027-01-06')).toBe('staff_not_working'); // her whole day of time off
    expect(forMia('2027-01-05')).toBe('available');
    expect(forMia('2027-01-09')).toBe('closed'); // Saturday: the business is closed
    expect(forMia('2027-01-12')).toBe('closed'); // a closure, whoever works
    expect(await times(s, '2027-01-11', mia)).toEqual([]);
    // Jack works both days, so they have times for him and for anyone.
    expect((await days(s, '2027-01', jack))('2027-01-11')).toBe('available');
    const anyone = await days(s, '2027-01');
    expect([anyone('2027-01-06'), anyone('2027-01-11'), anyone('2027-01-12')]).toEqual([
      'available',
      'available',
      'closed',
    ]);
  });

  it('answers 400 for a malformed month and 404 for an unknown service', async () => {
    const s = await shop();
    const bad = await ctx.get(
      `/api/business/slug/${s.slug}/available-days?month=2027-13&serviceId=${s.cutId}`,
    );
    expect(error(bad, 400).message).toBe('month must be YYYY-MM');
    const unknown = await ctx.get(
      `/api/business/slug/${s.slug}/available-days?month=2027-01&serviceId=999999`,
    );
    expect(unknown.statusCode).toBe(404);
  });
});

describe('affected bookings', () => {
  it('lists the upcoming bookings a change would strand, and saves nothing', async () => {
    const s = await shop(['Mia']);
    const mia = s.staffIds[0]!;
    expect(
      (await book(s, at('2027-01-05', '10:00'), { firstName: 'Ava', phone: '0400 100 201' }))
        .statusCode,
    ).toBe(201);
    expect(
      (await book(s, at('2027-01-07', '15:00'), { firstName: 'Ben', phone: '0400 100 202' }))
        .statusCode,
    ).toBe(201);
    const ask = async (body: unknown) => {
      const res = await send(
        s,
        'POST',
        `/api/business/${s.id}/availability/affected-bookings`,
        body,
      );
      expect(res.statusCode).toBe(200);
      return AffectedBookingListSchema.parse(res.json()).map((b) => b.customerName);
    };
    expect(await ask({ kind: 'closure', from: '2027-01-05', to: '2027-01-05' })).toEqual([
      'Ava Citizen',
    ]);
    expect(
      await ask({
        kind: 'time-off',
        staffId: mia,
        start: at('2027-01-07', '14:00'),
        end: at('2027-01-07', '18:00'),
      }),
    ).toEqual(['Ben Citizen']);
    // Closing at 2 PM strands Thursday's 3 PM only.
    expect(
      await ask({
        kind: 'weekly-hours',
        days: [0, 1, 2, 3, 4, 5, 6].map((dayOfWeek) => ({
          dayOfWeek,
          isOpen: dayOfWeek >= 1 && dayOfWeek <= 5,
          intervals: [{ openTime: '09:00', closeTime: '14:00' }],
          slotDuration: 30,
        })),
      }),
    ).toEqual(['Ben Citizen']);
    expect(
      await ask({
        kind: 'special-hours',
        date: '2027-01-05',
        intervals: [{ openTime: '12:00', closeTime: '17:00' }],
      }),
    ).toEqual(['Ava Citizen']);
    expect(
      await ask({
        kind: 'staff-hours',
        staffId: mia,
        days: [0, 1, 2, 3, 4, 5, 6].map((dayOfWeek) => ({
          dayOfWeek,
          isOpen: dayOfWeek !== 2,
          intervals: [{ openTime: '09:00', closeTime: '17:00' }],
        })),
      }),
    ).toEqual(['Ava Citizen']);
    // Nothing was saved by asking.
    expect((await times(s, '2027-01-05', mia)).length).toBeGreaterThan(0);
    const closures = ClosureListSchema.parse(
      (await ownerGet(s, `/api/business/${s.id}/closures`)).json(),
    );
    expect(closures).toEqual([]);
  });

  it('names each booking by the name it was booked with, not the client record’s current one', async () => {
    const s = await shop();
    expect(
      (await book(s, at('2027-01-05', '10:00'), { firstName: 'Ava', phone: '0400 100 401' }))
        .statusCode,
    ).toBe(201);
    // The owner later renames the client record (decision 35: the booking keeps its name).
    await ctx.db.query(
      `UPDATE customers SET first_name = 'Olivia', last_name = 'Brown' WHERE business_id = $1`,
      [s.id],
    );
    const res = await send(s, 'POST', `/api/business/${s.id}/availability/affected-bookings`, {
      kind: 'closure',
      from: '2027-01-05',
      to: '2027-01-05',
    });
    expect(res.statusCode).toBe(200);
    expect(AffectedBookingListSchema.parse(res.json()).map((b) => b.customerName)).toEqual([
      'Ava Citizen',
    ]);
  });

  it('lists the bookings removing a date’s special hours would leave outside the weekly hours', async () => {
    const s = await shop();
    // Business: Mon–Fri 9–5 (the default). Special hours open Saturday 9 January and make
    // Tuesday 5 January a late night.
    for (const [date, closeTime] of [
      ['2027-01-09', '14:00'],
      ['2027-01-05', '21:00'],
    ] as const) {
      const set = await send(s, 'POST', `/api/business/${s.id}/special-hours`, {
        date,
        intervals: [{ openTime: '09:00', closeTime }],
      });
      expect(set.statusCode).toBe(201);
    }
    for (const [start, firstName, phone] of [
      [at('2027-01-09', '10:00'), 'Sam', '0400 100 301'],
      [at('2027-01-05', '10:00'), 'Tia', '0400 100 302'],
    ] as const) {
      expect((await book(s, start, { firstName, phone })).statusCode).toBe(201);
    }
    const ask = (owner: Shop, date: string) =>
      send(owner, 'POST', `/api/business/${s.id}/availability/affected-bookings`, {
        kind: 'special-hours',
        date,
        intervals: null,
      });
    const names = async (date: string) => {
      const res = await ask(s, date);
      expect(res.statusCode).toBe(200);
      return AffectedBookingListSchema.parse(res.json()).map((b) => b.customerName);
    };
    // Saturday is closed in the week: its booking would be outside the hours.
    expect(await names('2027-01-09')).toEqual(['Sam Citizen']);
    // Tuesday's 10 AM is inside the weekday's 9–5 too.
    expect(await names('2027-01-05')).toEqual([]);
    // Nothing was removed by asking.
    expect(await times(s, '2027-01-09')).toContain('11:00 AM');
    // Another owner's business answers 404, like every other change asked about.
    const other = await shop();
    expect(error(await ask(other, '2027-01-09'), 404).code).toBe('BUSINESS_NOT_FOUND');
  });
});
