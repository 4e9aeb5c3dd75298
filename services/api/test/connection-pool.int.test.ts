import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DataSource } from 'typeorm';
import { DevOutboxMessageSchema, ErrorResponseSchema, ServiceSchema } from '@slotwise/contracts';
import { SecondConnectionError } from '../src/core/database/connection-guard.js';
import { bookingRequest, type CreatedBusiness, createBusiness } from './support/fixtures.js';
import { json, ownerBusiness, signUpOwner } from './support/auth.js';
import { createTestContext, type TestContext } from './support/test-app.js';

// A request holding a transaction (and a row or advisory lock) must never wait for a second pooled
// connection: with ten such requests at once the pool (10) is gone and everything stalls.

let ctx: TestContext;
let clinic: CreatedBusiness;

// Friday 15 January 2027 in Sydney (AEDT, +11).
const NINE = '2027-01-14T22:00:00.000Z';
const ELEVEN = '2027-01-15T00:00:00.000Z';
const ONE_PM = '2027-01-15T02:00:00.000Z';

beforeAll(async () => {
  ctx = await createTestContext({ logLevels: [] });
  clinic = await createBusiness(ctx.db, {
    name: 'Pool Clinic',
    services: [{ name: 'Consult', durationMinutes: 60, priceCents: 11000 }],
    // A staff member with hours of their own: moving their booking reads both weekly hours.
    staff: [{ firstName: 'Ana', offers: ['Consult'] }],
  });
});

afterAll(async () => {
  await ctx?.close();
});

async function outbox() {
  const res = await ctx.get('/api/dev/outbox');
  expect(res.statusCode).toBe(200);
  return DevOutboxMessageSchema.array().parse(res.json());
}

async function bookWithLinks(date: string, phone: string) {
  const res = await ctx.post(
    '/api/appointments',
    bookingRequest(clinic.business.id, clinic.services.Consult!.id, date, { phone }),
  );
  expect(res.statusCode).toBe(201);
  const sms = (await outbox()).find(
    (m) => m.channel === 'sms' && m.to.endsWith(phone.replace(/\D/g, '').slice(-6)),
  );
  const body = sms?.body ?? '';
  return {
    reschedule: /\/reschedule\?token=([A-Za-z0-9_-]+)/.exec(body)?.[1] ?? expect.fail(body),
    cancel: /\/cancel\?token=([A-Za-z0-9_-]+)/.exec(body)?.[1] ?? expect.fail(body),
  };
}

/**
 * Runs `burst` while timing unrelated reads made in the middle of it: the public directory and a
 * lookup of an unknown link (which needs a connection of its own). Stalled, they would wait for
 * the pool's 5 s connect timeout and fail with a 500.
 */
async function withUnrelatedRead<T>(burst: () => Promise<T>) {
  const running = burst();
  await new Promise((r) => setTimeout(r, 20));
  const started = Date.now();
  const [read, lookup] = await Promise.all([
    ctx.get('/api/businesses'),
    ctx.get(`/api/reschedule?token=${'x'.repeat(43)}`),
  ]);
  const readMs = Date.now() - started;
  expect(lookup.statusCode).toBe(400);
  return { results: await running, read, readMs };
}

describe('one transaction, one connection', () => {
  it('refuses a second connection inside a transaction (outside production)', async () => {
    const dataSource = ctx.app.get(DataSource);
    await expect(
      dataSource.transaction(async () => dataSource.query('SELECT 1')),
    ).rejects.toBeInstanceOf(SecondConnectionError);
    // After the transaction, and with its EntityManager inside one, the pool is used as usual.
    await expect(dataSource.query('SELECT 1 AS n')).resolves.toEqual([{ n: 1 }]);
    await expect(dataSource.transaction((em) => em.query('SELECT 1 AS n'))).resolves.toEqual([
      { n: 1 },
    ]);
  });

  it('50 concurrent reschedules of one link: one success, clean 4xx for the rest, others served', async () => {
    const links = await bookWithLinks(NINE, '0400 100 001');
    const { results, read, readMs } = await withUnrelatedRead(() =>
      Promise.all(
        Array.from({ length: 50 }, () =>
          ctx.post('/api/reschedule', { token: links.reschedule, date: ELEVEN }),
        ),
      ),
    );
    const statuses = results.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    for (const res of results.filter((r) => r.statusCode !== 200)) {
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
      ErrorResponseSchema.parse(res.json());
    }
    expect(read.statusCode).toBe(200);
    expect(readMs).toBeLessThan(4000);
  });

  it('concurrent cancels and reschedules of one booking: no 5xx', async () => {
    const links = await bookWithLinks(ONE_PM, '0400 100 002');
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        i % 2 === 0
          ? ctx.get(`/api/cancel-appointment?token=${links.cancel}`)
          : ctx.post('/api/reschedule', { token: links.reschedule, date: NINE }),
      ),
    );
    expect(results.filter((r) => r.statusCode >= 500)).toEqual([]);
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
  });

  it('concurrent test SMS from one owner: no 5xx, an unrelated read is served', async () => {
    const owner = await signUpOwner(ctx);
    const business = await ownerBusiness(ctx, owner);
    ServiceSchema.parse(
      (
        await ctx.request(
          json(
            'POST',
            '/api/services',
            { businessId: business.id, name: 'Cut', description: null, duration: 60, price: 5000 },
            owner.accessToken,
          ),
        )
      ).json(),
    );
    const { results, read, readMs } = await withUnrelatedRead(() =>
      Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          ctx.request(
            json(
              'POST',
              '/api/test-sms',
              { phoneNumber: `+61 400 200 ${String(100 + i)}`, type: 'test' },
              owner.accessToken,
            ),
          ),
        ),
      ),
    );
    const statuses = results.map((r) => r.statusCode);
    expect(statuses.filter((s) => s !== 200 && s !== 429)).toEqual([]);
    expect(statuses).toContain(200);
    expect(read.statusCode).toBe(200);
    expect(readMs).toBeLessThan(4000);
  });
});
