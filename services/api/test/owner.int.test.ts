import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AvailabilitySchema,
  BusinessSchema,
  ErrorResponseSchema,
  ServiceListSchema,
  ServiceSchema,
  StaffListSchema,
  StaffMemberSchema,
  serviceLimitMessage,
  staffLimitMessage,
} from '@slotwise/contracts';
import type { InjectOptions } from 'fastify';
import { BusinessEntity } from '../src/modules/business/index.js';
import { ServiceEntity } from '../src/modules/catalog/index.js';
import { bookingRequest } from './support/fixtures.js';
import { bearer, json, ownerBusiness, type SignedInOwner, signUpOwner } from './support/auth.js';
import { createTestContext, type TestContext } from './support/test-app.js';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
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

async function ownerWithBusiness(): Promise<SignedInOwner & { businessId: number }> {
  const owner = await signUpOwner(ctx);
  return { ...owner, businessId: (await ownerBusiness(ctx, owner)).id };
}

const setPlan = (businessId: number, plan: 'free' | 'professional') =>
  ctx.db.getRepository(BusinessEntity).update({ id: businessId }, { subscriptionPlan: plan });

const service = (businessId: number, extra: Record<string, unknown> = {}) => ({
  businessId,
  name: 'Consultation',
  description: 'A first visit',
  duration: 60,
  price: 8550,
  ...extra,
});

const staff = (businessId: number, extra: Record<string, unknown> = {}) => ({
  businessId,
  firstName: 'Jane',
  lastName: 'Smith Jones',
  title: 'Senior Stylist',
  email: 'jane@example.com',
  phone: '0400 000 111',
  bio: '',
  profileImage: '',
  ...extra,
});

describe("the owner's business", () => {
  it('creates it on first load (default name, slug, hours, plan) and returns the same one later', async () => {
    const owner = await signUpOwner(ctx);
    const load = () =>
      ctx.request({
        method: 'GET',
        url: `/api/business/owner/${owner.userId}`,
        headers: bearer(owner.accessToken),
      });
    const first = BusinessSchema.parse((await load()).json());
    expect(first).toMatchObject({
      name: 'My Business',
      subscriptionPlan: 'free',
      businessHours: 'Mon–Fri 9:00 AM – 5:00 PM',
    });
    expect(first.slug).toMatch(/^my-business(-\d+)?$/);
    const second = BusinessSchema.parse((await load()).json());
    expect(second.id).toBe(first.id);
  });

  it('answers the caller’s business at /business/me, created on first use, without naming the user', async () => {
    const owner = await signUpOwner(ctx);
    const mine = () =>
      ctx.request({ method: 'GET', url: '/api/business/me', headers: bearer(owner.accessToken) });
    const first = await mine();
    expect(first.statusCode).toBe(200);
    const business = BusinessSchema.parse(first.json());
    expect(business).toMatchObject({ name: 'My Business', subscriptionPlan: 'free' });
    expect(BusinessSchema.parse((await mine()).json()).id).toBe(business.id);
    const alias = await ctx.request({
      method: 'GET',
      url: `/api/business/owner/${owner.userId}`,
      headers: bearer(owner.accessToken),
    });
    expect(BusinessSchema.parse(alias.json())).toEqual(business);
    expectError(await ctx.get('/api/business/me'), 401);
  });

  it('gives each new business a unique slug with -2, -3… suffixes', async () => {
    const a = await ownerWithBusiness();
    const b = await ownerWithBusiness();
    const slugs = await ctx.db
      .getRepository(BusinessEntity)
      .findBy([{ id: a.businessId }, { id: b.businessId }]);
    expect(new Set(slugs.map((s) => s.slug)).size).toBe(2);
    for (const s of slugs) expect(s.slug).toMatch(/^my-business(-\d+)?$/);
  });

  it('creates exactly one business when the first loads race', async () => {
    const owner = await signUpOwner(ctx);
    const results = await Promise.all(
      Array.from({ length: 6 }, () =>
        ctx.request({
          method: 'GET',
          url: `/api/business/owner/${owner.userId}`,
          headers: bearer(owner.accessToken),
        }),
      ),
    );
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(new Set(results.map((r) => (r.json() as { id: number }).id)).size).toBe(1);
    expect(await ctx.db.getRepository(BusinessEntity).countBy({ ownerUserId: owner.userId })).toBe(
      1,
    );
  });

  it("refuses to load someone else's business (403) or anyone's without a token (401)", async () => {
    const a = await signUpOwner(ctx);
    const b = await signUpOwner(ctx);
    const res = await ctx.request({
      method: 'GET',
      url: `/api/business/owner/${a.userId}`,
      headers: bearer(b.accessToken),
    });
    expectError(res, 403);
    expectError(await ctx.get(`/api/business/owner/${a.userId}`), 401);
    expect(await ctx.db.getRepository(BusinessEntity).countBy({ ownerUserId: a.userId })).toBe(0);
  });

  it('answers 401 when the token names a user that no longer exists', async () => {
    const owner = await signUpOwner(ctx);
    await ctx.db.query('DELETE FROM users WHERE id = $1', [owner.userId]);
    const res = await ctx.request({
      method: 'GET',
      url: `/api/business/owner/${owner.userId}`,
      headers: bearer(owner.accessToken),
    });
    expectError(res, 401);
  });

  it('updates the profile through both paths; the slug stays', async () => {
    const owner = await ownerWithBusiness();
    const before = BusinessSchema.parse(
      (await ctx.get(`/api/business/${owner.businessId}`)).json(),
    );
    const res = await ctx.request(
      json(
        'PATCH',
        `/api/business/${owner.businessId}`,
        {
          name: 'Sunny Side Nails',
          description: 'Nails',
          phone: '02 9000 1111',
          email: 'hi@sunny.example',
          address: '1 Beach Rd',
          website: 'https://sunny.example',
          logo: '',
        },
        owner.accessToken,
      ),
    );
    expect(res.statusCode).toBe(200);
    const updated = BusinessSchema.parse(res.json());
    expect(updated).toMatchObject({ name: 'Sunny Side Nails', logo: null, slug: before.slug });
    const plural = await ctx.request(
      json(
        'PATCH',
        `/api/businesses/${owner.businessId}`,
        { description: null },
        owner.accessToken,
      ),
    );
    expect(BusinessSchema.parse(plural.json())).toMatchObject({
      name: 'Sunny Side Nails',
      description: null,
    });
    // The public page shows the change at once.
    const pub = BusinessSchema.parse((await ctx.get(`/api/business/slug/${before.slug}`)).json());
    expect(pub.name).toBe('Sunny Side Nails');
  });

  it("answers the spec's message to an update without a token, and 400 to bad input", async () => {
    const owner = await ownerWithBusiness();
    const res = await ctx.request(
      json('PATCH', `/api/business/${owner.businessId}`, { name: 'X' }),
    );
    expect(expectError(res, 401).message).toBe(
      'Authentication required: You must be logged in to update your business',
    );
    const empty = await ctx.request(
      json('PATCH', `/api/business/${owner.businessId}`, { name: '  ' }, owner.accessToken),
    );
    expect(expectError(empty, 400).message).toBe('Business Name is required');
    const email = await ctx.request(
      json('PATCH', `/api/business/${owner.businessId}`, { email: 'nope' }, owner.accessToken),
    );
    expectError(email, 400);
  });
});

describe('services', () => {
  it('creates, lists (owner: all; public: active), updates and deletes, in cents', async () => {
    const owner = await ownerWithBusiness();
    await setPlan(owner.businessId, 'professional');
    const created = await ctx.request(
      json('POST', '/api/services', service(owner.businessId), owner.accessToken),
    );
    expect(created.statusCode).toBe(201);
    const s = ServiceSchema.parse(created.json());
    expect(s).toMatchObject({
      price: 8550,
      duration: 60,
      isActive: true,
      businessId: owner.businessId,
    });

    const hidden = ServiceSchema.parse(
      (
        await ctx.request(
          json(
            'POST',
            '/api/services',
            service(owner.businessId, { name: 'Hidden', isActive: false }),
            owner.accessToken,
          ),
        )
      ).json(),
    );
    const ownerList = ServiceListSchema.parse(
      (
        await ctx.request({
          method: 'GET',
          url: `/api/business/${owner.businessId}/services`,
          headers: bearer(owner.accessToken),
        })
      ).json(),
    );
    expect(ownerList.map((x) => x.id).sort()).toEqual([s.id, hidden.id].sort());
    const publicList = ServiceListSchema.parse(
      (await ctx.get(`/api/business/${owner.businessId}/services`)).json(),
    );
    expect(publicList.map((x) => x.id)).toEqual([s.id]);

    const patched = await ctx.request(
      json('PATCH', `/api/services/${s.id}`, { price: 9999, duration: 45 }, owner.accessToken),
    );
    expect(ServiceSchema.parse(patched.json())).toMatchObject({
      price: 9999,
      duration: 45,
      name: 'Consultation',
    });

    const del = await ctx.request({
      method: 'DELETE',
      url: `/api/services/${hidden.id}`,
      headers: bearer(owner.accessToken),
    });
    expect(del.statusCode).toBe(204);
    expect(
      await ctx.db
        .getRepository(ServiceEntity)
        .findOne({ where: { id: hidden.id }, withDeleted: true }),
    ).toBeNull();
  });

  it('refuses bad input with 400', async () => {
    const owner = await ownerWithBusiness();
    for (const extra of [
      { duration: 7 },
      { duration: 0 },
      { price: 12.5 },
      { price: -1 },
      { name: '' },
      { price: '85' },
    ]) {
      const res = await ctx.request(
        json('POST', '/api/services', service(owner.businessId, extra), owner.accessToken),
      );
      expectError(res, 400);
    }
    expectError(await ctx.request(json('PATCH', '/api/services/abc', {}, owner.accessToken)), 400);
  });

  it('enforces the active-services limit of the plan (free 1), naming the limit', async () => {
    const owner = await ownerWithBusiness();
    const first = await ctx.request(
      json('POST', '/api/services', service(owner.businessId), owner.accessToken),
    );
    expect(first.statusCode).toBe(201);
    const second = await ctx.request(
      json(
        'POST',
        '/api/services',
        service(owner.businessId, { name: 'Second' }),
        owner.accessToken,
      ),
    );
    const body = expectError(second, 403);
    expect(body.message).toBe(serviceLimitMessage('free'));
    expect(body.code).toBe('PLAN_LIMIT_REACHED');
    // An inactive one may be added, but not switched on over the limit.
    const inactive = ServiceSchema.parse(
      (
        await ctx.request(
          json(
            'POST',
            '/api/services',
            service(owner.businessId, { name: 'Later', isActive: false }),
            owner.accessToken,
          ),
        )
      ).json(),
    );
    const activate = await ctx.request(
      json('PATCH', `/api/services/${inactive.id}`, { isActive: true }, owner.accessToken),
    );
    expect(expectError(activate, 403).message).toBe(serviceLimitMessage('free'));
    // Professional allows 10 active services.
    await setPlan(owner.businessId, 'professional');
    for (let i = 0; i < 9; i += 1) {
      const ok = await ctx.request(
        json(
          'POST',
          '/api/services',
          service(owner.businessId, { name: `S${i}` }),
          owner.accessToken,
        ),
      );
      expect(ok.statusCode).toBe(201);
    }
    const eleventh = await ctx.request(
      json('PATCH', `/api/services/${inactive.id}`, { isActive: true }, owner.accessToken),
    );
    expect(expectError(eleventh, 403).message).toBe(serviceLimitMessage('professional'));
  });

  it('archives a service that has appointments instead of deleting it', async () => {
    const owner = await ownerWithBusiness();
    const s = ServiceSchema.parse(
      (
        await ctx.request(
          json('POST', '/api/services', service(owner.businessId), owner.accessToken),
        )
      ).json(),
    );
    // Tuesday 5 January 2027, 10:00 AM in Sydney.
    const booked = await ctx.post(
      '/api/appointments',
      bookingRequest(owner.businessId, s.id, '2027-01-04T23:00:00.000Z'),
    );
    expect(booked.statusCode).toBe(201);
    const del = await ctx.request({
      method: 'DELETE',
      url: `/api/services/${s.id}`,
      headers: bearer(owner.accessToken),
    });
    expect(del.statusCode).toBe(204);
    const row = await ctx.db
      .getRepository(ServiceEntity)
      .findOne({ where: { id: s.id }, withDeleted: true });
    expect(row?.deletedAt).toBeInstanceOf(Date);
    expect(row?.isActive).toBe(false);
    const [{ n }] = await ctx.db.query(
      'SELECT count(*)::int AS n FROM appointments WHERE service_id = $1',
      [s.id],
    );
    expect(n).toBe(1);
    const ownerList = await ctx.request({
      method: 'GET',
      url: `/api/business/${owner.businessId}/services`,
      headers: bearer(owner.accessToken),
    });
    expect(ServiceListSchema.parse(ownerList.json())).toEqual([]);
    // Gone for good: a second delete is 404.
    expectError(
      await ctx.request({
        method: 'DELETE',
        url: `/api/services/${s.id}`,
        headers: bearer(owner.accessToken),
      }),
      404,
    );
    // Archived services do not count towards the limit.
    const again = await ctx.request(
      json('POST', '/api/services', service(owner.businessId), owner.accessToken),
    );
    expect(again.statusCode).toBe(201);
  });
});

describe('staff', () => {
  it('creates, lists, updates and deletes, with the services of the same business only', async () => {
    const owner = await ownerWithBusiness();
    const other = await ownerWithBusiness();
    const s = ServiceSchema.parse(
      (
        await ctx.request(
          json('POST', '/api/services', service(owner.businessId), owner.accessToken),
        )
      ).json(),
    );
    const foreign = ServiceSchema.parse(
      (
        await ctx.request(
          json('POST', '/api/services', service(other.businessId), other.accessToken),
        )
      ).json(),
    );

    const refused = await ctx.request(
      json(
        'POST',
        '/api/staff',
        staff(owner.businessId, { serviceIds: [foreign.id] }),
        owner.accessToken,
      ),
    );
    expectError(refused, 400);

    const created = await ctx.request(
      json(
        'POST',
        '/api/staff',
        staff(owner.businessId, { serviceIds: [s.id] }),
        owner.accessToken,
      ),
    );
    expect(created.statusCode).toBe(201);
    const m = StaffMemberSchema.parse(created.json());
    expect(m).toMatchObject({
      name: 'Jane Smith Jones',
      firstName: 'Jane',
      lastName: 'Smith Jones',
      position: 'Senior Stylist',
      email: 'jane@example.com',
      bio: null,
      avatar: null,
      isActive: true,
      serviceIds: [s.id],
    });

    const ownerView = StaffListSchema.parse(
      (
        await ctx.request({
          method: 'GET',
          url: `/api/business/${owner.businessId}/staff`,
          headers: bearer(owner.accessToken),
        })
      ).json(),
    );
    expect(ownerView[0]).toMatchObject({
      id: m.id,
      email: 'jane@example.com',
      phone: '0400 000 111',
    });
    const publicView = StaffListSchema.parse(
      (await ctx.get(`/api/business/${owner.businessId}/staff`)).json(),
    );
    expect(publicView[0]).toMatchObject({ id: m.id, email: null, phone: null });

    const patched = await ctx.request(
      json(
        'PATCH',
        `/api/staff/${m.id}`,
        { title: 'Owner', serviceIds: [], profileImage: 'https://img.example/j.png' },
        owner.accessToken,
      ),
    );
    expect(StaffMemberSchema.parse(patched.json())).toMatchObject({
      position: 'Owner',
      serviceIds: [],
      avatar: 'https://img.example/j.png',
    });
    const foreignPatch = await ctx.request(
      json('PATCH', `/api/staff/${m.id}`, { serviceIds: [foreign.id] }, owner.accessToken),
    );
    expectError(foreignPatch, 400);

    const missingName = await ctx.request(
      json('POST', '/api/staff', staff(owner.businessId, { firstName: ' ' }), owner.accessToken),
    );
    expect(expectError(missingName, 400).message).toBe('First name and last name are required.');

    const del = await ctx.request({
      method: 'DELETE',
      url: `/api/staff/${m.id}`,
      headers: bearer(owner.accessToken),
    });
    expect(del.statusCode).toBe(204);
    expect((await ctx.get(`/api/business/${owner.businessId}/staff`)).json()).toEqual([]);
  });

  it("refuses the staff member over the plan's limit with the spec's texts", async () => {
    const owner = await ownerWithBusiness();
    expect(
      (await ctx.request(json('POST', '/api/staff', staff(owner.businessId), owner.accessToken)))
        .statusCode,
    ).toBe(201);
    const second = await ctx.request(
      json('POST', '/api/staff', staff(owner.businessId), owner.accessToken),
    );
    expect(expectError(second, 403).message).toBe(
      "You've reached the staff limit for the free plan. Upgrade to a professional plan to add up to 5 staff members.",
    );
    await setPlan(owner.businessId, 'professional');
    for (let i = 0; i < 4; i += 1) {
      expect(
        (await ctx.request(json('POST', '/api/staff', staff(owner.businessId), owner.accessToken)))
          .statusCode,
      ).toBe(201);
    }
    const sixth = await ctx.request(
      json('POST', '/api/staff', staff(owner.businessId), owner.accessToken),
    );
    expect(expectError(sixth, 403).message).toBe(staffLimitMessage('professional'));
    expect(staffLimitMessage('professional')).toBe(
      "You've reached the maximum number of staff members (5) allowed on your plan.",
    );
  });

  it('holds the limit when adds race, and answers 404 for unknown ids', async () => {
    const owner = await ownerWithBusiness();
    const results = await Promise.all(
      Array.from({ length: 4 }, () =>
        ctx.request(json('POST', '/api/staff', staff(owner.businessId), owner.accessToken)),
      ),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 403, 403, 403]);
    const services = await Promise.all(
      Array.from({ length: 3 }, () =>
        ctx.request(json('POST', '/api/services', service(owner.businessId), owner.accessToken)),
      ),
    );
    expect(services.map((r) => r.statusCode).sort()).toEqual([201, 403, 403]);
    for (const req of [
      json('PATCH', '/api/staff/999999', { firstName: 'X' }, owner.accessToken),
      json('PATCH', '/api/services/999999', { price: 1 }, owner.accessToken),
      json('PATCH', '/api/business/999999', { name: 'X' }, owner.accessToken),
      json('POST', '/api/services', service(999999), owner.accessToken),
      json('PUT', '/api/business/999999/availability', [], owner.accessToken),
    ]) {
      const res = await ctx.request(req);
      expect([400, 404]).toContain(res.statusCode);
    }
    expectError(
      await ctx.request({
        method: 'DELETE',
        url: '/api/staff/999999',
        headers: bearer(owner.accessToken),
      }),
      404,
    );
  });

  it('archives a staff member who has appointments', async () => {
    const owner = await ownerWithBusiness();
    const s = ServiceSchema.parse(
      (
        await ctx.request(
          json('POST', '/api/services', service(owner.businessId), owner.accessToken),
        )
      ).json(),
    );
    const m = StaffMemberSchema.parse(
      (
        await ctx.request(
          json(
            'POST',
            '/api/staff',
            staff(owner.businessId, { serviceIds: [s.id] }),
            owner.accessToken,
          ),
        )
      ).json(),
    );
    const booked = await ctx.post(
      '/api/appointments',
      bookingRequest(owner.businessId, s.id, '2027-01-04T23:00:00.000Z', { staffMemberId: m.id }),
    );
    expect(booked.statusCode).toBe(201);
    // The booking is still to come: removing the person needs a decision about it.
    expect(
      (
        await ctx.request({
          method: 'DELETE',
          url: `/api/staff/${m.id}?upcoming=cancel`,
          headers: bearer(owner.accessToken),
        })
      ).statusCode,
    ).toBe(204);
    const [row] = await ctx.db.query(
      'SELECT deleted_at, is_active FROM staff_members WHERE id = $1',
      [m.id],
    );
    expect(row.deleted_at).not.toBeNull();
    expect(row.is_active).toBe(false);
    const [{ n }] = await ctx.db.query(
      'SELECT count(*)::int AS n FROM appointments WHERE staff_id = $1',
      [m.id],
    );
    expect(n).toBe(1);
    // The owner can add someone else: archived staff do not count.
    expect(
      (await ctx.request(json('POST', '/api/staff', staff(owner.businessId), owner.accessToken)))
        .statusCode,
    ).toBe(201);
  });
});

describe('weekly hours', () => {
  const week = (tuesday: Record<string, unknown>) =>
    [0, 1, 2, 3, 4, 5, 6].map((dayOfWeek) => ({
      dayOfWeek,
      isOpen: dayOfWeek >= 1 && dayOfWeek <= 5,
      openTime: '09:00',
      closeTime: '17:00',
      slotDuration: 30,
      ...(dayOfWeek === 2 ? tuesday : {}),
    }));

  it('reads seven days and saves a new week that the public times follow at once', async () => {
    const owner = await ownerWithBusiness();
    const get = await ctx.request({
      method: 'GET',
      url: `/api/business/${owner.businessId}/availability`,
      headers: bearer(owner.accessToken),
    });
    expect(get.statusCode).toBe(200);
    const days = AvailabilitySchema.array().parse(get.json());
    expect(days.map((d) => d.dayOfWeek)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(days[1]).toMatchObject({
      isOpen: true,
      openTime: '09:00',
      closeTime: '17:00',
      slotDuration: 30,
    });

    const s = ServiceSchema.parse(
      (
        await ctx.request(
          json('POST', '/api/services', service(owner.businessId), owner.accessToken),
        )
      ).json(),
    );
    const times = async () =>
      (
        (
          await ctx.get(
            `/api/business/${owner.businessId}/available-times?date=2027-01-05&serviceId=${s.id}`,
          )
        ).json() as {
          time: string;
        }[]
      ).map((t) => t.time);
    expect((await times()).length).toBeGreaterThan(2);

    const put = await ctx.request(
      json(
        'PUT',
        `/api/business/${owner.businessId}/availability`,
        week({ openTime: '10:00', closeTime: '12:00', slotDuration: 60 }),
        owner.accessToken,
      ),
    );
    expect(put.statusCode).toBe(200);
    const saved = AvailabilitySchema.array().parse(put.json());
    expect(saved[2]).toMatchObject({
      openTime: '10:00',
      closeTime: '12:00',
      slotDuration: 60,
      isOpen: true,
    });
    // The business's slot interval steps the times, not one day's step (decision 37).
    expect(await times()).toEqual(['10:00 AM', '10:30 AM', '11:00 AM']);

    // Closing Tuesday empties it.
    await ctx.request(
      json(
        'PUT',
        `/api/business/${owner.businessId}/availability`,
        week({ isOpen: false }),
        owner.accessToken,
      ),
    );
    expect(await times()).toEqual([]);
  });

  it('refuses a bad week with 400 and changes nothing', async () => {
    const owner = await ownerWithBusiness();
    const put = (body: unknown) =>
      ctx.request(
        json('PUT', `/api/business/${owner.businessId}/availability`, body, owner.accessToken),
      );
    const closesEarly = await put(week({ openTime: '17:00', closeTime: '09:00' }));
    expect(expectError(closesEarly, 400).message).toBe('Closing time must be after opening time');
    expectError(await put(week({}).slice(0, 6)), 400);
    expectError(await put(week({ slotDuration: 25 })), 400);
    expectError(await put(week({ openTime: '24:30' })), 400);
    expectError(await put(week({ openTime: '9:00' })), 400);
    expectError(await put({}), 400);
    const get = await ctx.request({
      method: 'GET',
      url: `/api/business/${owner.businessId}/availability`,
      headers: bearer(owner.accessToken),
    });
    expect((get.json() as { openTime: string }[])[2]!.openTime).toBe('09:00');
  });
});

describe('business profile', () => {
  it('refuses a logo that is not a web address, beside the field, and saves nothing', async () => {
    const owner = await ownerWithBusiness();
    const res = await ctx.request(
      json('PATCH', `/api/business/${owner.businessId}`, { logo: 'logo.png' }, owner.accessToken),
    );
    const body = expectError(res, 400);
    expect(body.message).toBe('Logo URL must be a web address starting with https:// or http://');
    const [row] = (await ctx.db.query(`SELECT logo FROM businesses WHERE id = $1`, [
      owner.businessId,
    ])) as { logo: string | null }[];
    expect(row!.logo).toBeNull();
  });
});

describe('bad input', () => {
  it('never answers 5xx to odd bodies on any owner endpoint (unknown fields are ignored)', async () => {
    const owner = await ownerWithBusiness();
    const routes: ['POST' | 'PATCH' | 'PUT', string][] = [
      ['PATCH', `/api/business/${owner.businessId}`],
      ['PATCH', `/api/businesses/${owner.businessId}`],
      ['POST', '/api/services'],
      ['PATCH', '/api/services/1'],
      ['POST', '/api/staff'],
      ['PATCH', '/api/staff/1'],
      ['PUT', `/api/business/${owner.businessId}/availability`],
      ['PATCH', '/api/appointments/1'],
      ['POST', '/api/auth/register'],
      ['POST', '/api/auth/login'],
      ['POST', '/api/auth/verify-email'],
    ];
    const bodies: unknown[] = [
      null,
      [],
      'text',
      42,
      { businessId: 'abc' },
      { businessId: 1e20, name: 'x', duration: 60, price: 1 },
      { businessId: owner.businessId, name: 'x'.repeat(5000), duration: 60, price: 1 },
      { businessId: owner.businessId, firstName: 'A', lastName: 'B', serviceIds: ['x'] },
      { name: 'Nul \u0000 byte', email: 'a\u0000@b.c', token: '\u0000'.repeat(20) },
      [{ dayOfWeek: 9 }],
    ];
    for (const [method, url] of routes) {
      for (const body of bodies) {
        const res = await ctx.request(json(method, url, body, owner.accessToken));
        expect(res.statusCode, `${method} ${url} ${JSON.stringify(body)}`).toBeLessThan(500);
      }
    }
  });
});

describe('cross-owner matrix', () => {
  it('walks every owner endpoint: no token → 401, a second owner → 404/403 and nothing changes', async () => {
    const a = await ownerWithBusiness();
    const b = await ownerWithBusiness();
    await setPlan(a.businessId, 'professional');
    const s = ServiceSchema.parse(
      (
        await ctx.request(json('POST', '/api/services', service(a.businessId), a.accessToken))
      ).json(),
    );
    const m = StaffMemberSchema.parse(
      (
        await ctx.request(
          json('POST', '/api/staff', staff(a.businessId, { serviceIds: [s.id] }), a.accessToken),
        )
      ).json(),
    );
    const hidden = ServiceSchema.parse(
      (
        await ctx.request(
          json(
            'POST',
            '/api/services',
            service(a.businessId, { name: 'Secret', isActive: false }),
            a.accessToken,
          ),
        )
      ).json(),
    );

    // Tuesday 5 January 2027, 10:00 AM in Sydney.
    const booked = await ctx.post(
      '/api/appointments',
      bookingRequest(a.businessId, s.id, '2027-01-04T23:00:00.000Z'),
    );
    expect(booked.statusCode).toBe(201);
    const appointmentId = (booked.json() as { appointment: { id: number } }).appointment.id;

    const snapshot = async () => ({
      appointments: await ctx.db.query(
        'SELECT * FROM appointments WHERE business_id = $1 ORDER BY id',
        [a.businessId],
      ),
      business: await ctx.db.query('SELECT * FROM businesses WHERE id = $1', [a.businessId]),
      services: await ctx.db.query('SELECT * FROM services WHERE business_id = $1 ORDER BY id', [
        a.businessId,
      ]),
      staff: await ctx.db.query('SELECT * FROM staff_members WHERE business_id = $1 ORDER BY id', [
        a.businessId,
      ]),
      links: await ctx.db.query('SELECT * FROM staff_services WHERE staff_id = $1', [m.id]),
      hours: await ctx.db.query(
        'SELECT * FROM availabilities WHERE business_id = $1 ORDER BY day_of_week',
        [a.businessId],
      ),
    });
    const before = await snapshot();

    const week = [0, 1, 2, 3, 4, 5, 6].map((dayOfWeek) => ({
      dayOfWeek,
      isOpen: true,
      openTime: '07:00',
      closeTime: '22:00',
      slotDuration: 15,
    }));
    const endpoints: { name: string; req: InjectOptions; crossStatus: number[] }[] = [
      {
        name: 'load owner business',
        req: { method: 'GET', url: `/api/business/owner/${a.userId}` },
        crossStatus: [403],
      },
      {
        name: 'patch business',
        req: json('PATCH', `/api/business/${a.businessId}`, { name: 'Hacked' }),
        crossStatus: [404],
      },
      {
        name: 'patch businesses',
        req: json('PATCH', `/api/businesses/${a.businessId}`, { name: 'Hacked' }),
        crossStatus: [404],
      },
      {
        name: 'create service',
        req: json('POST', '/api/services', service(a.businessId)),
        crossStatus: [404],
      },
      {
        name: 'patch service',
        req: json('PATCH', `/api/services/${s.id}`, { price: 1 }),
        crossStatus: [404],
      },
      {
        name: 'delete service',
        req: { method: 'DELETE', url: `/api/services/${s.id}` },
        crossStatus: [404],
      },
      {
        name: 'create staff',
        req: json('POST', '/api/staff', staff(a.businessId)),
        crossStatus: [404],
      },
      {
        name: 'patch staff',
        req: json('PATCH', `/api/staff/${m.id}`, { firstName: 'Evil' }),
        crossStatus: [404],
      },
      {
        name: 'delete staff',
        req: { method: 'DELETE', url: `/api/staff/${m.id}` },
        crossStatus: [404],
      },
      {
        name: 'get hours',
        req: { method: 'GET', url: `/api/business/${a.businessId}/availability` },
        crossStatus: [404],
      },
      {
        name: 'put hours',
        req: json('PUT', `/api/business/${a.businessId}/availability`, week),
        crossStatus: [404],
      },
      {
        name: 'list appointments',
        req: { method: 'GET', url: `/api/business/${a.businessId}/appointments` },
        crossStatus: [404],
      },
      {
        name: 'appointment counts',
        req: { method: 'GET', url: `/api/business/${a.businessId}/appointment-counts` },
        crossStatus: [404],
      },
      {
        name: 'patch appointment',
        req: json('PATCH', `/api/appointments/${appointmentId}`, { status: 'completed' }),
        crossStatus: [404],
      },
      {
        name: 'cancel appointment',
        req: { method: 'DELETE', url: `/api/appointments/${appointmentId}` },
        crossStatus: [404],
      },
    ];

    for (const e of endpoints) {
      const anonymous = await ctx.request(e.req);
      expect(anonymous.statusCode, `${e.name} without a token`).toBe(401);
      const headers = { ...(e.req.headers ?? {}), ...bearer(b.accessToken) };
      const cross = await ctx.request({ ...e.req, headers });
      expect(e.crossStatus, `${e.name} by another owner`).toContain(cross.statusCode);
      ErrorResponseSchema.parse(cross.json());
    }
    // B's own-business ids with B's token on A's staff: B's serviceIds cannot reach A's either.
    const bService = ServiceSchema.parse(
      (
        await ctx.request(json('POST', '/api/services', service(b.businessId), b.accessToken))
      ).json(),
    );
    expectError(
      await ctx.request(
        json('POST', '/api/staff', staff(b.businessId, { serviceIds: [s.id] }), b.accessToken),
      ),
      400,
    );
    expect(bService.businessId).toBe(b.businessId);

    // Reads with B's token get the public view only: no inactive services, no contact details.
    const services = ServiceListSchema.parse(
      (
        await ctx.request({
          method: 'GET',
          url: `/api/business/${a.businessId}/services`,
          headers: bearer(b.accessToken),
        })
      ).json(),
    );
    expect(services.map((x) => x.id)).not.toContain(hidden.id);
    const staffList = StaffListSchema.parse(
      (
        await ctx.request({
          method: 'GET',
          url: `/api/business/${a.businessId}/staff`,
          headers: bearer(b.accessToken),
        })
      ).json(),
    );
    expect(staffList[0]).toMatchObject({ email: null, phone: null });
    // A bad token on a public read is 401 (so the client refreshes), not a silent public view.
    expectError(
      await ctx.request({
        method: 'GET',
        url: `/api/business/${a.businessId}/services`,
        headers: bearer('bad'),
      }),
      401,
    );

    expect(await snapshot()).toEqual(before);
  });
});
