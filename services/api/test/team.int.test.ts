// Issue 25: invitations (single use, 7 days, revocable, resendable), accepting with a new or an
// existing account, roles decided by the membership guard, staff reaching only their own
// appointments and clients, and members removed or re-roled losing their sessions at once.
import { Temporal } from 'temporal-polyfill';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BUSINESS_HEADER,
  type Invitation,
  type Membership,
  type OwnerAppointment,
} from '@slotwise/contracts';
import {
  bearer,
  json,
  ownerBusiness,
  PASSWORD,
  type SignedInOwner,
  signUpOwner,
  uniqueEmail,
} from './support/auth.js';
import { inviteMember, invitationToken } from './support/team.js';
import { createTestContext, TEST_NOW, type TestContext } from './support/test-app.js';

let ctx: TestContext;
let owner: SignedInOwner;
let businessId: number;
let serviceId: number;
let mia: number;
let sam: number;
let ava: number;

const get = (url: string, token: string, headers: Record<string, string> = {}) =>
  ctx.request({ method: 'GET', url, headers: { ...bearer(token), ...headers } });
const del = (url: string, token: string) =>
  ctx.request({ method: 'DELETE', url, headers: bearer(token) });

beforeAll(async () => {
  ctx = await createTestContext();
  owner = await signUpOwner(ctx);
  businessId = (await ownerBusiness(ctx, owner)).id;
  // Room for several staff records (the plan's limit is not what these tests are about).
  await ctx.db.query(`UPDATE businesses SET subscription_plan = 'professional' WHERE id = $1`, [
    businessId,
  ]);
  const send = (url: string, body: unknown) =>
    ctx.request(json('POST', url, body, owner.accessToken));
  serviceId = (
    (
      await send('/api/services', { businessId, name: 'Cut', duration: 60, price: 5000 })
    ).json() as {
      id: number;
    }
  ).id;
  const staff = async (firstName: string) =>
    (
      (
        await send('/api/staff', {
          businessId,
          firstName,
          lastName: 'Stylist',
          serviceIds: [serviceId],
        })
      ).json() as { id: number }
    ).id;
  mia = await staff('Mia');
  sam = await staff('Sam');
  ava = await staff('Ava');
});

afterAll(async () => {
  await ctx?.close();
});

async function book(
  staffMemberId: number,
  date: string,
  lastName: string,
  token = owner.accessToken,
) {
  const res = await ctx.request(
    json(
      'POST',
      `/api/business/${businessId}/appointments`,
      {
        serviceId,
        staffMemberId,
        date,
        outsideHours: true,
        customer: {
          firstName: 'Client',
          lastName,
          phone: `0400 ${String(Math.random()).slice(2, 5)} ${String(Math.random()).slice(2, 5)}`,
        },
      },
      token,
    ),
  );
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as OwnerAppointment;
}

describe('invitations', () => {
  it('are emailed, single use, and make a new account a member linked to its staff record', async () => {
    const email = uniqueEmail('mia');
    const created = await ctx.request(
      json(
        'POST',
        `/api/business/${businessId}/invitations`,
        { email, role: 'staff', staffMemberId: mia },
        owner.accessToken,
      ),
    );
    expect(created.statusCode, created.body).toBe(201);
    expect((created.json() as Invitation).status).toBe('pending');
    const token = await invitationToken(ctx, email);

    const accepted = await ctx.post('/api/invitations/accept', { token, password: PASSWORD });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const session = accepted.json() as { accessToken: string };
    const memberships = (
      await get('/api/me/memberships', session.accessToken)
    ).json() as Membership[];
    expect(memberships).toEqual([
      expect.objectContaining({ businessId, role: 'staff', staffMemberId: mia }),
    ]);
    // Their business is the one they joined: no business of their own is made for them.
    const mine = await get('/api/business/me', session.accessToken);
    expect((mine.json() as { id: number }).id).toBe(businessId);

    const again = await ctx.post('/api/invitations/accept', { token, password: PASSWORD });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ code: 'LINK_INVALID' });
    const list = (
      await get(`/api/business/${businessId}/invitations`, owner.accessToken)
    ).json() as Invitation[];
    expect(list.find((i) => i.email === email)?.status).toBe('accepted');
    // Invitations are free: the staff records are the plan's count, unchanged.
    const staff = (
      await get(`/api/business/${businessId}/staff`, owner.accessToken)
    ).json() as unknown[];
    expect(staff).toHaveLength(3);
  });

  it('expire after 7 days', async () => {
    const email = uniqueEmail('late');
    await ctx.request(
      json(
        'POST',
        `/api/business/${businessId}/invitations`,
        { email, role: 'staff' },
        owner.accessToken,
      ),
    );
    const token = await invitationToken(ctx, email);
    ctx.clock.set(Temporal.Instant.from(TEST_NOW).add({ hours: 7 * 24, minutes: 1 }));
    try {
      const late = await ctx.post('/api/invitations/accept', { token, password: PASSWORD });
      expect(late.statusCode).toBe(400);
      const list = (
        await get(`/api/business/${businessId}/invitations`, owner.accessToken)
      ).json() as Invitation[];
      expect(list.find((i) => i.email === email)?.status).toBe('expired');
    } finally {
      ctx.clock.set(TEST_NOW);
    }
  });

  it('can be revoked, and resent with a new link that replaces the old one', async () => {
    const email = uniqueEmail('revoked');
    const inv = (
      await ctx.request(
        json(
          'POST',
          `/api/business/${businessId}/invitations`,
          { email, role: 'manager' },
          owner.accessToken,
        ),
      )
    ).json() as Invitation;
    const first = await invitationToken(ctx, email);
    const resent = await ctx.request({
      method: 'POST',
      url: `/api/business/${businessId}/invitations/${inv.id}/resend`,
      headers: bearer(owner.accessToken),
    });
    expect(resent.statusCode).toBe(200);
    const second = await invitationToken(ctx, email);
    expect(second).not.toBe(first);
    expect(
      (await ctx.post('/api/invitations/accept', { token: first, password: PASSWORD })).statusCode,
    ).toBe(400);

    expect(
      (await del(`/api/business/${businessId}/invitations/${inv.id}`, owner.accessToken))
        .statusCode,
    ).toBe(204);
    expect(
      (await ctx.post('/api/invitations/accept', { token: second, password: PASSWORD })).statusCode,
    ).toBe(400);
    expect(
      (await del(`/api/business/${businessId}/invitations/${inv.id}`, owner.accessToken))
        .statusCode,
    ).toBe(404);
  });

  it('link an existing account by its password, and the person switches between businesses', async () => {
    const other = await signUpOwner(ctx);
    const ownBusiness = (await ownerBusiness(ctx, other)).id;
    await ctx.request(
      json(
        'POST',
        `/api/business/${businessId}/invitations`,
        { email: other.email, role: 'manager' },
        owner.accessToken,
      ),
    );
    const token = await invitationToken(ctx, other.email);

    const wrong = await ctx.post('/api/invitations/accept', {
      token,
      password: 'not the password',
    });
    expect(wrong.statusCode).toBe(401);
    const accepted = await ctx.post('/api/invitations/accept', { token, password: PASSWORD });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const session = (accepted.json() as { accessToken: string }).accessToken;

    const memberships = (await get('/api/me/memberships', session)).json() as Membership[];
    expect(memberships.map((m) => [m.businessId, m.role])).toEqual([
      [ownBusiness, 'owner'],
      [businessId, 'manager'],
    ]);
    // Their own business by default; the other when the client chooses it.
    expect(((await get('/api/business/me', session)).json() as { id: number }).id).toBe(
      ownBusiness,
    );
    const chosen = await get('/api/business/me', session, {
      [BUSINESS_HEADER]: String(businessId),
    });
    expect((chosen.json() as { id: number }).id).toBe(businessId);
    const stranger = await get('/api/business/me', session, { [BUSINESS_HEADER]: '999999' });
    expect(stranger.statusCode).toBe(404);
  });

  it('refuse an owner role, an unknown staff record, and someone already a member', async () => {
    const asOwner = await ctx.request(
      json(
        'POST',
        `/api/business/${businessId}/invitations`,
        { email: uniqueEmail(), role: 'owner' },
        owner.accessToken,
      ),
    );
    expect(asOwner.statusCode).toBe(400);
    const unknown = await ctx.request(
      json(
        'POST',
        `/api/business/${businessId}/invitations`,
        { email: uniqueEmail(), role: 'staff', staffMemberId: 999999 },
        owner.accessToken,
      ),
    );
    expect(unknown.statusCode).toBe(404);
    const member = await ctx.request(
      json(
        'POST',
        `/api/business/${businessId}/invitations`,
        { email: owner.email, role: 'staff' },
        owner.accessToken,
      ),
    );
    expect(member.statusCode).toBe(409);
  });
});

describe('roles', () => {
  it('keep staff to their own appointments and the clients they serve', async () => {
    const staff = await inviteMember(ctx, owner.accessToken, businessId, 'staff', sam);
    const own = await book(sam, '2027-01-05T00:00:00.000Z', 'Samsclient');
    const others = await book(mia, '2027-01-05T01:00:00.000Z', 'Miasclient');

    const list = (
      await get(`/api/business/${businessId}/appointments`, staff.accessToken)
    ).json() as OwnerAppointment[];
    expect(list.map((a) => a.id)).toEqual([own.id]);
    const managerView = await inviteMember(ctx, owner.accessToken, businessId, 'manager');
    const all = (
      await get(`/api/business/${businessId}/appointments`, managerView.accessToken)
    ).json() as OwnerAppointment[];
    expect(all.map((a) => a.id).sort()).toEqual([own.id, others.id].sort());

    // Their own: moved, cancelled; someone else's: not found.
    const notMine = await ctx.request(
      json('PATCH', `/api/appointments/${others.id}`, { notes: 'mine now' }, staff.accessToken),
    );
    expect(notMine.statusCode).toBe(404);
    const handOff = await ctx.request(
      json(
        'PATCH',
        `/api/appointments/${own.id}`,
        { staffMemberId: mia, outsideHours: true },
        staff.accessToken,
      ),
    );
    expect(handOff.statusCode).toBe(404);
    const note = await ctx.request(
      json('PATCH', `/api/appointments/${own.id}`, { notes: 'Bring photos' }, staff.accessToken),
    );
    expect(note.statusCode, note.body).toBe(200);
    expect((await del(`/api/appointments/${others.id}`, staff.accessToken)).statusCode).toBe(404);
    // A booking they make is theirs, whoever they name.
    const made = await book(mia, '2027-01-05T03:00:00.000Z', 'Walkin', staff.accessToken);
    expect(made.staffMemberId).toBe(sam);

    const clients = (
      await get(`/api/business/${businessId}/customers`, staff.accessToken)
    ).json() as { lastName: string }[];
    expect(clients.map((c) => c.lastName).sort()).toEqual(['Samsclient', 'Walkin']);
    const othersClient = (await ctx.db.query('SELECT customer_id FROM appointments WHERE id = $1', [
      others.id,
    ])) as { customer_id: number }[];
    expect(
      (await get(`/api/customers/${othersClient[0]!.customer_id}`, staff.accessToken)).statusCode,
    ).toBe(404);

    // What the role does not have: 403.
    expect(
      (
        await ctx.request(
          json(
            'POST',
            '/api/services',
            { businessId, name: 'X', duration: 30, price: 100 },
            staff.accessToken,
          ),
        )
      ).statusCode,
    ).toBe(403);
    expect((await get('/api/subscription-status', staff.accessToken)).statusCode).toBe(403);
    expect((await get(`/api/business/${businessId}/members`, staff.accessToken)).statusCode).toBe(
      403,
    );
    expect((await get('/api/subscription-status', managerView.accessToken)).statusCode).toBe(403);
  });

  it('let the owner open the whole diary to staff, read-only', async () => {
    const staff = await inviteMember(ctx, owner.accessToken, businessId, 'staff');
    expect(
      (await get(`/api/business/${businessId}/appointments`, staff.accessToken)).json(),
    ).toEqual([]);
    const opened = await ctx.request(
      json('PATCH', `/api/business/${businessId}`, { staffSeeWholeDiary: true }, owner.accessToken),
    );
    expect(opened.statusCode, opened.body).toBe(200);
    expect((opened.json() as { staffSeeWholeDiary?: boolean }).staffSeeWholeDiary).toBe(true);
    try {
      const all = (
        await get(`/api/business/${businessId}/appointments`, staff.accessToken)
      ).json() as OwnerAppointment[];
      expect(all.length).toBeGreaterThan(0);
      const change = await ctx.request(
        json('PATCH', `/api/appointments/${all[0]!.id}`, { notes: 'x' }, staff.accessToken),
      );
      expect(change.statusCode).toBe(404);
    } finally {
      await ctx.db.query('UPDATE businesses SET staff_see_whole_diary = false WHERE id = $1', [
        businessId,
      ]);
    }
  });

  it("answer a staff member's counts and month grid from their own appointments only", async () => {
    const lou = (
      (
        await ctx.request(
          json(
            'POST',
            '/api/staff',
            { businessId, firstName: 'Lou', lastName: 'Stylist', serviceIds: [serviceId] },
            owner.accessToken,
          ),
        )
      ).json() as { id: number }
    ).id;
    const staff = await inviteMember(ctx, owner.accessToken, businessId, 'staff', lou);
    // Today in Sydney (the clock: Monday 4 January, 11 AM): one of Lou's, two of Mia's.
    await book(lou, '2027-01-04T03:00:00.000Z', 'Lous');
    await book(mia, '2027-01-04T04:00:00.000Z', 'Mias');
    await book(mia, '2027-01-04T05:00:00.000Z', 'Mias');
    const counts = (token: string) =>
      get(`/api/business/${businessId}/appointment-counts`, token).then((r) => r.json());
    const [business] = (await ctx.db.query(
      `SELECT count(*) FILTER (WHERE status = 'confirmed')::int AS confirmed
         FROM appointments WHERE business_id = $1`,
      [businessId],
    )) as { confirmed: number }[];
    expect(await counts(staff.accessToken)).toEqual({ today: 1, confirmed: 1, pending: 0 });
    expect(await counts(owner.accessToken)).toMatchObject({
      today: 3,
      confirmed: business!.confirmed,
    });
    const grid = (token: string, staffId?: number) =>
      get(
        `/api/business/${businessId}/appointment-days?from=2027-01-03T13:00:00.000Z&to=2027-01-04T13:00:00.000Z${
          staffId ? `&staffId=${staffId}` : ''
        }`,
        token,
      ).then((r) => (r.json() as { days: { total: number }[] }).days.map((d) => d.total));
    expect(await grid(staff.accessToken)).toEqual([1]);
    expect(await grid(staff.accessToken, mia)).toEqual([1]);
    expect(await grid(owner.accessToken)).toEqual([3]);
    // With the whole diary open to staff (read-only), the business's figures are theirs to see.
    await ctx.db.query('UPDATE businesses SET staff_see_whole_diary = true WHERE id = $1', [
      businessId,
    ]);
    try {
      expect(await counts(staff.accessToken)).toEqual(await counts(owner.accessToken));
      expect(await grid(staff.accessToken)).toEqual([3]);
    } finally {
      await ctx.db.query('UPDATE businesses SET staff_see_whole_diary = false WHERE id = $1', [
        businessId,
      ]);
    }
  });

  it('hand ownership over only by the owner; the owner becomes a manager', async () => {
    const manager = await inviteMember(ctx, owner.accessToken, businessId, 'manager');
    const other = await inviteMember(ctx, owner.accessToken, businessId, 'manager');
    const grab = await ctx.request(
      json(
        'PATCH',
        `/api/business/${businessId}/members/${manager.memberId}`,
        { role: 'owner' },
        manager.accessToken,
      ),
    );
    expect(grab.statusCode).toBe(403);

    const second = await signUpOwner(ctx);
    const secondBusiness = (await ownerBusiness(ctx, second)).id;
    const heir = await inviteMember(ctx, second.accessToken, secondBusiness, 'manager');
    const handed = await ctx.request(
      json(
        'PATCH',
        `/api/business/${secondBusiness}/members/${heir.memberId}`,
        { role: 'owner' },
        second.accessToken,
      ),
    );
    expect(handed.statusCode, handed.body).toBe(200);
    const members = (
      await get(`/api/business/${secondBusiness}/members`, second.accessToken)
    ).json() as { userId: string; role: string }[];
    expect(members.find((m) => m.userId === second.userId)?.role).toBe('manager');
    expect(members.find((m) => m.userId === heir.userId)?.role).toBe('owner');
    // The former owner no longer reaches the plan; nobody can remove the owner but by handing over.
    expect((await get('/api/subscription-status', second.accessToken)).statusCode).toBe(403);
    const ownerId = members.find((m) => m.role === 'owner')!;
    expect(
      (
        await del(
          `/api/business/${secondBusiness}/members/${(ownerId as unknown as { id: number }).id}`,
          second.accessToken,
        )
      ).statusCode,
    ).toBe(403);
    expect(other.memberId).toBeGreaterThan(0);
  });
});

describe('leaving', () => {
  it('a role change counts from the next request; their session and other businesses stay', async () => {
    const manager = await inviteMember(ctx, owner.accessToken, businessId, 'manager');
    // The same person also works for a second business.
    const second = await signUpOwner(ctx);
    const secondBusiness = (await ownerBusiness(ctx, second)).id;
    const invited = await ctx.request(
      json(
        'POST',
        `/api/business/${secondBusiness}/invitations`,
        { email: manager.email, role: 'manager' },
        second.accessToken,
      ),
    );
    expect(invited.statusCode, invited.body).toBe(201);
    const joined = await ctx.request(
      json(
        'POST',
        '/api/invitations/accept',
        { token: await invitationToken(ctx, manager.email) },
        manager.accessToken,
      ),
    );
    expect(joined.statusCode, joined.body).toBe(200);
    expect((await get(`/api/business/${businessId}/members`, manager.accessToken)).statusCode).toBe(
      200,
    );
    const changed = await ctx.request(
      json(
        'PATCH',
        `/api/business/${businessId}/members/${manager.memberId}`,
        { role: 'staff' },
        owner.accessToken,
      ),
    );
    expect(changed.statusCode, changed.body).toBe(200);
    // The very next request is answered as staff, with the same access token.
    expect((await get(`/api/business/${businessId}/members`, manager.accessToken)).statusCode).toBe(
      403,
    );
    expect(
      (await get(`/api/business/${businessId}/appointments`, manager.accessToken)).json(),
    ).toEqual([]);
    // Still a manager of the other business, signed in as before.
    expect(
      (await get(`/api/business/${secondBusiness}/members`, manager.accessToken)).statusCode,
    ).toBe(200);
    const refreshed = await ctx.request({
      method: 'POST',
      url: '/api/auth/refresh',
      cookies: { sw_refresh: manager.refreshToken },
    });
    expect(refreshed.statusCode).toBe(200);
    // Removed from the first business, they keep the second, signed in as before.
    expect(
      (await del(`/api/business/${businessId}/members/${manager.memberId}`, owner.accessToken))
        .statusCode,
    ).toBe(204);
    expect(
      (await get(`/api/business/${businessId}/appointments`, manager.accessToken)).statusCode,
    ).toBe(404);
    expect(
      (await get(`/api/business/${secondBusiness}/members`, manager.accessToken)).statusCode,
    ).toBe(200);
  });

  it('removal from their only business signs them out at once; their appointments stay', async () => {
    const staff = await inviteMember(ctx, owner.accessToken, businessId, 'staff', ava);
    const booked = await book(ava, '2027-01-06T00:00:00.000Z', 'Stays');
    expect(
      (await get(`/api/business/${businessId}/appointments`, staff.accessToken)).statusCode,
    ).toBe(200);
    expect(
      (await del(`/api/business/${businessId}/members/${staff.memberId}`, owner.accessToken))
        .statusCode,
    ).toBe(204);
    expect(
      (await get(`/api/business/${businessId}/appointments`, staff.accessToken)).statusCode,
    ).toBe(401);
    const signIn = await ctx.post('/api/auth/login', { email: staff.email, password: PASSWORD });
    const again = (signIn.json() as { accessToken: string }).accessToken;
    expect((await get(`/api/business/${businessId}/appointments`, again)).statusCode).toBe(404);
    const still = (
      await get(`/api/business/${businessId}/appointments`, owner.accessToken)
    ).json() as OwnerAppointment[];
    expect(still.find((a) => a.id === booked.id)?.staffMemberId).toBe(ava);
    expect(
      (await del(`/api/business/${businessId}/members/${staff.memberId}`, owner.accessToken))
        .statusCode,
    ).toBe(404);
  });
});
