import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorMessages } from '@slotwise/contracts';
import { bookingRequest, type CreatedBusiness, createBusiness } from './support/fixtures.js';
import { createTestContext, type TestContext } from './support/test-app.js';

let ctx: TestContext;
let salon: CreatedBusiness;
let clinic: CreatedBusiness;

const SLOT = '2027-01-14T23:00:00.000Z'; // 10:00 AM Friday 15 Jan in Sydney
const ATTEMPTS = 20;

beforeAll(async () => {
  ctx = await createTestContext();
  salon = await createBusiness(ctx.db, {
    name: 'Race Salon',
    services: [{ name: 'Cut', durationMinutes: 30 }],
    staff: [
      { firstName: 'Mia', offers: ['Cut'] },
      { firstName: 'Jack', offers: ['Cut'] },
    ],
  });
  clinic = await createBusiness(ctx.db, {
    name: 'Race Clinic',
    services: [{ name: 'Consult', durationMinutes: 60 }],
  });
});

afterAll(async () => {
  await ctx?.close();
});

async function fire(businessId: number, serviceId: number, slot = SLOT) {
  const responses = await Promise.all(
    Array.from({ length: ATTEMPTS }, (_, i) =>
      ctx.post(
        '/api/appointments',
        bookingRequest(businessId, serviceId, slot, { phone: `0400 000 ${100 + i}` }),
      ),
    ),
  );
  const statuses = responses.map((r) => r.statusCode);
  expect(statuses.every((s) => s < 500)).toBe(true);
  for (const r of responses.filter((x) => x.statusCode === 409)) {
    expect((r.json() as { message: string }).message).toBe(ErrorMessages.slotTaken);
  }
  return statuses;
}

async function countRows(businessId: number) {
  const [row] = await ctx.db.query(
    `SELECT count(*)::int AS appointments,
            count(DISTINCT resource_key)::int AS resources,
            (SELECT count(*)::int FROM customers WHERE business_id = $1) AS customers
       FROM appointments WHERE business_id = $1 AND status <> 'cancelled'`,
    [businessId],
  );
  return row as { appointments: number; resources: number; customers: number };
}

describe('concurrent bookings of one slot', () => {
  it('with two staff offering the service: exactly two succeed, the rest get 409', async () => {
    const statuses = await fire(salon.business.id, salon.services.Cut!.id);
    expect(statuses.filter((s) => s === 201)).toHaveLength(2);
    expect(statuses.filter((s) => s === 409)).toHaveLength(ATTEMPTS - 2);
    // One per staff member, and no customer rows left behind by the losers.
    expect(await countRows(salon.business.id)).toEqual({
      appointments: 2,
      resources: 2,
      customers: 2,
    });
  });

  it('with no staff (the business is the resource): exactly one succeeds', async () => {
    const statuses = await fire(clinic.business.id, clinic.services.Consult!.id);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(ATTEMPTS - 1);
    expect(await countRows(clinic.business.id)).toEqual({
      appointments: 1,
      resources: 1,
      customers: 1,
    });
  });
});

describe('races over many slots', () => {
  // Concurrent inserts into the exclusion constraint's index can deadlock each other (PostgreSQL
  // then aborts one with 40P01); over this many races some do, and every one must still end as a
  // booking or a 409, never a 500.
  it('every slot ends with one booking per staff member and 409s for the rest', async () => {
    const studio = await createBusiness(ctx.db, {
      name: 'Race Studio',
      services: [{ name: 'Trim', durationMinutes: 30 }],
      staff: [
        { firstName: 'Ava', offers: ['Trim'] },
        { firstName: 'Leo', offers: ['Trim'] },
      ],
    });
    const trim = studio.services.Trim!.id;
    // Monday 18 January 2027, 10:00 to 16:00 in Sydney, every half hour.
    for (let step = 0; step < 13; step++) {
      const slot = new Date(Date.parse('2027-01-17T23:00:00Z') + step * 1_800_000).toISOString();
      const statuses = await fire(studio.business.id, trim, slot);
      expect(statuses.filter((s) => s === 201)).toHaveLength(2);
    }
    expect((await countRows(studio.business.id)).appointments).toBe(26);
  });
});

describe('the exclusion constraint itself', () => {
  async function insert(
    businessId: number,
    serviceId: number,
    staffId: number | null,
    start: string,
    end: string,
    status = 'confirmed',
  ) {
    const [customer] = await ctx.db.query(
      `INSERT INTO customers (business_id, first_name, phone, name_key)
       VALUES ($1, 'Direct', '+61400000000', 'direct')
       ON CONFLICT (business_id, phone, name_key) DO UPDATE SET first_name = EXCLUDED.first_name
       RETURNING id`,
      [businessId],
    );
    return ctx.db.query(
      `INSERT INTO appointments (business_id, service_id, staff_id, customer_id, status, starts_at, ends_at,
                                 blocked_from, blocked_until)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $6, $7) RETURNING id`,
      [businessId, serviceId, staffId, customer.id, status, start, end],
    );
  }

  it('rejects an overlapping row written straight to the database (SQLSTATE 23P01)', async () => {
    const consult = clinic.services.Consult!.id;
    // The API booked 23:00–00:00Z above; 23:30–00:30Z overlaps it.
    await expect(
      insert(clinic.business.id, consult, null, '2027-01-14T23:30:00Z', '2027-01-15T00:30:00Z'),
    ).rejects.toMatchObject({ driverError: { code: '23P01' } });
  });

  it('allows touching intervals, cancelled rows, and other resources', async () => {
    const consult = clinic.services.Consult!.id;
    const cut = salon.services.Cut!.id;
    // Back to back with the existing 23:00–00:00Z booking: '[)' ranges do not overlap.
    await insert(clinic.business.id, consult, null, '2027-01-15T00:00:00Z', '2027-01-15T01:00:00Z');
    // A cancelled row may overlap anything.
    await insert(
      clinic.business.id,
      consult,
      null,
      '2027-01-14T23:00:00Z',
      '2027-01-15T00:00:00Z',
      'cancelled',
    );
    // Another resource at the same time.
    await insert(salon.business.id, cut, null, SLOT, '2027-01-14T23:30:00Z');
  });

  it('rejects a staff member double-booked across services', async () => {
    const cut = salon.services.Cut!.id;
    const mia = salon.staff.Mia!.id;
    await expect(
      insert(salon.business.id, cut, mia, '2027-01-14T23:15:00Z', '2027-01-14T23:45:00Z'),
    ).rejects.toMatchObject({ driverError: { code: '23P01' } });
  });

  it('rejects a service of another business and a bad status', async () => {
    const consult = clinic.services.Consult!.id;
    await expect(
      insert(salon.business.id, consult, null, '2027-01-20T23:00:00Z', '2027-01-21T00:00:00Z'),
    ).rejects.toMatchObject({ driverError: { code: '23503' } });
    await expect(
      insert(
        clinic.business.id,
        consult,
        null,
        '2027-01-20T23:00:00Z',
        '2027-01-21T00:00:00Z',
        'maybe',
      ),
    ).rejects.toMatchObject({ driverError: { code: '23514' } });
  });
});
