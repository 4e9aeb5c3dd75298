import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ApiKeyListSchema,
  CreatedApiKeySchema,
  ErrorResponseSchema,
  ServiceSchema,
} from '@slotwise/contracts';
import { bookingRequest } from './support/fixtures.js';
import { bearer, json, ownerBusiness, signUpOwner, type SignedInOwner } from './support/auth.js';
import { inviteMember } from './support/team.js';
import { createTestContext, type TestContext } from './support/test-app.js';

const RATE_LIMIT = 8;
// Business-local Tuesday 9 AM in Sydney (the clock starts Monday 11 AM).
const TUE_9AM = '2027-01-04T22:00:00.000Z';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext({ env: { API_KEY_RATE_LIMIT: String(RATE_LIMIT) } });
});

afterAll(async () => {
  await ctx?.close();
});

interface Shop {
  owner: SignedInOwner;
  businessId: number;
  appointmentId: number;
  customerId: number;
}

async function shop(): Promise<Shop> {
  const owner = await signUpOwner(ctx);
  const businessId = (await ownerBusiness(ctx, owner)).id;
  const service = ServiceSchema.parse(
    (
      await ctx.request(
        json(
          'POST',
          '/api/services',
          { businessId, name: 'Cut', description: 'A cut', duration: 60, price: 5000 },
          owner.accessToken,
        ),
      )
    ).json(),
  );
  const booked = await ctx.post(
    '/api/appointments',
    bookingRequest(businessId, service.id, TUE_9AM),
  );
  const [row] = await ctx.db.query(
    `SELECT id, customer_id FROM appointments WHERE business_id = $1`,
    [businessId],
  );
  expect(booked.statusCode).toBe(201);
  return { owner, businessId, appointmentId: row.id, customerId: row.customer_id };
}

async function createKey(s: Shop, scopes: string[], name = 'Sync') {
  const res = await ctx.request(
    json('POST', `/api/business/${s.businessId}/api-keys`, { name, scopes }, s.owner.accessToken),
  );
  expect(res.statusCode, res.body).toBe(201);
  return CreatedApiKeySchema.parse(res.json());
}

const withKey = (key: string, method: 'GET' | 'DELETE', url: string) =>
  ctx.request({ method, url, headers: bearer(key) });

const errorCode = (res: { json(): unknown }) => ErrorResponseSchema.parse(res.json()).code;

describe('API keys', () => {
  it('shows the secret once and keeps only its hash', async () => {
    const s = await shop();
    const key = await createKey(s, ['bookings:read']);
    expect(key.secret).toMatch(/^swk_[A-Za-z0-9_-]{43}$/);
    expect(key.secret.startsWith(key.prefix)).toBe(true);
    const list = await ctx.request({
      method: 'GET',
      url: `/api/business/${s.businessId}/api-keys`,
      headers: bearer(s.owner.accessToken),
    });
    expect(list.body).not.toContain(key.secret);
    expect(ApiKeyListSchema.parse(list.json())).toMatchObject([{ id: key.id, lastUsedAt: null }]);
    const [row] = await ctx.db.query(`SELECT token_hash FROM api_keys WHERE id = $1`, [key.id]);
    expect(row.token_hash).toBe(createHash('sha256').update(key.secret).digest('hex'));
  });

  it('lets a read key read bookings and clients, and refuses its writes (403)', async () => {
    const s = await shop();
    const key = await createKey(s, ['bookings:read', 'clients:read']);
    const list = await withKey(key.secret, 'GET', `/api/business/${s.businessId}/appointments`);
    expect(list.statusCode).toBe(200);
    expect((list.json() as { id: number }[]).map((a) => a.id)).toEqual([s.appointmentId]);
    expect((await withKey(key.secret, 'GET', `/api/customers/${s.customerId}`)).statusCode).toBe(
      200,
    );
    const cancel = await withKey(key.secret, 'DELETE', `/api/appointments/${s.appointmentId}`);
    expect(cancel.statusCode).toBe(403);
    expect(errorCode(cancel)).toBe('FORBIDDEN');
    expect(ErrorResponseSchema.parse(cancel.json()).message).toContain('bookings:write');
    const patch = await ctx.request(
      json('PATCH', `/api/appointments/${s.appointmentId}`, { notes: 'x' }, key.secret),
    );
    expect(patch.statusCode).toBe(403);
    const [row] = await ctx.db.query(`SELECT status FROM appointments WHERE id = $1`, [
      s.appointmentId,
    ]);
    expect(row.status).toBe('confirmed');
  });

  it('lets a write key change bookings, and no key manage keys or webhooks', async () => {
    const s = await shop();
    const key = await createKey(s, ['bookings:write']);
    const cancel = await withKey(key.secret, 'DELETE', `/api/appointments/${s.appointmentId}`);
    expect(cancel.statusCode).toBe(200);
    for (const url of [
      `/api/business/${s.businessId}/api-keys`,
      `/api/business/${s.businessId}/webhooks`,
    ]) {
      const res = await withKey(key.secret, 'GET', url);
      expect(res.statusCode, url).toBe(403);
    }
    // Without clients:read.
    expect((await withKey(key.secret, 'GET', `/api/customers/${s.customerId}`)).statusCode).toBe(
      403,
    );
  });

  it("refuses another business's data (404) and a revoked key (401)", async () => {
    const a = await shop();
    const b = await shop();
    const key = await createKey(a, ['bookings:read', 'bookings:write', 'clients:read']);
    expect(
      (await withKey(key.secret, 'GET', `/api/business/${b.businessId}/appointments`)).statusCode,
    ).toBe(404);
    expect((await withKey(key.secret, 'GET', `/api/customers/${b.customerId}`)).statusCode).toBe(
      404,
    );
    expect(
      (await withKey(key.secret, 'DELETE', `/api/appointments/${b.appointmentId}`)).statusCode,
    ).toBe(404);
    const revoke = await ctx.request({
      method: 'DELETE',
      url: `/api/business/${a.businessId}/api-keys/${key.id}`,
      headers: bearer(a.owner.accessToken),
    });
    expect(revoke.statusCode).toBe(204);
    const refused = await withKey(key.secret, 'GET', `/api/business/${a.businessId}/appointments`);
    expect(refused.statusCode).toBe(401);
    expect(errorCode(refused)).toBe('UNAUTHORIZED');
    // Another owner cannot revoke a's keys.
    const other = await createKey(a, ['bookings:read']);
    const foreign = await ctx.request({
      method: 'DELETE',
      url: `/api/business/${a.businessId}/api-keys/${other.id}`,
      headers: bearer(b.owner.accessToken),
    });
    expect(foreign.statusCode).toBe(404);
  });

  it("acts with the business's owner rights after a hand-over, not its creator's", async () => {
    const s = await shop();
    const key = await createKey(s, ['bookings:read', 'bookings:write']);
    const heir = await inviteMember(ctx, s.owner.accessToken, s.businessId, 'manager');
    const member = (id: number) => `/api/business/${s.businessId}/members/${id}`;
    const role = (id: number, to: string, token: string) =>
      ctx.request(json('PATCH', member(id), { role: to }, token));
    const handed = await role(heir.memberId, 'owner', s.owner.accessToken);
    expect(handed.statusCode, handed.body).toBe(200);
    // The creator, now a manager, is made staff (no staff record: no appointments of their own).
    const members = (
      await ctx.request({
        method: 'GET',
        url: `/api/business/${s.businessId}/members`,
        headers: bearer(heir.accessToken),
      })
    ).json() as { id: number; userId: string }[];
    const creator = members.find((m) => m.userId === s.owner.userId)!;
    const demoted = await role(creator.id, 'staff', heir.accessToken);
    expect(demoted.statusCode, demoted.body).toBe(200);
    const list = await withKey(key.secret, 'GET', `/api/business/${s.businessId}/appointments`);
    expect(list.statusCode, list.body).toBe(200);
    expect((list.json() as { id: number }[]).map((a) => a.id)).toEqual([s.appointmentId]);
    // Removed altogether, the creator takes nothing of the key's rights with them.
    const removed = await ctx.request({
      method: 'DELETE',
      url: member(creator.id),
      headers: bearer(heir.accessToken),
    });
    expect(removed.statusCode, removed.body).toBe(204);
    const cancel = await withKey(key.secret, 'DELETE', `/api/appointments/${s.appointmentId}`);
    expect(cancel.statusCode, cancel.body).toBe(200);
  });

  it('records the last use', async () => {
    const s = await shop();
    const key = await createKey(s, ['bookings:read']);
    await withKey(key.secret, 'GET', `/api/business/${s.businessId}/appointment-counts`);
    const list = await ctx.request({
      method: 'GET',
      url: `/api/business/${s.businessId}/api-keys`,
      headers: bearer(s.owner.accessToken),
    });
    const [listed] = ApiKeyListSchema.parse(list.json());
    expect(listed!.lastUsedAt).toBe(ctx.clock.now().toString().replace('Z', '.000Z'));
  });

  it('limits each key on its own (429 with Retry-After)', async () => {
    const s = await shop();
    const busy = await createKey(s, ['bookings:read'], 'Busy');
    const calm = await createKey(s, ['bookings:read'], 'Calm');
    const url = `/api/business/${s.businessId}/appointment-counts`;
    for (let i = 0; i < RATE_LIMIT; i++) {
      expect((await withKey(busy.secret, 'GET', url)).statusCode).toBe(200);
    }
    const limited = await withKey(busy.secret, 'GET', url);
    expect(limited.statusCode).toBe(429);
    expect(errorCode(limited)).toBe('RATE_LIMITED');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await withKey(calm.secret, 'GET', url)).statusCode).toBe(200);
    // The owner's own token is not counted against the keys.
    const owner = await ctx.request({ method: 'GET', url, headers: bearer(s.owner.accessToken) });
    expect(owner.statusCode).toBe(200);
  });
});
