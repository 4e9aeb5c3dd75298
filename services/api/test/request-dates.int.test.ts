// Decision 38: every date a request carries is a real calendar date between 2000-01-01 and
// 2100-12-31; anything else is a 400 in the error shape, never a 500, a rolled-over date or a
// year 0 stored.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATE_RANGE_TEXT } from '@slotwise/contracts';
import { bearer, json, type SignedInOwner, signUpOwner } from './support/auth.js';
import { expectError } from './support/expect.js';
import { createTestContext, type TestContext } from './support/test-app.js';

let ctx: TestContext;
let owner: SignedInOwner;
let businessId: number;
let slug: string;
let serviceId: number;
let staffId: number;

beforeAll(async () => {
  ctx = await createTestContext();
  owner = await signUpOwner(ctx);
  const me = await ctx.request({
    method: 'GET',
    url: '/api/business/me',
    headers: bearer(owner.accessToken),
  });
  ({ id: businessId, slug } = me.json() as { id: number; slug: string });
  const service = await ctx.request(
    json(
      'POST',
      '/api/services',
      { businessId, name: 'Cut', duration: 60, price: 5000 },
      owner.accessToken,
    ),
  );
  serviceId = (service.json() as { id: number }).id;
  const staff = await ctx.request(
    json(
      'POST',
      '/api/staff',
      { businessId, firstName: 'Mia', lastName: 'Staff', serviceIds: [serviceId] },
      owner.accessToken,
    ),
  );
  staffId = (staff.json() as { id: number }).id;
});

afterAll(async () => {
  await ctx?.close();
});

const get = (url: string) =>
  ctx.request({ method: 'GET', url, headers: bearer(owner.accessToken) });
const post = (url: string, body: unknown) =>
  ctx.request(json('POST', url, body, owner.accessToken));

/** A 400 VALIDATION_FAILED whose message says which dates are accepted. */
function expectRefusedDate(res: { statusCode: number; json(): unknown; body: string }) {
  const body = expectError(res, 400);
  expect(body.code).toBe('VALIDATION_FAILED');
  expect(body.message).toContain(DATE_RANGE_TEXT);
}

describe('dates in requests', () => {
  it('refuses available times for a date beyond the engine (was a 500 RangeError)', async () => {
    for (const date of ['+275760-09-13T00:00:00Z', '1999-12-31', '2101-01-01', '2027-02-30']) {
      const q = `date=${encodeURIComponent(date)}&serviceId=${serviceId}`;
      expectRefusedDate(await get(`/api/business/${businessId}/available-times?${q}`));
      expectRefusedDate(await get(`/api/business/slug/${slug}/available-times?${q}`));
    }
    const ok = await get(
      `/api/business/${businessId}/available-times?date=2027-01-05&serviceId=${serviceId}`,
    );
    expect(ok.statusCode).toBe(200);
  });

  it('refuses time off on 30 February instead of storing 2 March', async () => {
    const res = await post(`/api/staff/${staffId}/time-off`, {
      start: '2027-02-30T00:00:00Z',
      end: '2027-03-03T00:00:00Z',
    });
    expectRefusedDate(res);
    expect((await get(`/api/staff/${staffId}/time-off`)).json()).toEqual([]);
  });

  it('refuses year 0000 in closures and special hours, and stores nothing', async () => {
    expectRefusedDate(
      await post(`/api/business/${businessId}/closures`, { from: '0000-01-01', to: '0000-01-02' }),
    );
    expectRefusedDate(
      await post(`/api/business/${businessId}/special-hours`, {
        date: '0000-01-01',
        intervals: [],
      }),
    );
    expect((await get(`/api/business/${businessId}/closures`)).json()).toEqual([]);
    expect((await get(`/api/business/${businessId}/special-hours`)).json()).toEqual([]);
  });

  it("refuses a date that is not one in removing a date's special hours (was a 404)", async () => {
    for (const date of ['2027-02-30', '0000-01-01', 'not-a-date']) {
      expectRefusedDate(
        await ctx.request({
          method: 'DELETE',
          url: `/api/business/${businessId}/special-hours/${date}`,
          headers: bearer(owner.accessToken),
        }),
      );
    }
  });

  it('refuses out-of-range dates in every other date field and query', async () => {
    const far = '2101-01-01T00:00:00Z';
    const refused = [
      await get(`/api/business/${businessId}/appointments?from=0000-01-01T00:00:00Z`),
      await get(`/api/business/${businessId}/appointment-days?from=${far}&to=2101-01-02T00:00:00Z`),
      await post(`/api/business/${businessId}/appointments`, {
        serviceId,
        date: far,
        customer: { firstName: 'Walk', lastName: 'In', phone: '0400 999 111' },
      }),
      await post('/api/appointments', {
        businessId,
        serviceId,
        staffMemberId: null,
        firstName: 'Sam',
        lastName: 'Taylor',
        phone: '0412 345 678',
        date: '2027-02-29T00:00:00Z',
      }),
      await post(`/api/business/${businessId}/availability/affected-bookings`, {
        kind: 'closure',
        from: '2027-02-29',
        to: '2027-03-01',
      }),
    ];
    for (const res of refused) expectRefusedDate(res);
    const month = await get(
      `/api/business/slug/${slug}/available-days?month=0000-01&serviceId=${serviceId}`,
    );
    expect(expectError(month, 400).message).toBe(
      'month must be a month between 2000-01 and 2100-12',
    );
  });
});
