import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AppointmentCountsSchema,
  ErrorResponseSchema,
  OwnerAppointmentListSchema,
  OwnerAppointmentSchema,
  ServiceSchema,
} from '@slotwise/contracts';
import { bookingRequest } from './support/fixtures.js';
import { bearer, json, ownerBusiness, signUpOwner } from './support/auth.js';
import { createTestContext, type TestContext } from './support/test-app.js';

let ctx: TestContext;

beforeAll(async () => {
  // Monday 4 January 2027, 11:00 AM in Sydney (AEDT, +11).
  ctx = await createTestContext();
});

afterAll(async () => {
  await ctx?.close();
});

// Business-local times in Sydney, as UTC instants.
const MON_NOON = '2027-01-04T01:00:00.000Z';
const TUE_9AM = '2027-01-04T22:00:00.000Z';
const TUE_10AM = '2027-01-04T23:00:00.000Z';
const TUE_START = '2027-01-04T13:00:00.000Z';
const WED_START = '2027-01-05T13:00:00.000Z';

async function ownerWithBookings() {
  const owner = await signUpOwner(ctx);
  const businessId = (await ownerBusiness(ctx, owner)).id;
  const service = ServiceSchema.parse(
    (
      await ctx.request(
        json(
          'POST',
          '/api/services',
          {
            businessId,
            name: 'Consultation',
            description: 'First visit',
            duration: 60,
            price: 8550,
          },
          owner.accessToken,
        ),
      )
    ).json(),
  );
  const ids: number[] = [];
  for (const [date, firstName, phone] of [
    // One number each: a client is one record per number.
    [MON_NOON, 'Alice', '0400 100 001'],
    [TUE_9AM, 'Bob', '0400 100 002'],
    [TUE_10AM, 'Carla', '0400 100 003'],
  ] as const) {
    const booked = await ctx.post(
      '/api/appointments',
      bookingRequest(businessId, service.id, date, {
        firstName,
        phone,
        lastName: 'Nguyen',
        email: `${firstName.toLowerCase()}@example.com`,
        notes: `${firstName}'s note`,
      }),
    );
    expect(booked.statusCode).toBe(201);
    ids.push((booked.json() as { appointment: { id: number } }).appointment.id);
  }
  const auth = bearer(owner.accessToken);
  const list = async (query = '') =>
    ctx.request({
      method: 'GET',
      url: `/api/business/${businessId}/appointments${query}`,
      headers: auth,
    });
  const patch = (id: number, body: unknown) =>
    ctx.request(json('PATCH', `/api/appointments/${id}`, body, owner.accessToken));
  const cancel = (id: number) =>
    ctx.request({ method: 'DELETE', url: `/api/appointments/${id}`, headers: auth });
  const counts = async () =>
    AppointmentCountsSchema.parse(
      (
        await ctx.request({
          method: 'GET',
          url: `/api/business/${businessId}/appointment-counts`,
          headers: auth,
        })
      ).json(),
    );
  return { owner, businessId, service, ids, list, patch, cancel, counts };
}

describe('owner appointments: listing', () => {
  it('lists every appointment newest first, with service, customer and staff', async () => {
    const { list, service } = await ownerWithBookings();
    const res = await list();
    expect(res.statusCode).toBe(200);
    const all = OwnerAppointmentListSchema.parse(res.json());
    expect(all.map((a) => a.customer.firstName)).toEqual(['Carla', 'Bob', 'Alice']);
    expect(all[0]).toEqual({
      id: expect.any(Number),
      date: TUE_10AM,
      end: '2027-01-05T00:00:00.000Z',
      status: 'confirmed',
      notes: "Carla's note",
      staffMemberId: null,
      staff: null,
      service: {
        id: service.id,
        name: 'Consultation',
        duration: 60,
        price: 8550,
        description: 'First visit',
      },
      customer: {
        firstName: 'Carla',
        lastName: 'Nguyen',
        email: 'carla@example.com',
        phone: '+61400100003',
        notificationPreferences: { email: false, sms: true },
      },
      // Booked online by the customer, as the booking was named.
      history: [
        {
          id: expect.any(Number),
          kind: 'created',
          actor: { kind: 'customer', userId: null, name: 'Carla Nguyen' },
          at: expect.any(String),
          details: expect.objectContaining({ status: 'confirmed' }),
        },
      ],
      customerConfirmedAt: null,
      smsReplies: [],
    });
  });

  it('returns only appointments overlapping a from/to window', async () => {
    const { list } = await ownerWithBookings();
    const tuesday = OwnerAppointmentListSchema.parse(
      (await list(`?from=${TUE_START}&to=${WED_START}`)).json(),
    );
    expect(tuesday.map((a) => a.date)).toEqual([TUE_10AM, TUE_9AM]);
    // 12:30 on Monday: the noon appointment (until 1 PM) overlaps it; Tuesday's do not.
    const overlap = OwnerAppointmentListSchema.parse(
      (await list(`?from=2027-01-04T01:30:00Z&to=2027-01-04T02:00:00Z`)).json(),
    );
    expect(overlap.map((a) => a.date)).toEqual([MON_NOON]);
    // The end is exclusive: a window starting when an appointment ends does not include it.
    const after = OwnerAppointmentListSchema.parse(
      (await list(`?from=2027-01-04T02:00:00Z&to=${TUE_START}`)).json(),
    );
    expect(after).toEqual([]);
    const bad = await list('?from=yesterday');
    expect(bad.statusCode).toBe(400);
    const reversed = await list(`?from=${WED_START}&to=${TUE_START}`);
    expect(reversed.statusCode).toBe(400);
    expect(ErrorResponseSchema.parse(reversed.json()).message).toBe('from must be before to');
  });

  it('pages newest first with limit/offset, searched by name or service and filtered by status', async () => {
    const { list, ids, patch } = await ownerWithBookings();
    const names = async (query: string) => {
      const res = await list(query);
      expect(res.statusCode).toBe(200);
      return OwnerAppointmentListSchema.parse(res.json()).map((a) => a.customer.firstName);
    };
    expect(await names('?limit=2')).toEqual(['Carla', 'Bob']);
    expect(await names('?limit=2&offset=2')).toEqual(['Alice']);
    expect(await names('?limit=2&offset=3')).toEqual([]);
    // Search: first or last name, the full name, or the service, ignoring case; literal text.
    expect(await names('?q=BOB')).toEqual(['Bob']);
    expect(await names('?q=nguyen&limit=1')).toEqual(['Carla']);
    expect(await names('?q=carla%20nguyen')).toEqual(['Carla']);
    expect(await names('?q=consult')).toEqual(['Carla', 'Bob', 'Alice']);
    expect(await names('?q=%25')).toEqual([]);
    expect(await names('?q=%20%20')).toEqual(['Carla', 'Bob', 'Alice']);
    // Status: a comma list (or repeated), any case; with the search and the page together.
    await patch(ids[0]!, { status: 'pending' });
    expect(await names('?status=PENDING')).toEqual(['Alice']);
    expect(await names('?status=pending,confirmed&limit=2')).toEqual(['Carla', 'Bob']);
    expect(await names('?status=pending&status=confirmed&q=Nguyen&offset=2')).toEqual(['Alice']);
    expect(await names('?status=cancelled')).toEqual([]);

    for (const [query, message] of [
      ['?limit=0', 'limit must be at least 1'],
      ['?limit=501', 'limit must be at most 500'],
      ['?limit=ten', 'limit must be a whole number'],
      ['?offset=-1', 'offset must be a whole number'],
      [
        '?status=archived',
        'status must be one of pending, confirmed, completed, cancelled, no_show',
      ],
      [`?q=${'x'.repeat(101)}`, 'Search must be 100 characters or fewer'],
    ] as const) {
      const res = await list(query);
      expect(res.statusCode, query).toBe(400);
      expect(ErrorResponseSchema.parse(res.json()).message, query).toBe(message);
    }
  });

  it("keeps an archived service's name on its appointments", async () => {
    const { owner, list, service } = await ownerWithBookings();
    const del = await ctx.request({
      method: 'DELETE',
      url: `/api/services/${service.id}`,
      headers: bearer(owner.accessToken),
    });
    expect(del.statusCode).toBe(204);
    const all = OwnerAppointmentListSchema.parse((await list()).json());
    expect(all).toHaveLength(3);
    expect(all[0]!.service.name).toBe('Consultation');
  });
});

describe('owner appointments: staff', () => {
  it('names the assigned staff member, also once they are archived', async () => {
    const { owner, businessId, service, list } = await ownerWithBookings();
    const staff = await ctx.request(
      json(
        'POST',
        '/api/staff',
        {
          businessId,
          firstName: 'Jane',
          lastName: 'Smith',
          title: 'Therapist',
          serviceIds: [service.id],
        },
        owner.accessToken,
      ),
    );
    expect(staff.statusCode).toBe(201);
    const staffId = (staff.json() as { id: number }).id;
    const booked = await ctx.post(
      '/api/appointments',
      bookingRequest(businessId, service.id, '2027-01-05T00:00:00.000Z'),
    );
    expect(booked.statusCode).toBe(201);
    // The booking is still to come: removing the person needs a decision about it.
    const del = await ctx.request({
      method: 'DELETE',
      url: `/api/staff/${staffId}?upcoming=cancel`,
      headers: bearer(owner.accessToken),
    });
    expect(del.statusCode).toBe(204);
    const [latest] = OwnerAppointmentListSchema.parse((await list()).json());
    expect(latest).toMatchObject({
      date: '2027-01-05T00:00:00.000Z',
      staffMemberId: staffId,
      staff: { id: staffId, name: 'Jane Smith', position: 'Therapist' },
    });
  });
});

describe('owner appointments: counts', () => {
  it("counts today on the business's own day in its zone, and confirmed and pending overall", async () => {
    const { counts, patch, ids } = await ownerWithBookings();
    expect(await counts()).toEqual({ today: 1, confirmed: 3, pending: 0 });
    expect((await patch(ids[1]!, { status: 'pending' })).statusCode).toBe(200);
    expect(await counts()).toEqual({ today: 1, confirmed: 2, pending: 1 });
    // 11:30 PM Monday in Sydney is already Tuesday in UTC... and Monday is still "today" there.
    ctx.clock.set('2027-01-04T12:30:00Z');
    expect((await counts()).today).toBe(1);
    // Midnight in Sydney (13:00 UTC): Tuesday's two appointments are today's.
    ctx.clock.set(TUE_START);
    expect((await counts()).today).toBe(2);
    ctx.clock.set('2027-01-04T00:00:00Z');
  });
});

describe('owner appointments: status changes', () => {
  it('moves between statuses ignoring case, refuses the same status, and edits notes', async () => {
    const { patch, ids } = await ownerWithBookings();
    const id = ids[0]!;
    const pending = await patch(id, { status: 'PENDING' });
    expect(pending.statusCode).toBe(200);
    expect(OwnerAppointmentSchema.parse(pending.json()).status).toBe('pending');

    const same = await patch(id, { status: 'Pending' });
    expect(same.statusCode).toBe(400);
    expect(ErrorResponseSchema.parse(same.json()).message).toBe(
      'This appointment is already pending.',
    );

    // What happened can only be said once it has started.
    const early = await patch(id, { status: 'completed' });
    expect(early.statusCode).toBe(400);
    expect(ErrorResponseSchema.parse(early.json()).message).toBe(
      'An appointment can be marked completed or no-show only once it has started.',
    );
    ctx.clock.set('2027-01-06T00:00:00Z');
    for (const status of ['Completed', 'confirmed', 'COMPLETED', 'No_Show']) {
      const res = await patch(id, { status });
      expect(res.statusCode, status).toBe(200);
      expect(OwnerAppointmentSchema.parse(res.json()).status).toBe(status.toLowerCase());
    }
    ctx.clock.set('2027-01-04T00:00:00Z');

    expect((await patch(id, { status: 'done' })).statusCode).toBe(400);
    expect((await patch(id, {})).statusCode).toBe(400);
    expect((await patch(id, { status: 42 })).statusCode).toBe(400);

    const notes = await patch(id, { notes: '  Allergic to latex  ' });
    expect(OwnerAppointmentSchema.parse(notes.json()).notes).toBe('Allergic to latex');
    const cleared = await patch(id, { notes: null });
    expect(OwnerAppointmentSchema.parse(cleared.json()).notes).toBeNull();
    const longest = await patch(id, { notes: 'n'.repeat(1000) });
    expect(OwnerAppointmentSchema.parse(longest.json()).notes).toHaveLength(1000);
    const tooLong = await patch(id, { notes: 'n'.repeat(1001) });
    expect(tooLong.statusCode).toBe(400);
    expect(ErrorResponseSchema.parse(tooLong.json()).message).toBe(
      'Notes must be 1000 characters or fewer',
    );

    expect((await patch(999_999, { status: 'confirmed' })).statusCode).toBe(404);
  });
});

describe('owner appointments: cancelling', () => {
  it('DELETE cancels (the row stays) and frees the slot for a new booking', async () => {
    const { businessId, service, ids, cancel, patch } = await ownerWithBookings();
    const times = async () =>
      (
        await ctx.get(
          `/api/business/${businessId}/available-times?date=2027-01-05&serviceId=${service.id}`,
        )
      ).json() as { start: string }[];
    expect((await times()).map((t) => t.start)).not.toContain(TUE_9AM);
    expect(
      (await ctx.post('/api/appointments', bookingRequest(businessId, service.id, TUE_9AM)))
        .statusCode,
    ).toBe(409);

    const res = await cancel(ids[1]!);
    expect(res.statusCode).toBe(200);
    expect(OwnerAppointmentSchema.parse(res.json()).status).toBe('cancelled');
    const [row] = await ctx.db.query('SELECT status FROM appointments WHERE id = $1', [ids[1]]);
    expect(row.status).toBe('cancelled');

    // Cancelling twice is the same-status refusal; cancelling through PATCH is the same path.
    const again = await cancel(ids[1]!);
    expect(again.statusCode).toBe(400);
    expect(ErrorResponseSchema.parse(again.json()).message).toBe(
      'This appointment is already cancelled.',
    );

    expect((await times()).map((t) => t.start)).toContain(TUE_9AM);
    const rebooked = await ctx.post(
      '/api/appointments',
      bookingRequest(businessId, service.id, TUE_9AM, { firstName: 'Dan' }),
    );
    expect(rebooked.statusCode).toBe(201);

    // The old appointment cannot come back now that its time is taken.
    const revive = await patch(ids[1]!, { status: 'confirmed' });
    expect(revive.statusCode).toBe(409);
    expect(ErrorResponseSchema.parse(revive.json()).message).toBe(
      'This time slot is already booked',
    );

    // PATCH to cancelled frees a slot just the same.
    const viaPatch = await patch(ids[2]!, { status: 'CANCELLED' });
    expect(viaPatch.statusCode).toBe(200);
    expect((await times()).map((t) => t.start)).toContain(TUE_10AM);
  });
});
