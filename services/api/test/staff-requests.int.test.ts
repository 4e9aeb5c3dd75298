// Issue 25: staff change their own hours and time off as requests an owner or manager approves
// (saved through the same services as a direct edit, in one transaction, logged and emailed) or
// declines; staff reach only their own; another business is refused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ActivityPageSchema,
  ErrorResponseSchema,
  type StaffChangeRequest,
  StaffChangeRequestListSchema,
  StaffChangeRequestSchema,
  StaffHoursSchema,
  TimeOffListSchema,
} from '@slotwise/contracts';
import {
  bearer,
  json,
  latestMessage,
  ownerBusiness,
  type SignedInOwner,
  signUpOwner,
} from './support/auth.js';
import { inviteMember, type Member } from './support/team.js';
import { createTestContext, type TestContext } from './support/test-app.js';

let ctx: TestContext;
let owner: SignedInOwner;
let businessId: number;
let mia: number;
let sam: number;
let miaAccount: Member;
let samAccount: Member;
let manager: Member;

const base = () => `/api/business/${businessId}/staff-requests`;
const get = (url: string, token: string) =>
  ctx.request({ method: 'GET', url, headers: bearer(token) });
const post = (url: string, body: unknown, token: string) =>
  ctx.request(json('POST', url, body, token));
/** A POST without a body (approve). */
const act = (url: string, token: string) =>
  ctx.request({ method: 'POST', url, headers: bearer(token) });
const del = (url: string, token: string) =>
  ctx.request({ method: 'DELETE', url, headers: bearer(token) });

const timeOff = (start: string, end: string, note?: string) => ({
  kind: 'time-off',
  start,
  end,
  ...(note ? { note } : {}),
});

const week = [0, 1, 2, 3, 4, 5, 6].map((dayOfWeek) => ({
  dayOfWeek,
  isOpen: dayOfWeek >= 1 && dayOfWeek <= 3,
  openTime: '10:00',
  closeTime: '15:00',
}));

async function ask(body: unknown, token = miaAccount.accessToken): Promise<StaffChangeRequest> {
  const res = await post(base(), body, token);
  expect(res.statusCode, res.body).toBe(201);
  return StaffChangeRequestSchema.parse(res.json());
}

function code(res: { json(): unknown }): string | undefined {
  return ErrorResponseSchema.parse(res.json()).code;
}

beforeAll(async () => {
  ctx = await createTestContext();
  owner = await signUpOwner(ctx);
  businessId = (await ownerBusiness(ctx, owner)).id;
  await ctx.db.query(`UPDATE businesses SET subscription_plan = 'professional' WHERE id = $1`, [
    businessId,
  ]);
  const staff = async (firstName: string) => {
    const res = await ctx.request(
      json('POST', '/api/staff', { businessId, firstName, lastName: 'Stylist' }, owner.accessToken),
    );
    expect(res.statusCode, res.body).toBe(201);
    return (res.json() as { id: number }).id;
  };
  mia = await staff('Mia');
  sam = await staff('Sam');
  miaAccount = await inviteMember(ctx, owner.accessToken, businessId, 'staff', mia);
  samAccount = await inviteMember(ctx, owner.accessToken, businessId, 'staff', sam);
  manager = await inviteMember(ctx, owner.accessToken, businessId, 'manager');
});

afterAll(async () => {
  await ctx?.close();
});

describe('staff requests', () => {
  it('are created pending by a staff member for their own record, and each sees only their own', async () => {
    const mine = await ask(
      timeOff('2027-02-01T22:00:00.000Z', '2027-02-02T07:00:00.000Z', 'Dentist'),
    );
    expect(mine).toMatchObject({
      staffId: mia,
      staffName: 'Mia Stylist',
      kind: 'time-off',
      status: 'pending',
      note: 'Dentist',
      start: '2027-02-01T22:00:00.000Z',
      decidedAt: null,
    });
    const sams = await ask(
      timeOff('2027-02-10T22:00:00.000Z', '2027-02-11T07:00:00.000Z'),
      samAccount.accessToken,
    );

    const own = StaffChangeRequestListSchema.parse(
      (await get(base(), miaAccount.accessToken)).json(),
    );
    expect(own.map((r) => r.id)).toContain(mine.id);
    expect(own.map((r) => r.id)).not.toContain(sams.id);
    expect(own.every((r) => r.staffId === mia)).toBe(true);

    const pending = await get(`${base()}?status=pending`, manager.accessToken);
    expect(pending.statusCode).toBe(200);
    const ids = StaffChangeRequestListSchema.parse(pending.json()).map((r) => r.id);
    expect(ids).toEqual(expect.arrayContaining([mine.id, sams.id]));
    const declined = StaffChangeRequestListSchema.parse(
      (await get(`${base()}?status=declined`, owner.accessToken)).json(),
    );
    expect(declined.map((r) => r.id)).not.toContain(mine.id);
  });

  it('approved time off is saved as a direct edit saves it, logged, and the staff member is emailed', async () => {
    const request = await ask(
      timeOff('2027-03-01T22:00:00.000Z', '2027-03-03T07:00:00.000Z', 'Family wedding'),
    );
    const approved = await act(`${base()}/${request.id}/approve`, manager.accessToken);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(StaffChangeRequestSchema.parse(approved.json())).toMatchObject({
      status: 'approved',
      decidedBy: expect.any(String),
    });

    const saved = TimeOffListSchema.parse(
      (await get(`/api/staff/${mia}/time-off`, owner.accessToken)).json(),
    );
    expect(saved).toContainEqual(
      expect.objectContaining({
        start: '2027-03-01T22:00:00.000Z',
        end: '2027-03-03T07:00:00.000Z',
        reason: 'Family wedding',
      }),
    );
    const activity = ActivityPageSchema.parse(
      (await get(`/api/business/${businessId}/activity`, owner.accessToken)).json(),
    );
    expect(activity.entries.map((e) => e.summary)).toContainEqual(
      expect.stringMatching(/^Request from Mia Stylist approved: time off from 2 Mar 2027/),
    );
    const email = await latestMessage(ctx, miaAccount.email);
    expect(email?.subject).toMatch(/approved/);
    expect(email?.body).toMatch(/approved your request for time off from 2 Mar 2027 9:00 AM/);

    // Decided once: a second decision is refused, and so is withdrawing it.
    const again = await act(`${base()}/${request.id}/approve`, owner.accessToken);
    expect(again.statusCode).toBe(409);
    expect(code(again)).toBe('STAFF_REQUEST_CONFLICT');
    expect((await del(`${base()}/${request.id}`, miaAccount.accessToken)).statusCode).toBe(409);
  });

  it('approved hours become the staff member’s own week', async () => {
    const request = await ask({ kind: 'hours', days: week, note: 'Uni on Thursdays' });
    expect(request.days).toHaveLength(7);
    const before = StaffHoursSchema.parse(
      (await get(`/api/staff/${mia}/availability`, owner.accessToken)).json(),
    );
    expect(before.ownHours).toBe(false);

    const approved = await act(`${base()}/${request.id}/approve`, owner.accessToken);
    expect(approved.statusCode, approved.body).toBe(200);
    const after = StaffHoursSchema.parse(
      (await get(`/api/staff/${mia}/availability`, owner.accessToken)).json(),
    );
    expect(after.ownHours).toBe(true);
    expect(after.days.filter((d) => d.isOpen).map((d) => d.dayOfWeek)).toEqual([1, 2, 3]);
    expect(after.days[1]!.intervals).toEqual([{ openTime: '10:00', closeTime: '15:00' }]);
  });

  it('a request that clashes with saved time off is refused as a direct edit is, and stays pending', async () => {
    const request = await ask(timeOff('2027-03-02T22:00:00.000Z', '2027-03-04T07:00:00.000Z'));
    const res = await act(`${base()}/${request.id}/approve`, owner.accessToken);
    expect(res.statusCode).toBe(409);
    expect(code(res)).toBe('SCHEDULE_OVERLAP');
    const list = StaffChangeRequestListSchema.parse(
      (await get(base(), miaAccount.accessToken)).json(),
    );
    expect(list.find((r) => r.id === request.id)?.status).toBe('pending');
  });

  it('declined: nothing is saved, the reason is kept and the staff member is emailed', async () => {
    const request = await ask(timeOff('2027-04-05T22:00:00.000Z', '2027-04-06T07:00:00.000Z'));
    const res = await post(
      `${base()}/${request.id}/decline`,
      { reason: 'Two people away already' },
      manager.accessToken,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(StaffChangeRequestSchema.parse(res.json())).toMatchObject({
      status: 'declined',
      declineReason: 'Two people away already',
    });
    const saved = TimeOffListSchema.parse(
      (await get(`/api/staff/${mia}/time-off`, owner.accessToken)).json(),
    );
    expect(saved.some((t) => t.start === '2027-04-05T22:00:00.000Z')).toBe(false);
    const email = await latestMessage(ctx, miaAccount.email);
    expect(email?.body).toMatch(/declined your request/);
    expect(email?.body).toMatch(/Reason: Two people away already/);
  });

  it('staff withdraw their own pending request, not anyone else’s', async () => {
    const request = await ask(timeOff('2027-05-05T22:00:00.000Z', '2027-05-06T07:00:00.000Z'));
    const bySam = await del(`${base()}/${request.id}`, samAccount.accessToken);
    expect(bySam.statusCode).toBe(404);
    expect(code(bySam)).toBe('STAFF_REQUEST_NOT_FOUND');
    expect((await del(`${base()}/${request.id}`, miaAccount.accessToken)).statusCode).toBe(204);
    const list = StaffChangeRequestListSchema.parse((await get(base(), owner.accessToken)).json());
    expect(list.some((r) => r.id === request.id)).toBe(false);
  });

  it('staff cannot approve or decline, nor ask for someone else; a manager without a staff record cannot ask', async () => {
    const request = await ask(timeOff('2027-06-01T22:00:00.000Z', '2027-06-02T07:00:00.000Z'));
    for (const action of ['approve', 'decline']) {
      const res = await post(`${base()}/${request.id}/${action}`, {}, miaAccount.accessToken);
      expect(res.statusCode, action).toBe(403);
      expect(code(res)).toBe('FORBIDDEN');
    }
    const forSam = await post(
      base(),
      { ...timeOff('2027-06-08T22:00:00.000Z', '2027-06-09T07:00:00.000Z'), staffId: sam },
      miaAccount.accessToken,
    );
    expect(forSam.statusCode).toBe(403);
    expect(code(forSam)).toBe('FORBIDDEN');
    const samsList = StaffChangeRequestListSchema.parse(
      (await get(base(), samAccount.accessToken)).json(),
    );
    expect(samsList.some((r) => r.start === '2027-06-08T22:00:00.000Z')).toBe(false);

    const byManager = await post(
      base(),
      timeOff('2027-06-08T22:00:00.000Z', '2027-06-09T07:00:00.000Z'),
      manager.accessToken,
    );
    expect(byManager.statusCode).toBe(409);
    expect(code(byManager)).toBe('STAFF_REQUEST_CONFLICT');
  });

  it('another business is refused (404) and its requests stay as they were', async () => {
    const request = await ask(timeOff('2027-07-01T22:00:00.000Z', '2027-07-02T07:00:00.000Z'));
    const other = await signUpOwner(ctx);
    await ownerBusiness(ctx, other);
    expect((await get(base(), other.accessToken)).statusCode).toBe(404);
    const approve = await act(`${base()}/${request.id}/approve`, other.accessToken);
    expect(approve.statusCode).toBe(404);
    const decline = await post(`${base()}/${request.id}/decline`, {}, other.accessToken);
    expect(decline.statusCode).toBe(404);
    const list = StaffChangeRequestListSchema.parse((await get(base(), owner.accessToken)).json());
    expect(list.find((r) => r.id === request.id)?.status).toBe('pending');
  });

  it('answers 400 in the error shape for bad input', async () => {
    const bad: unknown[] = [
      timeOff('2027-08-02T00:00:00Z', '2027-08-01T00:00:00Z'),
      timeOff('not a time', '2027-08-01T00:00:00Z'),
      { kind: 'hours' },
      { kind: 'hours', days: week.slice(0, 3) },
      { kind: 'holiday', start: '2027-08-01T00:00:00Z', end: '2027-08-02T00:00:00Z' },
      { ...timeOff('2027-08-01T00:00:00Z', '2027-08-02T00:00:00Z'), note: 'x'.repeat(121) },
      { ...timeOff('2027-08-01T00:00:00Z', '2027-08-02T00:00:00Z'), extra: true },
    ];
    for (const body of bad) {
      const res = await post(base(), body, miaAccount.accessToken);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(code(res)).toBe('VALIDATION_FAILED');
    }
    expect((await get(`${base()}?status=maybe`, owner.accessToken)).statusCode).toBe(400);
    const decline = await post(
      `${base()}/1/decline`,
      { reason: 'x'.repeat(301) },
      owner.accessToken,
    );
    expect(decline.statusCode).toBe(400);
    expect((await act(`${base()}/abc/approve`, owner.accessToken)).statusCode).toBe(400);
  });
});
