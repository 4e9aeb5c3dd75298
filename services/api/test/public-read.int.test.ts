import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AvailableTimeListSchema,
  BusinessListSchema,
  BusinessSchema,
  ErrorResponseSchema,
  formatTime,
  HealthResponseSchema,
  ServiceListSchema,
  StaffListSchema,
} from '@slotwise/contracts';
import { seedDemoData } from '../src/seeds/demo.seed.js';
import { type CreatedBusiness, createBusiness } from './support/fixtures.js';
import { createTestContext, type TestContext } from './support/test-app.js';

let ctx: TestContext;
let salon: CreatedBusiness;
let clinic: CreatedBusiness;

beforeAll(async () => {
  ctx = await createTestContext();
  salon = await createBusiness(ctx.db, {
    name: 'Read Test Salon',
    services: [
      { name: 'Cut', durationMinutes: 30, priceCents: 4500 },
      { name: 'Colour', durationMinutes: 60, priceCents: 16500 },
      { name: 'Retired', isActive: false },
    ],
    staff: [
      { firstName: 'Mia', offers: ['Cut', 'Colour'] },
      { firstName: 'Jack', offers: ['Cut'] },
      { firstName: 'Gone', isActive: false, offers: ['Cut', 'Colour'] },
    ],
  });
  clinic = await createBusiness(ctx.db, {
    name: 'Read Test Clinic',
    services: [{ name: 'Consult', durationMinutes: 60 }],
    hours: [],
  });
});

afterAll(async () => {
  await ctx?.close();
});

function expectError(res: { statusCode: number; json(): unknown }, status: number) {
  expect(res.statusCode).toBe(status);
  const body = ErrorResponseSchema.parse(res.json());
  expect(body.statusCode).toBe(status);
  return body;
}

describe('GET /api/health', () => {
  it('reports the database as up', async () => {
    const res = await ctx.get('/api/health');
    expect(res.statusCode).toBe(200);
    expect(HealthResponseSchema.parse(res.json())).toMatchObject({ status: 'ok', database: 'up' });
  });
});

describe('GET /api/businesses', () => {
  it('lists businesses in the contract shape with an hours summary', async () => {
    const res = await ctx.get('/api/businesses');
    expect(res.statusCode).toBe(200);
    const list = BusinessListSchema.parse(res.json());
    const s = list.find((b) => b.id === salon.business.id);
    const c = list.find((b) => b.id === clinic.business.id);
    expect(s).toMatchObject({
      name: 'Read Test Salon',
      businessHours: 'Mon–Fri 9:00 AM – 5:00 PM',
      timeZone: 'Australia/Sydney',
      subscriptionPlan: 'free',
    });
    // Closed every day: not published, so not listed.
    expect(c).toBeUndefined();
  });
});

describe('GET /api/business/:id and /api/business/slug/:slug', () => {
  it('finds a business by id', async () => {
    const res = await ctx.get(`/api/business/${salon.business.id}`);
    expect(res.statusCode).toBe(200);
    expect(BusinessSchema.parse(res.json()).slug).toBe(salon.business.slug);
  });

  it('finds a business by slug, ignoring case', async () => {
    for (const slug of [salon.business.slug, salon.business.slug.toUpperCase()]) {
      const res = await ctx.get(`/api/business/slug/${slug}`);
      expect(res.statusCode).toBe(200);
      expect(BusinessSchema.parse(res.json()).id).toBe(salon.business.id);
    }
  });

  it('answers 404 for unknown ids and slugs, 400 for non-numeric ids', async () => {
    expect(expectError(await ctx.get('/api/business/999999'), 404).message).toBe(
      'Business not found',
    );
    expect(expectError(await ctx.get('/api/business/slug/no-such-place'), 404).code).toBe(
      'BUSINESS_NOT_FOUND',
    );
    expectError(await ctx.get('/api/business/slug/%00%27;drop'), 404);
    for (const id of ['abc', '1.5', '-1', '0', '1e3', '99999999999']) {
      expectError(await ctx.get(`/api/business/${id}`), 400);
    }
  });
});

describe('services', () => {
  it('lists only active services, price in cents, by slug and by id', async () => {
    for (const url of [
      `/api/business/slug/${salon.business.slug}/services`,
      `/api/business/${salon.business.id}/services`,
    ]) {
      const res = await ctx.get(url);
      expect(res.statusCode).toBe(200);
      const services = ServiceListSchema.parse(res.json());
      expect(services.map((s) => s.name).sort()).toEqual(['Colour', 'Cut']);
      expect(services.find((s) => s.name === 'Colour')).toMatchObject({
        price: 16500,
        duration: 60,
        isActive: true,
        businessId: salon.business.id,
      });
    }
  });

  it('404s for an unknown business', async () => {
    expectError(await ctx.get('/api/business/999999/services'), 404);
    expectError(await ctx.get('/api/business/slug/nobody/services'), 404);
  });
});

describe('staff', () => {
  it('lists active staff with the services they offer', async () => {
    const res = await ctx.get(`/api/business/${salon.business.id}/staff`);
    expect(res.statusCode).toBe(200);
    const staff = StaffListSchema.parse(res.json());
    expect(staff.map((s) => s.firstName)).toEqual(['Mia', 'Jack']);
    expect(staff[0]).toMatchObject({
      name: 'Mia Tester',
      position: 'Stylist',
      serviceIds: [salon.services.Cut!.id, salon.services.Colour!.id].sort((a, b) => a - b),
    });
  });

  it("keeps staff members' own email and phone private on the public list", async () => {
    const staff = StaffListSchema.parse(
      (await ctx.get(`/api/business/${salon.business.id}/staff`)).json(),
    );
    expect(staff.length).toBeGreaterThan(0);
    for (const member of staff) expect([member.email, member.phone]).toEqual([null, null]);
  });

  it('filters by serviceId (by slug and by id)', async () => {
    const colour = salon.services.Colour!.id;
    for (const url of [
      `/api/business/slug/${salon.business.slug.toUpperCase()}/staff?serviceId=${colour}`,
      `/api/business/${salon.business.id}/staff?serviceId=${colour}`,
    ]) {
      const res = await ctx.get(url);
      expect(res.statusCode).toBe(200);
      expect(StaffListSchema.parse(res.json()).map((s) => s.firstName)).toEqual(['Mia']);
    }
  });

  it('rejects a bad serviceId and 404s an unknown one', async () => {
    expectError(await ctx.get(`/api/business/${salon.business.id}/staff?serviceId=abc`), 400);
    expectError(await ctx.get(`/api/business/${salon.business.id}/staff?serviceId=999999`), 404);
    // Another business's service is unknown here.
    const other = clinic.services.Consult!.id;
    expectError(await ctx.get(`/api/business/${salon.business.id}/staff?serviceId=${other}`), 404);
  });

  it('is empty for a business without staff', async () => {
    const res = await ctx.get(`/api/business/${clinic.business.id}/staff`);
    expect(res.json()).toEqual([]);
  });
});

describe('available times', () => {
  const url = (path: string, query: string) => `/api/business/${path}/available-times?${query}`;

  it('lists 9–5 slots in Sydney time with UTC instants, uncached', async () => {
    const res = await ctx.get(
      url(`${salon.business.id}`, `date=2027-01-15&serviceId=${salon.services.Cut!.id}&nocache=1`),
    );
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const slots = AvailableTimeListSchema.parse(res.json());
    expect(slots).toHaveLength(16);
    expect(slots[0]).toEqual({
      time: '9:00 AM',
      start: '2027-01-14T22:00:00.000Z',
      timeZoneName: 'AEDT',
    });
    for (const s of slots) expect(formatTime(s.start, 'Australia/Sydney')).toBe(s.time);
  });

  it('works by slug and accepts an ISO timestamp for the day', async () => {
    const res = await ctx.get(
      url(
        `slug/${salon.business.slug}`,
        `date=2027-01-14T22:00:00.000Z&serviceId=${salon.services.Colour!.id}`,
      ),
    );
    expect(res.statusCode).toBe(200);
    const slots = AvailableTimeListSchema.parse(res.json());
    expect(slots.at(-1)?.time).toBe('4:00 PM');
  });

  it('is empty on closed days, in the past and beyond the horizon', async () => {
    const cut = salon.services.Cut!.id;
    for (const date of ['2027-01-16', '2026-12-31', '2028-01-14']) {
      const res = await ctx.get(url(`${salon.business.id}`, `date=${date}&serviceId=${cut}`));
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual([]);
    }
  });

  it('respects the 1-hour notice on today', async () => {
    // Now is 11:00 AM on Monday 4 January in Sydney.
    const res = await ctx.get(
      url(`${salon.business.id}`, `date=2027-01-04&serviceId=${salon.services.Cut!.id}`),
    );
    expect((res.json() as { time: string }[])[0]?.time).toBe('12:00 PM');
  });

  it('checks the staff member offers the service', async () => {
    const { Jack, Gone } = salon.staff;
    const colour = salon.services.Colour!.id;
    const base = `date=2027-01-15&serviceId=${colour}`;
    expectError(await ctx.get(url(`${salon.business.id}`, `${base}&staffId=${Jack!.id}`)), 400);
    expectError(await ctx.get(url(`${salon.business.id}`, `${base}&staffId=${Gone!.id}`)), 404);
    expectError(await ctx.get(url(`${salon.business.id}`, `${base}&staffId=999999`)), 404);
  });

  it('answers 4xx for bad queries', async () => {
    const id = salon.business.id;
    const cut = salon.services.Cut!.id;
    const cases: [string, number][] = [
      [`serviceId=${cut}`, 400],
      ['date=2027-01-15', 400],
      [`date=2027-02-30&serviceId=${cut}`, 400],
      [`date=yesterday&serviceId=${cut}`, 400],
      [`date=2027-01-15&serviceId=abc`, 400],
      [`date=2027-01-15&serviceId=${cut}&serviceId=${cut}`, 400],
      [`date=2027-01-15&serviceId=${cut}&staffId=x`, 400],
      [`date=2027-01-15&serviceId=999999`, 404],
      [`date=2027-01-15&serviceId=${salon.services.Retired!.id}`, 404],
    ];
    for (const [query, status] of cases) {
      expectError(await ctx.get(url(`${id}`, query)), status);
    }
  });
});

describe('framework errors keep the error shape', () => {
  it('404s unknown routes', async () => {
    const body = expectError(await ctx.get('/api/nothing-here'), 404);
    expect(body.error).toBe('Not Found');
  });
});

describe('demo seed', () => {
  it('creates the demo businesses once, however often it runs', async () => {
    const first = await seedDemoData(ctx.db);
    const second = await seedDemoData(ctx.db);
    expect(first.map((r) => r.created)).toEqual([true, true]);
    expect(second.map((r) => r.created)).toEqual([false, false]);
    expect(second.map((r) => r.id)).toEqual(first.map((r) => r.id));
    const [{ count }] = await ctx.db.query(
      `SELECT count(*)::int AS count FROM businesses WHERE slug IN ('harbour-hair-studio', 'bondi-physio-co')`,
    );
    expect(count).toBe(2);
    const [{ hours }] = await ctx.db.query(
      `SELECT count(*)::int AS hours FROM availabilities WHERE business_id = ANY($1)`,
      [first.map((r) => r.id)],
    );
    expect(hours).toBe(14);

    const res = await ctx.get('/api/business/slug/harbour-hair-studio');
    const salonDemo = BusinessSchema.parse(res.json());
    expect(salonDemo.businessHours).toBe('Mon–Fri 9:00 AM – 5:00 PM, Sat 9:00 AM – 1:00 PM');
    // Four services and two staff: over Free's limits, so the demos are on Professional.
    expect(salonDemo.subscriptionPlan).toBe('professional');
    const staff = await ctx.get('/api/business/slug/bondi-physio-co/staff');
    expect(staff.json()).toEqual([]);
  });
});
