import { describe, expect, it } from 'vitest';
import {
  formatClockTime,
  formatDate,
  formatPrice,
  formatTime,
  parseDollarsToCents,
  timeZoneAbbreviation,
  todayInZone,
} from './format.js';
import { slugify } from './business.js';
import { splitFullName } from './staff.js';
import {
  BookingFormSchema,
  CreateAppointmentRequestSchema,
  placeholderEmailForPhone,
  isPlaceholderEmail,
} from './appointment.js';

const SYD = 'Australia/Sydney';

describe('en-AU formatting', () => {
  it('formats cents as AUD with two decimals', () => {
    expect(formatPrice(8500)).toBe('$85.00');
    expect(formatPrice(123456)).toBe('$1,234.56');
    expect(formatPrice(null)).toBe('$0.00');
  });

  it('parses typed dollars into rounded cents and ignores non-numeric input', () => {
    expect(parseDollarsToCents('$1,234.555')).toBe(123456);
    expect(parseDollarsToCents('85')).toBe(8500);
    expect(parseDollarsToCents('abc')).toBeNull();
    expect(parseDollarsToCents('')).toBeNull();
  });

  it('shows times in the business zone with daylight saving', () => {
    // 15 January: AEDT (+11), so 9:00 AM Sydney is 22:00 UTC the day before, not 23:00.
    expect(formatTime('2027-01-14T22:00:00Z', SYD)).toBe('9:00 AM');
    expect(timeZoneAbbreviation('2027-01-14T22:00:00Z', SYD)).toBe('AEDT');
    // 15 July: AEST (+10).
    expect(formatTime('2027-07-14T23:30:00Z', SYD)).toBe('9:30 AM');
    expect(timeZoneAbbreviation('2027-07-14T23:30:00Z', SYD)).toBe('AEST');
    expect(formatDate('2027-03-04T22:00:00Z', SYD)).toBe('5 Mar 2027');
  });

  it('tells today in the business zone, not the machine zone', () => {
    expect(todayInZone(SYD, new Date('2027-03-04T14:00:00Z'))).toBe('2027-03-05');
    expect(todayInZone('UTC', new Date('2027-03-04T14:00:00Z'))).toBe('2027-03-04');
  });

  it('formats 24-hour clock strings as 12-hour', () => {
    expect(formatClockTime('09:00')).toBe('9:00 AM');
    expect(formatClockTime('12:30')).toBe('12:30 PM');
    expect(formatClockTime('24:00')).toBe('12:00 AM');
    expect(formatClockTime('00:00')).toBe('12:00 AM');
    expect(formatClockTime('17:00')).toBe('5:00 PM');
  });
});

describe('names and slugs', () => {
  it('makes lowercase slugs from names', () => {
    expect(slugify('Harbour Cuts & Colour')).toBe('harbour-cuts-and-colour');
    expect(slugify('  Café Physio!! ')).toBe('cafe-physio');
  });

  it('splits a full name at the first space', () => {
    expect(splitFullName('Mary Jane Watson')).toEqual({
      firstName: 'Mary',
      lastName: 'Jane Watson',
    });
    expect(splitFullName('Cher')).toEqual({ firstName: 'Cher', lastName: '' });
  });
});

describe('booking validation messages', () => {
  it('rejects short names and phones with the spec texts', () => {
    const r = BookingFormSchema.safeParse({ name: 'A', phone: '12' });
    expect(r.success).toBe(false);
    const messages = r.success ? [] : r.error.issues.map((i) => i.message);
    expect(messages).toContain('Name must be at least 2 characters');
    expect(messages).toContain('Phone number is required');
  });

  it('builds a placeholder email from the phone and recognises it', () => {
    const email = placeholderEmailForPhone('+61 400 123 456');
    expect(email.startsWith('+61400123456@')).toBe(true);
    expect(isPlaceholderEmail(email)).toBe(true);
    expect(isPlaceholderEmail('jo@example.com')).toBe(false);
  });

  it('requires an ISO instant for the appointment date', () => {
    const base = {
      businessId: 1,
      serviceId: 1,
      firstName: 'Jo',
      lastName: 'Citizen',
      phone: '0400 123 456',
    };
    expect(
      CreateAppointmentRequestSchema.safeParse({ ...base, date: '2027-01-14T22:00:00.000Z' })
        .success,
    ).toBe(true);
    expect(CreateAppointmentRequestSchema.safeParse({ ...base, date: 'tomorrow' }).success).toBe(
      false,
    );
    expect(
      CreateAppointmentRequestSchema.safeParse({
        ...base,
        businessId: '1',
        date: '2027-01-14T22:00:00.000Z',
      }).success,
    ).toBe(false);
  });
});
