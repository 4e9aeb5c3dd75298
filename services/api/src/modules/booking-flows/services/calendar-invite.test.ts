import { describe, expect, it } from 'vitest';
import { bookingConfirmationEmail } from './appointment-messages.js';
import { calendarInvite } from './calendar-invite.js';

const event = {
  uid: 'appointment-42@slotwise.test',
  stamp: new Date('2027-01-04T00:00:00.000Z'),
  start: new Date('2027-01-14T22:00:00.000Z'),
  end: new Date('2027-01-14T22:45:00.000Z'),
  summary: 'Cut, wash; blow-dry at Harbour Hair',
  location: '1 Test Street, Sydney NSW 2000',
  description:
    'Cancel: https://slotwise.test/cancel?token=abc\nReschedule: https://slotwise.test/r',
};

/** The content lines with folded continuations joined again (RFC 5545 3.1). */
const unfold = (ics: string) => ics.replace(/\r\n /g, '').split('\r\n');
const property = (ics: string, name: string) =>
  unfold(ics)
    .find((l) => l.startsWith(`${name}:`))
    ?.slice(name.length + 1);

describe('calendar invite', () => {
  it('holds one event with its times in UTC', () => {
    const ics = calendarInvite(event);
    const lines = unfold(ics);
    expect(lines.slice(0, 2)).toEqual(['BEGIN:VCALENDAR', 'VERSION:2.0']);
    expect(lines.filter((l) => l === 'BEGIN:VEVENT')).toHaveLength(1);
    expect(property(ics, 'UID')).toBe('appointment-42@slotwise.test');
    expect(property(ics, 'DTSTAMP')).toBe('20270104T000000Z');
    expect(property(ics, 'DTSTART')).toBe('20270114T220000Z');
    expect(property(ics, 'DTEND')).toBe('20270114T224500Z');
    expect(ics.endsWith('END:VCALENDAR\r\n')).toBe(true);
  });

  it('escapes text values and folds long lines at 75 octets without splitting a character', () => {
    const ics = calendarInvite({ ...event, location: `Café ${'é'.repeat(80)}` });
    expect(property(ics, 'SUMMARY')).toBe('Cut\\, wash\\; blow-dry at Harbour Hair');
    expect(property(ics, 'DESCRIPTION')).toBe(
      'Cancel: https://slotwise.test/cancel?token=abc\\nReschedule: https://slotwise.test/r',
    );
    expect(property(ics, 'LOCATION')).toBe(`Café ${'é'.repeat(80)}`);
    for (const line of ics.split('\r\n')) {
      expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75);
      expect(line).not.toContain('\uFFFD');
    }
    expect(ics.split('\r\n').some((l) => l.startsWith(' '))).toBe(true);
  });

  it('leaves the place out when the business has no address', () => {
    expect(property(calendarInvite({ ...event, location: null }), 'LOCATION')).toBeUndefined();
  });
});

describe('booking confirmation email', () => {
  it('names the service, the business and the links, and carries the invite', () => {
    const message = bookingConfirmationEmail(
      'jo@example.com',
      {
        serviceName: 'Cut',
        businessName: 'Harbour Hair',
        timeZone: 'Australia/Sydney',
        start: event.start,
        end: event.end,
        businessId: 7,
        appointmentId: 42,
        customerName: 'Jo',
        address: null,
        stamp: event.stamp,
      },
      {
        cancelUrl: 'https://slotwise.test/cancel?token=c',
        rescheduleUrl: 'https://slotwise.test/reschedule?token=r',
      },
    );
    expect(message).toMatchObject({
      channel: 'email',
      to: 'jo@example.com',
      subject: 'Booking confirmed: Cut at Harbour Hair',
      kind: 'booking-confirmation-email',
      businessId: 7,
      appointmentId: 42,
    });
    expect(message.body).toContain('Your Cut at Harbour Hair is booked for 15 Jan 2027 at 9:00 AM');
    expect(message.body).toContain('Cancel: https://slotwise.test/cancel?token=c');
    const [invite] = message.attachments!;
    expect(invite).toMatchObject({ filename: 'appointment.ics' });
    expect(invite!.contentType).toMatch(/^text\/calendar/);
    expect(property(invite!.content, 'UID')).toBe('appointment-42@slotwise.test');
    expect(property(invite!.content, 'SUMMARY')).toBe('Cut at Harbour Hair');
    expect(property(invite!.content, 'LOCATION')).toBeUndefined();
  });
});
