import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BusinessSchema,
  CreateAppointmentResponseSchema,
  CUSTOMER_PHONE_TAKEN_MESSAGE,
  CustomerDetailSchema,
  CustomerListSchema,
  DevOutboxMessageSchema,
  ErrorCode,
  ErrorResponseSchema,
  INVALID_PHONE_MESSAGE,
  OwnerAppointmentListSchema,
  ServiceSchema,
} from '@slotwise/contracts';
import { CustomersByPhone1768280000000 } from '../src/migrations/1768280000000-customers-by-phone.js';
import { ClientIdentity1768520000000 } from '../src/migrations/1768520000000-client-identity.js';
import { bookingRequest, type CreatedBusiness, createBusiness } from './support/fixtures.js';
import { bearer, json, type SignedInOwner, signUpOwner } from './support/auth.js';
import { createTestContext, TEST_NOW, type TestContext } from './support/test-app.js';

let ctx: TestContext;

beforeAll(async () => {
  // Monday 4 January 2027, 11:00 AM in Sydney (AEDT, +11).
  ctx = await createTestContext();
});

afterAll(async () => {
  await ctx?.close();
});

// Business-local times in Sydney (AEDT), as UTC instants.
const TUE_10AM = '2027-01-04T23:00:00.000Z';
const TUE_11AM = '2027-01-05T00:00:00.000Z';
const TUE_1PM = '2027-01-05T02:00:00.000Z';
const TUE_2PM = '2027-01-05T03:00:00.000Z';
const TUE_3PM = '2027-01-05T04:00:00.000Z';
const FRI_10AM = '2027-01-07T23:00:00.000Z';
/** Wednesday 6 January, noon in Sydney: Tuesday's bookings have begun, Friday's are to come. */
const WED_NOON = '2027-01-06T01:00:00.000Z';

interface Shop {
  owner: SignedInOwner;
  businessId: number;
  serviceId: number;
}

async function shop(name: string, priceCents = 8550): Promise<Shop> {
  const owner = await signUpOwner(ctx);
  const me = await ctx.request({
    method: 'GET',
    url: '/api/business/me',
    headers: bearer(owner.accessToken),
  });
  const businessId = BusinessSchema.parse(me.json()).id;
  const named = await ctx.request(
    json('PATCH', `/api/business/${businessId}`, { name }, owner.accessToken),
  );
  expect(named.statusCode).toBe(200);
  const service = ServiceSchema.parse(
    (
      await ctx.request(
        json(
          'POST',
          '/api/services',
          { businessId, name: 'Consultation', duration: 60, price: priceCents },
          owner.accessToken,
        ),
      )
    ).json(),
  );
  return { owner, businessId, serviceId: service.id };
}

async function book(s: Shop, date: string, extra: Record<string, unknown>) {
  const res = await ctx.post(
    '/api/appointments',
    bookingRequest(s.businessId, s.serviceId, date, extra),
  );
  expect(res.statusCode, res.body).toBe(201);
  return CreateAppointmentResponseSchema.parse(res.json());
}

async function customersOf(businessId: number) {
  return (await ctx.db.query(
    `SELECT id, first_name, last_name, email, phone FROM customers WHERE business_id = $1 ORDER BY id`,
    [businessId],
  )) as {
    id: number;
    first_name: string;
    last_name: string;
    email: string | null;
    phone: string;
  }[];
}

const customerIdOf = async (appointmentId: number) =>
  (
    (await ctx.db.query('SELECT customer_id FROM appointments WHERE id = $1', [appointmentId])) as {
      customer_id: number;
    }[]
  )[0]!.customer_id;

function owner(s: Shop) {
  const auth = bearer(s.owner.accessToken);
  return {
    list: (q?: string) =>
      ctx.request({
        method: 'GET',
        url: `/api/business/${s.businessId}/customers${q === undefined ? '' : `?q=${encodeURIComponent(q)}`}`,
        headers: auth,
      }),
    detail: (id: number) =>
      ctx.request({ method: 'GET', url: `/api/customers/${id}`, headers: auth }),
    patch: (id: number, body: unknown) =>
      ctx.request(json('PATCH', `/api/customers/${id}`, body, s.owner.accessToken)),
  };
}

async function smsOf(appointmentId: number) {
  return (await ctx.db.query(
    `SELECT recipient, kind FROM outbox WHERE appointment_id = $1 AND channel = 'sms' ORDER BY id`,
    [appointmentId],
  )) as { recipient: string; kind: string }[];
}

describe('a client is one record per business and phone number', () => {
  it('lands a booking with the same number in another format and the same name on the same client, changing nothing stored', async () => {
    const s = await shop('One Number Salon');
    const first = await book(s, TUE_10AM, {
      firstName: 'Sam',
      lastName: 'Lee',
      phone: '0412 345 678',
      email: 'sam@example.com',
    });
    expect(first.customer.phone).toBe('+61412345678');
    const second = await book(s, TUE_1PM, {
      // Case, spaces and accents do not make another person.
      firstName: ' SÁM ',
      lastName: 'lee',
      phone: '+61 412 345 678',
      email: 'other@example.com',
      notificationPreferences: { email: false, sms: false },
    });
    expect(await customersOf(s.businessId)).toEqual([
      {
        id: expect.any(Number),
        first_name: 'Sam',
        last_name: 'Lee',
        email: 'sam@example.com',
        phone: '+61412345678',
      },
    ]);
    expect(await customerIdOf(first.appointment.id)).toBe(
      await customerIdOf(second.appointment.id),
    );
    const [row] = await ctx.db.query('SELECT notify_sms FROM customers WHERE business_id = $1', [
      s.businessId,
    ]);
    // Nothing typed on the booking page changes the stored client (decision 35).
    expect(row.notify_sms).toBe(true);
  });

  it('keeps the stored last name when a booking from a known number leaves it blank', async () => {
    const s = await shop('Blank Surname Salon');
    const first = await book(s, TUE_10AM, {
      firstName: 'Sam',
      lastName: 'Lee',
      phone: '0412 345 679',
    });
    // 'Sam' alone is another name: another client sharing the number, and 'Sam Lee' is untouched.
    const again = await book(s, TUE_1PM, { firstName: 'Sam', lastName: '', phone: '0412345679' });
    expect(await customersOf(s.businessId)).toEqual([
      {
        id: await customerIdOf(first.appointment.id),
        first_name: 'Sam',
        last_name: 'Lee',
        email: null,
        phone: '+61412345679',
      },
      {
        id: await customerIdOf(again.appointment.id),
        first_name: 'Sam',
        last_name: '',
        email: null,
        phone: '+61412345679',
      },
    ]);
  });

  it('makes one client when two bookings from a new number arrive at once', async () => {
    const s = await shop('Race Number Salon');
    const [a, b] = await Promise.all(
      [TUE_10AM, TUE_1PM].map((date) =>
        ctx.post(
          '/api/appointments',
          bookingRequest(s.businessId, s.serviceId, date, { phone: '0413 000 222' }),
        ),
      ),
    );
    expect([a!.statusCode, b!.statusCode]).toEqual([201, 201]);
    expect(await customersOf(s.businessId)).toHaveLength(1);
  });

  it('refuses a number that cannot be real, with the reason on the phone field', async () => {
    const s = await shop('Strict Number Salon');
    for (const phone of ['0400 000', '555-1234', '+61 2 1234']) {
      const res = await ctx.post(
        '/api/appointments',
        bookingRequest(s.businessId, s.serviceId, TUE_10AM, { phone }),
      );
      expect(res.statusCode, phone).toBe(400);
      const error = ErrorResponseSchema.parse(res.json());
      expect(error.message).toBe(INVALID_PHONE_MESSAGE);
      expect(error.issues).toEqual([{ path: 'phone', message: INVALID_PHONE_MESSAGE }]);
    }
    expect(await customersOf(s.businessId)).toEqual([]);
  });

  it('texts Australian mobiles only: another valid number books without an SMS', async () => {
    const s = await shop('Landline Salon');
    const landline = await book(s, TUE_10AM, { phone: '(02) 9130 5567' });
    expect(landline.customer.phone).toBe('+61291305567');
    expect(await smsOf(landline.appointment.id)).toEqual([]);
    const overseas = await book(s, TUE_11AM, { phone: '+64 21 123 4567' });
    expect(await smsOf(overseas.appointment.id)).toEqual([]);
    const mobile = await book(s, TUE_1PM, { phone: '0413 555 000' });
    expect(await smsOf(mobile.appointment.id)).toEqual([
      { recipient: '+61413555000', kind: 'booking-confirmation' },
    ]);
    // The development mailbox finds it by the number as typed.
    const typed = DevOutboxMessageSchema.array().parse(
      (await ctx.get(`/api/dev/outbox?to=${encodeURIComponent('0413 555 000')}`)).json(),
    );
    expect(typed.map((m) => m.to)).toEqual(['+61413555000']);
  });
});

describe("the owner's Clients", () => {
  it('searches by name, email and phone digits typed in the local or international form', async () => {
    const s = await shop('Search Salon');
    await book(s, TUE_10AM, { firstName: 'Zoe', lastName: 'Park', phone: '0412 345 678' });
    await book(s, TUE_11AM, { firstName: 'adam', lastName: 'Young', phone: '0499 111 222' });
    await book(s, TUE_1PM, {
      firstName: 'Mia',
      lastName: 'Wong',
      phone: '(02) 9130 5567',
      email: 'mia@wong.example',
    });
    const { list } = owner(s);
    const names = async (q?: string) => {
      const res = await list(q);
      expect(res.statusCode, res.body).toBe(200);
      return CustomerListSchema.parse(res.json()).map((c) => c.firstName);
    };
    // By name, ignoring case.
    expect(await names()).toEqual(['adam', 'Mia', 'Zoe']);
    expect(await names('park')).toEqual(['Zoe']);
    expect(await names('zoe p')).toEqual(['Zoe']);
    expect(await names('wong.example')).toEqual(['Mia']);
    expect(await names('0412')).toEqual(['Zoe']);
    expect(await names('0412 345 678')).toEqual(['Zoe']);
    expect(await names('+61 412')).toEqual(['Zoe']);
    expect(await names('345-678')).toEqual(['Zoe']);
    expect(await names('9130 5567')).toEqual(['Mia']);
    expect(await names('0411')).toEqual([]);
    // % and _ are not wildcards.
    expect(await names('%')).toEqual([]);
  });

  it('pages the list by name', async () => {
    const s = await shop('Paging Salon');
    await book(s, TUE_10AM, { firstName: 'Cleo', phone: '0412 000 003' });
    await book(s, TUE_11AM, { firstName: 'Ava', phone: '0412 000 001' });
    await book(s, TUE_1PM, { firstName: 'Bea', phone: '0412 000 002' });
    const page = async (query: string) =>
      CustomerListSchema.parse(
        (
          await ctx.request({
            method: 'GET',
            url: `/api/business/${s.businessId}/customers?${query}`,
            headers: bearer(s.owner.accessToken),
          })
        ).json(),
      ).map((c) => c.firstName);
    expect(await page('limit=2')).toEqual(['Ava', 'Bea']);
    expect(await page('limit=2&offset=2')).toEqual(['Cleo']);
  });

  it("shows a client's visits, their counts and what they spent", async () => {
    const s = await shop('History Salon', 8550);
    const phone = '0412 777 888';
    const ids: number[] = [];
    for (const date of [TUE_10AM, TUE_11AM, TUE_1PM, TUE_2PM, FRI_10AM]) {
      ids.push((await book(s, date, { firstName: 'Hana', lastName: 'Kim', phone })).appointment.id);
    }
    // Someone else's visit must not count.
    await book(s, TUE_3PM, { firstName: 'Other', phone: '0412 777 999' });
    const [completed, noShow, cancelled, secondCompleted, upcoming] = ids as [
      number,
      number,
      number,
      number,
      number,
    ];
    const auth = s.owner.accessToken;
    ctx.clock.set(WED_NOON);
    try {
      for (const [id, status] of [
        [completed, 'completed'],
        [noShow, 'no_show'],
        [cancelled, 'cancelled'],
        [secondCompleted, 'completed'],
      ] as const) {
        const res = await ctx.request(json('PATCH', `/api/appointments/${id}`, { status }, auth));
        expect(res.statusCode, res.body).toBe(200);
      }
      const customerId = await customerIdOf(completed);
      const { detail, list } = owner(s);
      // A later price change does not rewrite what was spent or booked.
      const repriced = await ctx.request(
        json('PATCH', `/api/services/${s.serviceId}`, { price: 9900 }, auth),
      );
      expect(repriced.statusCode).toBe(200);
      const res = await detail(customerId);
      expect(res.statusCode, res.body).toBe(200);
      const client = CustomerDetailSchema.parse(res.json());
      expect(client).toMatchObject({
        id: customerId,
        firstName: 'Hana',
        lastName: 'Kim',
        phone: '+61412777888',
        notes: null,
        // Kept or to come: the two completed and Friday's.
        visits: 2,
        upcomingVisits: 1,
        noShows: 1,
        cancellations: 1,
        totalSpent: 2 * 8550,
        lastVisit: TUE_2PM,
        nextVisit: FRI_10AM,
      });
      expect(client.upcoming).toEqual([
        {
          id: upcoming,
          date: FRI_10AM,
          end: '2027-01-08T00:00:00.000Z',
          status: 'confirmed',
          service: { id: s.serviceId, name: 'Consultation' },
          staff: null,
          price: 8550,
        },
      ]);
      expect(client.past.map((v) => [v.id, v.status])).toEqual([
        [secondCompleted, 'completed'],
        [cancelled, 'cancelled'],
        [noShow, 'no_show'],
        [completed, 'completed'],
      ]);
      const [summary] = CustomerListSchema.parse((await list('Hana')).json());
      // Visits are the past ones kept (completed, or begun and neither cancelled nor a no-show);
      // the booking to come is counted apart.
      expect(summary).toMatchObject({
        visits: 2,
        upcomingVisits: 1,
        lastVisit: TUE_2PM,
        nextVisit: FRI_10AM,
      });
    } finally {
      ctx.clock.set(TEST_NOW);
    }
  });

  it("keeps the owner's private notes and edits, with the number kept unique", async () => {
    const s = await shop('Notes Salon');
    const a = await book(s, TUE_10AM, { firstName: 'Ivy', phone: '0412 100 200' });
    await book(s, TUE_11AM, { firstName: 'Jack', phone: '0412 300 400' });
    const ivy = await customerIdOf(a.appointment.id);
    const { patch, detail } = owner(s);

    const saved = await patch(ivy, { notes: '  Prefers the window seat  ' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(CustomerDetailSchema.parse(saved.json()).notes).toBe('Prefers the window seat');
    expect(CustomerDetailSchema.parse((await detail(ivy)).json()).notes).toBe(
      'Prefers the window seat',
    );

    const edited = CustomerDetailSchema.parse(
      (
        await patch(ivy, {
          firstName: 'Ivy',
          lastName: 'Ng',
          email: 'ivy@example.com',
          phone: '+61 412 100 201',
        })
      ).json(),
    );
    expect(edited).toMatchObject({
      lastName: 'Ng',
      email: 'ivy@example.com',
      phone: '+61412100201',
      notes: 'Prefers the window seat',
    });
    // An empty email and empty notes clear them.
    expect(
      CustomerDetailSchema.parse((await patch(ivy, { email: '', notes: '' })).json()),
    ).toMatchObject({ email: null, notes: null });

    // Another client's number with Ivy's own name would be that client twice: refused. (The
    // number alone may be shared: decision 35.)
    const twin = CustomerDetailSchema.parse((await patch(ivy, { phone: '0412 300 400' })).json());
    expect(twin.sharesNumberWith.length).toBe(1);
    const takenName = twin.sharesNumberWith[0]!.name.split(' ');
    const taken = await patch(ivy, {
      firstName: takenName[0]!,
      lastName: takenName.slice(1).join(' '),
    });
    expect(taken.statusCode).toBe(409);
    expect(ErrorResponseSchema.parse(taken.json())).toMatchObject({
      code: ErrorCode.CUSTOMER_PHONE_TAKEN,
      message: CUSTOMER_PHONE_TAKEN_MESSAGE,
      issues: [{ path: 'phone', message: CUSTOMER_PHONE_TAKEN_MESSAGE }],
    });
    const invalid = await patch(ivy, { phone: '0412 100' });
    expect(invalid.statusCode).toBe(400);
    expect(ErrorResponseSchema.parse(invalid.json()).issues).toEqual([
      { path: 'phone', message: INVALID_PHONE_MESSAGE },
    ]);
    expect((await customersOf(s.businessId)).map((c) => [c.first_name, c.phone])).toEqual([
      ['Ivy', '+61412300400'],
      ['Jack', '+61412300400'],
    ]);
  });

  it("answers another owner 404 for a client, and never lists another business's", async () => {
    const mine = await shop('Private Salon');
    const booked = await book(mine, TUE_10AM, { firstName: 'Secret', phone: '0412 999 000' });
    const clientId = await customerIdOf(booked.appointment.id);
    const other = await shop('Nosy Salon');
    const nosy = owner({ ...mine, owner: other.owner });

    for (const res of [
      await nosy.detail(clientId),
      await nosy.patch(clientId, { notes: 'mine now' }),
      await nosy.list(),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('Secret');
    }
    expect(CustomerListSchema.parse((await owner(other).list()).json())).toEqual([]);
    const [row] = await ctx.db.query('SELECT notes FROM customers WHERE id = $1', [clientId]);
    expect(row.notes).toBeNull();
  });
});

describe('the migration to one client per number', () => {
  it('normalises stored numbers, merges the records of one number and makes the number unique', async () => {
    const a = await createBusiness(ctx.db, { name: 'Legacy Salon', services: [{ name: 'Cut' }] });
    const b = await createBusiness(ctx.db, { name: 'Legacy Clinic', services: [{ name: 'Cut' }] });
    const runner = ctx.db.createQueryRunner();
    const migration = new CustomersByPhone1768280000000();
    const identity = new ClientIdentity1768520000000();
    try {
      await identity.down(runner);
      await migration.down(runner);
      const insert = async (
        businessId: number,
        firstName: string,
        phone: string,
        email: string | null,
      ) =>
        (
          (await ctx.db.query(
            `INSERT INTO customers (business_id, first_name, phone, email) VALUES ($1, $2, $3, $4)
             RETURNING id`,
            [businessId, firstName, phone, email],
          )) as { id: number }[]
        )[0]!.id;
      const oldest = await insert(a.business.id, 'Old', '0412 345 678', 'old@example.com');
      const newest = await insert(a.business.id, 'New', '+61 412 345 678', null);
      const typed = await insert(a.business.id, 'Typed', 'ring the shop', null);
      const elsewhere = await insert(b.business.id, 'Elsewhere', '0412345678', null);
      let hour = 0;
      const visit = async (business: CreatedBusiness, customerId: number) => {
        hour += 1;
        const start = new Date(Date.parse('2027-02-01T00:00:00Z') + hour * 3_600_000);
        const end = new Date(start.getTime() + 3_600_000);
        const [row] = await ctx.db.query(
          `INSERT INTO appointments (business_id, service_id, customer_id, starts_at, ends_at,
                                     blocked_from, blocked_until)
           VALUES ($1, $2, $3, $4, $5, $4, $5) RETURNING id`,
          [business.business.id, business.services.Cut!.id, customerId, start, end],
        );
        return (row as { id: number }).id;
      };
      const visits = [await visit(a, oldest), await visit(a, newest), await visit(b, elsewhere)];

      await migration.up(runner);
      await identity.up(runner);

      expect(
        await ctx.db.query(
          `SELECT id, business_id, first_name, email, phone FROM customers
            WHERE business_id = ANY($1::int[]) ORDER BY id`,
          [[a.business.id, b.business.id]],
        ),
      ).toEqual([
        // The oldest record stays, with the newest one's details (a known email is kept).
        {
          id: oldest,
          business_id: a.business.id,
          first_name: 'New',
          email: 'old@example.com',
          phone: '+61412345678',
        },
        {
          id: typed,
          business_id: a.business.id,
          first_name: 'Typed',
          email: null,
          phone: 'ring the shop',
        },
        {
          id: elsewhere,
          business_id: b.business.id,
          first_name: 'Elsewhere',
          email: null,
          phone: '+61412345678',
        },
      ]);
      expect(await Promise.all(visits.map(customerIdOf))).toEqual([oldest, oldest, elsewhere]);
      // ClientIdentity: each appointment keeps its client's name as it stood, and a client is
      // unique by number and name.
      expect(
        await ctx.db.query(
          `SELECT customer_first_name, customer_phone FROM appointments
            WHERE id = ANY($1::int[]) ORDER BY id`,
          [visits],
        ),
      ).toEqual([
        { customer_first_name: 'New', customer_phone: '+61412345678' },
        { customer_first_name: 'New', customer_phone: '+61412345678' },
        { customer_first_name: 'Elsewhere', customer_phone: '+61412345678' },
      ]);
      await expect(
        ctx.db.query(
          `INSERT INTO customers (business_id, first_name, phone, name_key)
           VALUES ($1, 'NEW', $2, 'new')`,
          [a.business.id, '+61412345678'],
        ),
      ).rejects.toMatchObject({ code: '23505' });
      await ctx.db.query(
        `INSERT INTO customers (business_id, first_name, phone, name_key)
         VALUES ($1, 'Twin', $2, 'twin')`,
        [a.business.id, '+61412345678'],
      );
    } finally {
      await runner.release();
    }
  });
});

describe('one phone shared by two people (decision 35)', () => {
  it("keeps each booking's name, makes two clients sharing the number, and renames no one", async () => {
    const s = await shop('Shared Phone Salon');
    const olivia = await book(s, TUE_10AM, {
      firstName: 'Olivia',
      lastName: 'Brown',
      phone: '0412 345 678',
      email: 'olivia@example.com',
    });
    const chloe = await book(s, TUE_1PM, {
      firstName: 'Chloe',
      lastName: 'Wilson',
      phone: '+61412345678',
      email: 'chloe@example.com',
    });
    expect(await customerIdOf(olivia.appointment.id)).not.toBe(
      await customerIdOf(chloe.appointment.id),
    );
    const diary = await ctx.request({
      method: 'GET',
      url: `/api/business/${s.businessId}/appointments`,
      headers: bearer(s.owner.accessToken),
    });
    expect(diary.statusCode, diary.body).toBe(200);
    const byId = new Map(
      OwnerAppointmentListSchema.parse(diary.json()).map((a) => [a.id, a.customer]),
    );
    expect(byId.get(olivia.appointment.id)).toMatchObject({
      firstName: 'Olivia',
      lastName: 'Brown',
      email: 'olivia@example.com',
      phone: '+61412345678',
    });
    expect(byId.get(chloe.appointment.id)).toMatchObject({
      firstName: 'Chloe',
      lastName: 'Wilson',
      email: 'chloe@example.com',
    });
    // The appointment keeps its booked name even when the owner renames the client later.
    const { list, patch } = owner(s);
    const clients = CustomerListSchema.parse((await list()).json());
    expect(clients.map((c) => [c.firstName, c.sharesNumberWith.map((o) => o.name)])).toEqual([
      ['Chloe', ['Olivia Brown']],
      ['Olivia', ['Chloe Wilson']],
    ]);
    const oliviaId = await customerIdOf(olivia.appointment.id);
    expect((await patch(oliviaId, { firstName: 'Liv' })).statusCode).toBe(200);
    const again = OwnerAppointmentListSchema.parse(
      (
        await ctx.request({
          method: 'GET',
          url: `/api/business/${s.businessId}/appointments`,
          headers: bearer(s.owner.accessToken),
        })
      ).json(),
    );
    expect(again.find((a) => a.id === olivia.appointment.id)!.customer.firstName).toBe('Olivia');

    // The owner's appointment search finds bookings by name, email and phone in any format.
    const search = async (q: string) => {
      const res = await ctx.request({
        method: 'GET',
        url: `/api/business/${s.businessId}/appointments?q=${encodeURIComponent(q)}`,
        headers: bearer(s.owner.accessToken),
      });
      expect(res.statusCode, res.body).toBe(200);
      return OwnerAppointmentListSchema.parse(res.json())
        .map((a) => a.customer.firstName)
        .sort();
    };
    expect(await search('olivia')).toEqual(['Olivia']);
    expect(await search('CHLOE@example')).toEqual(['Chloe']);
    expect(await search('0412 345 678')).toEqual(['Chloe', 'Olivia']);
    expect(await search('+61412345678')).toEqual(['Chloe', 'Olivia']);
    expect(await search('345-678')).toEqual(['Chloe', 'Olivia']);
    expect(await search('0499')).toEqual([]);
  });

  it('merges two clients on purpose and splits bookings out again under the name they were booked with', async () => {
    const s = await shop('Merge Salon');
    const a = await book(s, TUE_10AM, {
      firstName: 'Jo',
      lastName: 'Smith',
      phone: '0412 111 222',
    });
    const b = await book(s, TUE_1PM, {
      firstName: 'Joanne',
      lastName: 'Smith',
      phone: '0412 111 222',
    });
    const keep = await customerIdOf(a.appointment.id);
    const other = await customerIdOf(b.appointment.id);
    const auth = s.owner.accessToken;
    const merged = await ctx.request(
      json('POST', `/api/customers/${keep}/merge`, { otherCustomerId: other }, auth),
    );
    expect(merged.statusCode, merged.body).toBe(200);
    const detail = CustomerDetailSchema.parse(merged.json());
    expect(detail.upcoming.map((v) => v.id).sort()).toEqual(
      [a.appointment.id, b.appointment.id].sort(),
    );
    expect(await customersOf(s.businessId)).toHaveLength(1);
    // Merging a client into itself, or one that is gone, is refused.
    const self = await ctx.request(
      json('POST', `/api/customers/${keep}/merge`, { otherCustomerId: keep }, auth),
    );
    expect(self.statusCode).toBe(400);
    const gone = await ctx.request(
      json('POST', `/api/customers/${keep}/merge`, { otherCustomerId: other }, auth),
    );
    expect(gone.statusCode).toBe(404);

    const split = await ctx.request(
      json('POST', `/api/customers/${keep}/split`, { appointmentIds: [b.appointment.id] }, auth),
    );
    expect(split.statusCode, split.body).toBe(200);
    const created = CustomerDetailSchema.parse(split.json());
    expect([created.firstName, created.lastName]).toEqual(['Joanne', 'Smith']);
    expect(created.upcoming.map((v) => v.id)).toEqual([b.appointment.id]);
    expect(await customerIdOf(b.appointment.id)).toBe(created.id);
    expect(await customerIdOf(a.appointment.id)).toBe(keep);
    // Another client's booking, or every booking, cannot be split out.
    const all = await ctx.request(
      json('POST', `/api/customers/${keep}/split`, { appointmentIds: [a.appointment.id] }, auth),
    );
    expect(all.statusCode).toBe(400);
    const foreign = await ctx.request(
      json('POST', `/api/customers/${keep}/split`, { appointmentIds: [b.appointment.id] }, auth),
    );
    expect(foreign.statusCode).toBe(400);
  });

  it('merges any two clients of the business, not only ones sharing a number', async () => {
    const s = await shop('Any Merge Salon');
    const a = await book(s, TUE_10AM, {
      firstName: 'Kate',
      lastName: 'Lee',
      phone: '0412 333 444',
    });
    const b = await book(s, TUE_1PM, {
      firstName: 'Katherine',
      lastName: 'Lee',
      phone: '0412 555 666',
    });
    const keep = await customerIdOf(a.appointment.id);
    const other = await customerIdOf(b.appointment.id);
    const merged = await ctx.request(
      json('POST', `/api/customers/${keep}/merge`, { otherCustomerId: other }, s.owner.accessToken),
    );
    expect(merged.statusCode, merged.body).toBe(200);
    const detail = CustomerDetailSchema.parse(merged.json());
    // The kept client's own details stay; the histories are one.
    expect([detail.firstName, detail.phone]).toEqual(['Kate', '+61412333444']);
    expect(detail.upcoming.map((v) => v.id).sort()).toEqual(
      [a.appointment.id, b.appointment.id].sort(),
    );
    expect(await customersOf(s.businessId)).toHaveLength(1);
  });

  it("refuses to merge another owner's client", async () => {
    const s = await shop('Mine Salon');
    const t = await shop('Theirs Salon');
    const mine = await book(s, TUE_10AM, { firstName: 'Ann', phone: '0412 222 333' });
    const theirs = await book(t, TUE_10AM, { firstName: 'Ann', phone: '0412 222 333' });
    const res = await ctx.request(
      json(
        'POST',
        `/api/customers/${await customerIdOf(mine.appointment.id)}/merge`,
        { otherCustomerId: await customerIdOf(theirs.appointment.id) },
        s.owner.accessToken,
      ),
    );
    expect(res.statusCode).toBe(404);
  });
});
