import type { INestApplicationContext } from '@nestjs/common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AvailableTime, ErrorResponseSchema } from '@slotwise/contracts';
import { startFakeSmtp, type FakeSmtp } from './support/fake-smtp.js';
import { bookingRequest, type CreatedBusiness, createBusiness } from './support/fixtures.js';
import { createTestContext, type TestContext } from './support/test-app.js';
import { eventually, outboxRows, startTestWorker } from './support/worker.js';

const PUBLIC_URL = 'https://slotwise.test';
// Friday 15 January 2027 in Sydney (AEDT, +11).
const DAY = '2027-01-15';

let ctx: TestContext;
let smtp: FakeSmtp;
let worker: INestApplicationContext;
let salon: CreatedBusiness;

beforeAll(async () => {
  smtp = await startFakeSmtp();
  ctx = await createTestContext({ env: { PUBLIC_URL } });
  worker = await startTestWorker(ctx, { SMTP_URL: smtp.url, PUBLIC_URL });
  salon = await createBusiness(ctx.db, {
    name: 'Invite Salon',
    services: [{ name: 'Cut', durationMinutes: 45 }],
  });
});

afterAll(async () => {
  await worker?.close();
  await ctx?.close();
  await smtp?.close();
});

const cut = () => salon.services.Cut!;

/** The day's first free start (each booking of this file takes another). */
async function freeStart(): Promise<string> {
  const res = await ctx.get(
    `/api/business/${salon.business.id}/available-times?date=${DAY}&serviceId=${cut().id}`,
  );
  expect(res.statusCode).toBe(200);
  return (res.json() as AvailableTime[])[0]!.start;
}

async function book(extra: Record<string, unknown>) {
  const start = await freeStart();
  const res = await ctx.post(
    '/api/appointments',
    bookingRequest(salon.business.id, cut().id, start, extra),
  );
  return { res, start };
}

const messagesOf = async (appointmentId: number) =>
  outboxRows(ctx.db, `appointment_id = ${Number(appointmentId)}`);

/** The content lines of an iCalendar text, folded lines joined again (RFC 5545 3.1). */
const icsProperty = (ics: string, name: string) =>
  ics
    .replace(/\r\n /g, '')
    .split('\r\n')
    .find((l) => l.startsWith(`${name}:`))
    ?.slice(name.length + 1);

/** 2027-01-14T22:00:00.000Z → 20270114T220000Z */
const icsUtc = (iso: string) => iso.replace(/[-:]/g, '').replace(/\.\d{3}/, '');

describe('a booking with an email', () => {
  it('queues the confirmation email with a calendar invite, and the email arrives with it', async () => {
    const { res, start } = await book({
      email: 'jo@example.com',
      notificationPreferences: { email: true, sms: true },
    });
    expect(res.statusCode).toBe(201);
    const booking = res.json() as { appointment: { id: number; end: string } };
    expect(booking).toMatchObject({ customer: { email: 'jo@example.com' } });

    const rows = await messagesOf(booking.appointment.id);
    const sms = rows.find((r) => r.kind === 'booking-confirmation')!;
    const email = rows.find((r) => r.kind === 'booking-confirmation-email')!;
    expect(email).toMatchObject({
      channel: 'email',
      recipient: 'jo@example.com',
      subject: 'Booking confirmed: Cut at Invite Salon',
      business_id: salon.business.id,
    });
    // The same links as the SMS, in the email and in the invite.
    const links = sms.body.match(/https:\/\/slotwise\.test\/\S+/g)!;
    expect(links).toHaveLength(2);
    for (const link of links) expect(email.body).toContain(link);

    expect(email.attachments).toHaveLength(1);
    const invite = email.attachments![0]!;
    expect(invite.filename).toBe('appointment.ics');
    expect(invite.contentType).toMatch(/^text\/calendar/);
    expect(icsProperty(invite.content, 'DTSTART')).toBe(icsUtc(start));
    expect(icsProperty(invite.content, 'DTEND')).toBe(icsUtc(booking.appointment.end));
    expect(icsProperty(invite.content, 'DTSTAMP')).toBe('20270104T000000Z');
    expect(icsProperty(invite.content, 'UID')).toBe(
      `appointment-${booking.appointment.id}@slotwise.test`,
    );
    expect(icsProperty(invite.content, 'SUMMARY')).toBe('Cut at Invite Salon');
    expect(icsProperty(invite.content, 'LOCATION')).toBe('1 Test Street\\, Sydney NSW 2000');
    const description = icsProperty(invite.content, 'DESCRIPTION')!;
    expect(description).toBe(`Cancel: ${links[0]}\\nReschedule: ${links[1]}`);

    // Delivered through SMTP with the invite attached.
    const [mail] = await eventually(async () => {
      const mails = smtp.to('jo@example.com');
      return mails.length > 0 && mails;
    });
    expect(mail!.subject).toBe('Booking confirmed: Cut at Invite Salon');
    expect(mail!.text).toContain(links[0]);
    expect(mail!.attachments).toHaveLength(1);
    expect(mail!.attachments[0]).toMatchObject({ filename: 'appointment.ics' });
    expect(mail!.attachments[0]!.contentType).toBe('text/calendar');
    expect(icsProperty(mail!.attachments[0]!.content, 'DTSTART')).toBe(icsUtc(start));
    expect(icsProperty(mail!.attachments[0]!.content, 'UID')).toBe(
      `appointment-${booking.appointment.id}@slotwise.test`,
    );
  });

  it('sends it to an email given without the email preference: giving it is the wish', async () => {
    const { res } = await book({
      phone: '0412 000 002',
      email: 'sam@example.com',
      notificationPreferences: { email: false, sms: true },
    });
    expect(res.statusCode).toBe(201);
    const { appointment } = res.json() as { appointment: { id: number } };
    const kinds = (await messagesOf(appointment.id)).map((r) => [r.kind, r.recipient]);
    expect(kinds).toContainEqual(['booking-confirmation-email', 'sam@example.com']);
  });
});

describe('a booking without an email', () => {
  it('queues no email for none, a blank one, or the placeholder of older booking pages', async () => {
    for (const [phone, email] of [
      ['0412 000 003', null],
      ['0412 000 004', ''],
      ['0412 000 005', '0412000005@sms-only.slotwise.invalid'],
    ] as const) {
      const { res } = await book({ phone, email });
      expect(res.statusCode, `email ${email}`).toBe(201);
      const { appointment, customer } = res.json() as {
        appointment: { id: number };
        customer: { email: string | null };
      };
      expect(customer.email).toBeNull();
      const rows = await messagesOf(appointment.id);
      expect(rows.map((r) => r.kind)).toContain('booking-confirmation');
      expect(rows.filter((r) => r.channel === 'email')).toEqual([]);
    }
  });

  it('refuses an address that cannot be one, beside `email`, and books nothing', async () => {
    const before = await outboxRows(ctx.db);
    const { res } = await book({ phone: '0412 000 006', email: 'jo@example' });
    expect(res.statusCode).toBe(400);
    const body = ErrorResponseSchema.parse(res.json());
    expect(body.issues).toEqual([{ path: 'email', message: 'Please enter a valid email address' }]);
    expect(await outboxRows(ctx.db)).toHaveLength(before.length);
  });
});
