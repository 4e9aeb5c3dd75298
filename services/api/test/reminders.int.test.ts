import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CreateAppointmentResponseSchema, defaultWeeklyHours } from '@slotwise/contracts';
import { bookingRequest, type CreatedBusiness, createBusiness } from './support/fixtures.js';
import { bearer, json, type SignedInOwner, signUpOwner } from './support/auth.js';
import { createTestContext, TEST_NOW, type TestContext } from './support/test-app.js';
import type { OutboxRow } from '../src/modules/outbox/services/outbox-row.js';

let ctx: TestContext;
let pro: CreatedBusiness;
let free: CreatedBusiness;

const OWNER_EMAIL = 'owner@reminders.example';

/**
 * A business open every day (so the Sundays around the daylight-saving changes can be booked),
 * with an email for the owner's messages; each test books its own so times never clash.
 */
async function salon(plan: 'free' | 'professional', name = 'Pro Salon') {
  const everyDay = defaultWeeklyHours().map((h) => ({ ...h, isOpen: true }));
  const created = await createBusiness(ctx.db, {
    name,
    services: [{ name: 'Colour', durationMinutes: 60 }],
    hours: everyDay,
  });
  await ctx.db.query(`UPDATE businesses SET subscription_plan = $2, email = $3 WHERE id = $1`, [
    created.business.id,
    plan,
    OWNER_EMAIL,
  ]);
  return created;
}

/** A Professional business with a signed-in owner. */
async function ownedSalon(): Promise<{ business: CreatedBusiness; owner: SignedInOwner }> {
  const business = await salon('professional');
  const owner = await signUpOwner(ctx);
  await ctx.db.query(`UPDATE businesses SET owner_user_id = $2 WHERE id = $1`, [
    business.business.id,
    owner.userId,
  ]);
  return { business, owner };
}

beforeAll(async () => {
  // Monday 4 January 2027, 11:00 AM in Sydney (AEDT, +11).
  ctx = await createTestContext({ logLevels: [] });
  pro = await salon('professional');
  free = await salon('free', 'Free Salon');
});

afterAll(async () => {
  await ctx?.close();
});

beforeEach(() => ctx.clock.set(TEST_NOW));

async function messagesOf(appointmentId: number): Promise<OutboxRow[]> {
  return ctx.db.query(`SELECT * FROM outbox WHERE appointment_id = $1 ORDER BY id`, [
    appointmentId,
  ]);
}

const ofKind = (rows: OutboxRow[], kind: string) => rows.filter((r) => r.kind === kind);

function linksIn(body: string) {
  const cancel = /\/cancel\?token=([A-Za-z0-9_-]+)/.exec(body)?.[1];
  const reschedule = /\/reschedule\?token=([A-Za-z0-9_-]+)/.exec(body)?.[1];
  if (!cancel || !reschedule) throw new Error(`No links in: ${body}`);
  return { cancel, reschedule };
}

let phoneCounter = 0;

async function book(business: CreatedBusiness, date: string, extra: Record<string, unknown> = {}) {
  phoneCounter += 1;
  const service = Object.values(business.services)[0]!;
  const res = await ctx.post(
    '/api/appointments',
    bookingRequest(business.business.id, service.id, date, {
      phone: `0411 000 ${String(phoneCounter).padStart(3, '0')}`,
      ...extra,
    }),
  );
  expect(res.statusCode, res.body).toBe(201);
  const id = CreateAppointmentResponseSchema.parse(res.json()).appointment.id;
  const rows = await messagesOf(id);
  const confirmation = ofKind(rows, 'booking-confirmation');
  expect(confirmation).toHaveLength(1);
  return { id, rows, confirmation: confirmation[0]!, reminders: ofKind(rows, 'reminder') };
}

describe('reminders at booking', () => {
  it('are written on Professional only, with the confirmation’s links', async () => {
    // Thursday 14 January 2027, 10:00 AM AEDT → reminder Wednesday 13 January 10:00 AM AEDT.
    const { id, confirmation, reminders } = await book(pro, '2027-01-13T23:00:00.000Z');
    expect(reminders).toHaveLength(1);
    const reminder = reminders[0]!;
    expect(reminder).toMatchObject({
      channel: 'sms',
      recipient: confirmation.recipient,
      status: 'pending',
      business_id: pro.business.id,
      appointment_id: id,
    });
    expect(reminder.not_before.toISOString()).toBe('2027-01-12T23:00:00.000Z');
    expect(reminder.body).toContain(
      'Reminder: your Colour at Pro Salon is tomorrow, 14 Jan 2027 at 10:00 AM AEDT.',
    );
    expect(linksIn(reminder.body)).toEqual(linksIn(confirmation.body));
    // Every message of the booking names its business and appointment.
    const owner = ofKind(await messagesOf(id), 'owner-new-booking');
    expect(owner).toHaveLength(1);
    expect(owner[0]!.business_id).toBe(pro.business.id);
    expect(confirmation.business_id).toBe(pro.business.id);

    const onFree = await book(free, '2027-01-13T23:00:00.000Z');
    expect(onFree.confirmation.body).toContain('Colour at Free Salon');
    expect(onFree.reminders).toEqual([]);
    expect(onFree.confirmation.business_id).toBe(free.business.id);
  });

  // Sydney: daylight saving ends Sunday 4 April 2027 (3:00 AEDT → 2:00 AEST) and starts Sunday
  // 3 October 2027 (2:00 AEST → 3:00 AEDT). The reminder keeps the local time of day.
  it.each([
    // Monday 5 April 10:00 AEST → Sunday 4 April 10:00 AEST (24 h).
    ['2027-01-04T00:00:00Z', '2027-04-05T00:00:00.000Z', '2027-04-04T00:00:00.000Z'],
    // Sunday 4 April 10:00 AEST → Saturday 3 April 10:00 AEDT (25 h: the night is an hour longer).
    ['2027-01-04T00:00:00Z', '2027-04-04T00:00:00.000Z', '2027-04-02T23:00:00.000Z'],
    // Sunday 3 October 10:00 AEDT → Saturday 2 October 10:00 AEST (23 h).
    ['2027-09-01T00:00:00Z', '2027-10-02T23:00:00.000Z', '2027-10-02T00:00:00.000Z'],
    // Monday 4 October 10:00 AEDT → Sunday 3 October 10:00 AEDT (24 h).
    ['2027-09-01T00:00:00Z', '2027-10-03T23:00:00.000Z', '2027-10-02T23:00:00.000Z'],
  ])('now %s: an appointment at %s is reminded at %s', async (now, start, expected) => {
    ctx.clock.set(now);
    const { reminders } = await book(pro, start);
    expect(reminders).toHaveLength(1);
    expect(reminders[0]!.not_before.toISOString()).toBe(expected);
  });

  it('are not written for a customer who turned SMS off', async () => {
    const { reminders, confirmation } = await book(pro, '2027-01-14T01:00:00.000Z', {
      notificationPreferences: { email: true, sms: false },
    });
    expect(reminders).toEqual([]);
    // The confirmation still goes: it carries the customer's links.
    expect(confirmation.status).toBe('pending');
  });

  it('are not written when their time has already passed', async () => {
    // Now: Monday 11:00 AM AEDT. Tuesday 10:00 AM would be reminded at Monday 10:00: too late.
    const late = await book(pro, '2027-01-04T23:00:00.000Z');
    expect(late.reminders).toEqual([]);
    // Tuesday 12:00 PM is reminded at Monday 12:00, an hour from now.
    const soon = await book(pro, '2027-01-05T01:00:00.000Z');
    expect(soon.reminders).toHaveLength(1);
    expect(soon.reminders[0]!.not_before.toISOString()).toBe('2027-01-04T01:00:00.000Z');
  });
});

describe('customers’ links', () => {
  it('cancelling withdraws the reminder and tells the customer and the owner', async () => {
    const pro = await salon('professional');
    const { id, confirmation } = await book(pro, '2027-01-13T23:00:00.000Z', {
      firstName: 'Kim',
      lastName: 'Ng',
    });
    const res = await ctx.get(`/api/cancel-appointment?token=${linksIn(confirmation.body).cancel}`);
    expect(res.statusCode).toBe(200);
    const rows = await messagesOf(id);
    expect(ofKind(rows, 'reminder').map((r) => r.status)).toEqual(['cancelled']);
    const sms = ofKind(rows, 'cancellation-confirmation');
    expect(sms).toHaveLength(1);
    expect(sms[0]!.recipient).toBe(confirmation.recipient);
    expect(sms[0]!.body).toContain(
      'Your Colour at Pro Salon on 14 Jan 2027 at 10:00 AM AEDT is cancelled.',
    );
    expect(sms[0]!.body).toContain(`/book/${pro.business.slug}`);
    const email = ofKind(rows, 'owner-customer-cancelled');
    expect(email).toHaveLength(1);
    expect(email[0]!.recipient).toBe(OWNER_EMAIL);
    expect(email[0]!.subject).toBe('Cancelled: Colour on 14 Jan 2027 at 10:00 AM AEDT');
    expect(email[0]!.body).toContain(`Kim Ng cancelled their booking (#${id})`);
  });

  it('the owner is emailed on every plan', async () => {
    const free = await salon('free', 'Free Salon');
    await ctx.db.query(`UPDATE businesses SET email = 'owner@free.example' WHERE id = $1`, [
      free.business.id,
    ]);
    const { id, confirmation } = await book(free, '2027-01-13T23:00:00.000Z');
    await ctx.get(`/api/cancel-appointment?token=${linksIn(confirmation.body).cancel}`);
    const rows = await messagesOf(id);
    expect(ofKind(rows, 'owner-customer-cancelled').map((r) => r.recipient)).toEqual([
      'owner@free.example',
    ]);
    expect(ofKind(rows, 'cancellation-confirmation')).toHaveLength(1);
    expect(ofKind(rows, 'reminder')).toEqual([]);
  });

  it('rescheduling moves the reminder to the new time with the new links', async () => {
    const pro = await salon('professional');
    const { id, confirmation, reminders } = await book(pro, '2027-01-13T23:00:00.000Z');
    const old = linksIn(confirmation.body);
    // To Friday 15 January, 2:00 PM AEDT.
    const res = await ctx.post('/api/reschedule', {
      token: old.reschedule,
      date: '2027-01-15T03:00:00.000Z',
    });
    expect(res.statusCode, res.body).toBe(200);
    const rows = await messagesOf(id);
    const all = ofKind(rows, 'reminder');
    expect(all).toHaveLength(2);
    expect(all[0]!.id).toBe(reminders[0]!.id);
    expect(all[0]!.status).toBe('cancelled');
    expect(all[1]!.status).toBe('pending');
    expect(all[1]!.not_before.toISOString()).toBe('2027-01-14T03:00:00.000Z');
    expect(all[1]!.body).toContain('tomorrow, 15 Jan 2027 at 2:00 PM AEDT');
    const moved = ofKind(rows, 'reschedule-confirmation');
    expect(moved).toHaveLength(1);
    const fresh = linksIn(moved[0]!.body);
    expect(linksIn(all[1]!.body)).toEqual(fresh);
    expect(fresh).not.toEqual(old);
    // The withdrawn reminder's links are the old ones, and they no longer work.
    expect((await ctx.get(`/api/cancel-appointment?token=${old.cancel}`)).statusCode).toBe(400);
    expect((await ctx.get(`/api/reschedule?token=${old.reschedule}`)).statusCode).toBe(400);
    expect((await ctx.get(`/api/reschedule?token=${fresh.reschedule}`)).statusCode).toBe(200);
    // The owner hears of the move.
    expect(ofKind(rows, 'owner-customer-rescheduled').map((r) => r.recipient)).toEqual([
      OWNER_EMAIL,
    ]);
  });
});

describe('owner’s status changes', () => {
  let pro: CreatedBusiness;
  let owner: SignedInOwner;
  beforeEach(async () => {
    ({ business: pro, owner } = await ownedSalon());
  });
  const auth = () => bearer(owner.accessToken);
  const patch = (id: number, body: unknown) =>
    ctx.request(json('PATCH', `/api/appointments/${id}`, body, owner.accessToken));

  it('DELETE withdraws the reminder and texts the customer', async () => {
    const { id, confirmation } = await book(pro, '2027-01-13T23:00:00.000Z');
    const res = await ctx.request({
      method: 'DELETE',
      url: `/api/appointments/${id}`,
      headers: auth(),
    });
    expect(res.statusCode).toBe(200);
    const rows = await messagesOf(id);
    expect(ofKind(rows, 'reminder').map((r) => r.status)).toEqual(['cancelled']);
    const sms = ofKind(rows, 'cancelled-by-business');
    expect(sms).toHaveLength(1);
    expect(sms[0]!.recipient).toBe(confirmation.recipient);
    expect(sms[0]!.body).toContain(
      'Pro Salon has cancelled your Colour on 14 Jan 2027 at 10:00 AM AEDT.',
    );
    expect(sms[0]!.body).toContain('Questions? Call 02 9000 0000.');
  });

  it('PATCH to cancelled does the same; back to confirmed brings a new reminder', async () => {
    const { id } = await book(pro, '2027-01-13T23:00:00.000Z');
    expect((await patch(id, { status: 'Cancelled' })).statusCode).toBe(200);
    let rows = await messagesOf(id);
    expect(ofKind(rows, 'reminder').map((r) => r.status)).toEqual(['cancelled']);
    expect(ofKind(rows, 'cancelled-by-business')).toHaveLength(1);

    expect((await patch(id, { status: 'confirmed' })).statusCode).toBe(200);
    rows = await messagesOf(id);
    const reminders = ofKind(rows, 'reminder');
    expect(reminders.map((r) => r.status)).toEqual(['cancelled', 'pending']);
    expect(reminders[1]!.not_before.toISOString()).toBe('2027-01-12T23:00:00.000Z');
    // Its links are fresh and work.
    const links = linksIn(reminders[1]!.body);
    expect((await ctx.get(`/api/reschedule?token=${links.reschedule}`)).statusCode).toBe(200);
    expect(ofKind(rows, 'confirmed-by-business')).toHaveLength(1);
  });

  it('completing withdraws the reminder without texting', async () => {
    const { id } = await book(pro, '2027-01-13T23:00:00.000Z');
    // Completed is said once it has started; the reminder never went (no worker runs here).
    ctx.clock.set('2027-01-14T00:00:00Z');
    expect((await patch(id, { status: 'completed' })).statusCode).toBe(200);
    const rows = await messagesOf(id);
    expect(ofKind(rows, 'reminder').map((r) => r.status)).toEqual(['cancelled']);
    expect(rows.filter((r) => r.status === 'pending').map((r) => r.kind)).toEqual([
      'booking-confirmation',
      'owner-new-booking',
    ]);
  });

  it('confirming texts the customer only when they want SMS', async () => {
    const wantsSms = await book(pro, '2027-01-13T23:00:00.000Z');
    expect((await patch(wantsSms.id, { status: 'pending' })).statusCode).toBe(200);
    expect((await patch(wantsSms.id, { status: 'confirmed' })).statusCode).toBe(200);
    const sms = ofKind(await messagesOf(wantsSms.id), 'confirmed-by-business');
    expect(sms).toHaveLength(1);
    expect(sms[0]!.recipient).toBe(wantsSms.confirmation.recipient);
    expect(sms[0]!.body).toBe(
      'Pro Salon has confirmed your Colour on 14 Jan 2027 at 10:00 AM AEDT.',
    );
    // pending → confirmed keeps the one reminder (no second one).
    expect(ofKind(await messagesOf(wantsSms.id), 'reminder')).toHaveLength(1);

    const noSms = await book(pro, '2027-01-14T00:00:00.000Z', {
      notificationPreferences: { email: true, sms: false },
    });
    expect((await patch(noSms.id, { status: 'pending' })).statusCode).toBe(200);
    expect((await patch(noSms.id, { status: 'confirmed' })).statusCode).toBe(200);
    expect(ofKind(await messagesOf(noSms.id), 'confirmed-by-business')).toEqual([]);
  });

  it('texts nothing about an appointment that has already started', async () => {
    const { id } = await book(pro, '2027-01-13T23:00:00.000Z');
    ctx.clock.set('2027-01-14T00:00:00Z');
    expect((await patch(id, { status: 'cancelled' })).statusCode).toBe(200);
    const rows = await messagesOf(id);
    expect(ofKind(rows, 'cancelled-by-business')).toEqual([]);
    expect(ofKind(rows, 'reminder').map((r) => r.status)).toEqual(['cancelled']);
  });

  it('a notes-only change sends nothing', async () => {
    const { id, rows } = await book(pro, '2027-01-13T23:00:00.000Z');
    expect((await patch(id, { notes: 'Bring the colour chart' })).statusCode).toBe(200);
    expect(await messagesOf(id)).toHaveLength(rows.length);
  });
});
