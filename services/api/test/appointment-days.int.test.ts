import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppointmentDaysSchema, ErrorResponseSchema } from '@slotwise/contracts';
import { bearer, json, ownerBusiness, signUpOwner, type SignedInOwner } from './support/auth.js';
import { createTestContext, type TestContext } from './support/test-app.js';

let ctx: TestContext;
let owner: SignedInOwner;
let businessId: number;
const staff: Record<string, number> = {};

// Sydney in January is UTC+11: local 09:00 on Tuesday 5 January 2027 is 22:00Z on the 4th.
const local = (day: number, hour: number, minute = 0) =>
  new Date(Date.UTC(2027, 0, day, hour - 11, minute)).toISOString();

beforeAll(async () => {
  ctx = await createTestContext();
  owner = await signUpOwner(ctx);
  businessId = (await ownerBusiness(ctx, owner)).id;
  const service = await ctx.request(
    json(
      'POST',
      '/api/services',
      { businessId, name: 'Colour', description: null, duration: 30, price: 9000 },
      owner.accessToken,
    ),
  );
  const serviceId = (service.json() as { id: number }).id;
  const jane = await ctx.request(
    json(
      'POST',
      '/api/staff',
      { businessId, firstName: 'Jane', lastName: 'Stylist', serviceIds: [serviceId] },
      owner.accessToken,
    ),
  );
  expect(jane.statusCode, jane.body).toBe(201);
  staff.Jane = (jane.json() as { id: number }).id;
  // The free plan's one staff member is Jane; Sam is written straight to the table.
  const [sam] = await ctx.db.query(
    `INSERT INTO staff_members (business_id, first_name, last_name) VALUES ($1, 'Sam', 'Stylist')
     RETURNING id`,
    [businessId],
  );
  staff.Sam = sam.id;
  const bookings: [string, string, string, string?][] = [
    // Tuesday: five of Jane's and one of Sam's; one of Jane's cancelled.
    ['Jane', local(5, 9), 'Ava'],
    ['Jane', local(5, 10), 'Ben'],
    ['Jane', local(5, 11), 'Cleo'],
    ['Jane', local(5, 12), 'Dev', 'cancelled'],
    ['Jane', local(5, 13), 'Eli'],
    ['Sam', local(5, 9, 30), 'Finn'],
    // 01:00 on Wednesday in Sydney is still the 5th in UTC: it belongs to Wednesday.
    ['Sam', local(6, 1), 'Gus'],
  ];
  for (const [i, [who, start, firstName, status]] of bookings.entries()) {
    const [customer] = await ctx.db.query(
      `INSERT INTO customers (business_id, first_name, last_name, phone)
       VALUES ($1, $2, 'Client', $3) RETURNING id`,
      [businessId, firstName, `+6140000${String(1000 + i)}`],
    );
    const end = new Date(Date.parse(start) + 30 * 60_000).toISOString();
    await ctx.db.query(
      `INSERT INTO appointments (business_id, service_id, staff_id, customer_id, status, starts_at,
                                 ends_at, blocked_from, blocked_until)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $6, $7)`,
      [businessId, serviceId, staff[who], customer.id, status ?? 'confirmed', start, end],
    );
  }
});

afterAll(async () => {
  await ctx?.close();
});

const FROM = local(4, 0);
const TO = local(8, 0);

async function days(query: string) {
  return ctx.request({
    method: 'GET',
    url: `/api/business/${businessId}/appointment-days?${query}`,
    headers: bearer(owner.accessToken),
  });
}

const firstNames = (day: { appointments: { customer: { firstName: string } }[] }) =>
  day.appointments.map((a) => a.customer.firstName);

describe('GET /api/business/:id/appointment-days', () => {
  it("sends each business-local day's first three and its total", async () => {
    const res = await days(`from=${FROM}&to=${TO}`);
    expect(res.statusCode).toBe(200);
    const body = AppointmentDaysSchema.parse(res.json());
    expect(body.days.map((d) => [d.date, d.total])).toEqual([
      ['2027-01-05', 6],
      ['2027-01-06', 1],
    ]);
    expect(firstNames(body.days[0]!)).toEqual(['Ava', 'Finn', 'Ben']);
    expect(firstNames(body.days[1]!)).toEqual(['Gus']);
    expect(body.days[0]!.appointments[0]).toMatchObject({
      date: local(5, 9),
      staffMemberId: staff.Jane,
      service: { name: 'Colour', price: 9000 },
    });
  });

  it('narrows by staff member, status and search like the list', async () => {
    const sam = AppointmentDaysSchema.parse(
      (await days(`from=${FROM}&to=${TO}&staffId=${staff.Sam}`)).json(),
    );
    expect(sam.days.map((d) => [d.date, d.total, firstNames(d)])).toEqual([
      ['2027-01-05', 1, ['Finn']],
      ['2027-01-06', 1, ['Gus']],
    ]);
    const cancelled = AppointmentDaysSchema.parse(
      (await days(`from=${FROM}&to=${TO}&status=cancelled`)).json(),
    );
    expect(cancelled.days.map((d) => [d.date, d.total, firstNames(d)])).toEqual([
      ['2027-01-05', 1, ['Dev']],
    ]);
    const search = AppointmentDaysSchema.parse((await days(`from=${FROM}&to=${TO}&q=cleo`)).json());
    expect(search.days.map((d) => [d.date, d.total, firstNames(d)])).toEqual([
      ['2027-01-05', 1, ['Cleo']],
    ]);
    expect((await days(`from=${FROM}&to=${TO}&q=nobody`)).json()).toEqual({ days: [] });
    const five = AppointmentDaysSchema.parse((await days(`from=${FROM}&to=${TO}&perDay=5`)).json());
    expect(firstNames(five.days[0]!)).toEqual(['Ava', 'Finn', 'Ben', 'Cleo', 'Dev']);
  });

  it('refuses a missing, reversed or too long window with 400', async () => {
    for (const query of [
      `to=${TO}`,
      `from=${TO}&to=${FROM}`,
      `from=${FROM}&to=${local(4 + 63, 0)}`,
      `from=${FROM}&to=${TO}&perDay=0`,
    ]) {
      const res = await days(query);
      expect(res.statusCode, query).toBe(400);
      expect(ErrorResponseSchema.parse(res.json()).code).toBe('VALIDATION_FAILED');
    }
  });
});
