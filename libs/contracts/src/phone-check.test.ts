import { describe, expect, it } from 'vitest';
import { BookingFormSchema, CreateAppointmentRequestSchema } from './appointment.js';
import { INVALID_PHONE_MESSAGE, isPlausiblePhoneNumber, isTypedAustralianMobile } from './phone.js';

describe('the booking form’s light phone check', () => {
  it('takes numbers as people type them', () => {
    for (const typed of [
      '0412 345 678',
      '+61 412 345 678',
      '+61 (0)412 345 678',
      '0061 412 345 678',
      '(02) 9361-4820',
      '+44 7700 900123',
      '61412345678',
    ]) {
      expect(isPlausiblePhoneNumber(typed), typed).toBe(true);
    }
  });

  it('refuses letters, too few or too many digits, and Australian numbers of the wrong length', () => {
    for (const typed of [
      '04 call me',
      '0412 345',
      '0412 345 6789',
      '+61 412 345',
      '1234567',
      '+1234567890123456',
      '++61412345678',
    ]) {
      expect(isPlausiblePhoneNumber(typed), typed).toBe(false);
    }
  });

  it('tells Australian mobiles from other valid numbers', () => {
    for (const typed of ['0412 345 678', '+61 412 345 678', '61412345678', '412 345 678']) {
      expect(isTypedAustralianMobile(typed), typed).toBe(true);
    }
    for (const typed of ['(02) 9361 4820', '+61 2 9361 4820', '+44 7700 900123', '0412 345']) {
      expect(isTypedAustralianMobile(typed), typed).toBe(false);
    }
  });

  it('gives the form the API’s message for a number that cannot be real', () => {
    const r = BookingFormSchema.safeParse({ name: 'Jo Citizen', phone: '0412 345' });
    expect(r.error?.issues.map((i) => [i.path[0], i.message])).toEqual([
      ['phone', INVALID_PHONE_MESSAGE],
    ]);
  });
});

describe('the booking form’s optional email', () => {
  it('is none when blank, checked when given', () => {
    const base = { name: 'Jo Citizen', phone: '0412 345 678' };
    expect(BookingFormSchema.parse({ ...base, email: '  ' }).email).toBeNull();
    expect(BookingFormSchema.parse(base).email).toBeNull();
    expect(BookingFormSchema.parse({ ...base, email: ' jo@example.com ' }).email).toBe(
      'jo@example.com',
    );
    const bad = BookingFormSchema.safeParse({ ...base, email: 'jo@' });
    expect(bad.error?.issues.map((i) => [i.path[0], i.message])).toEqual([
      ['email', 'Please enter a valid email address'],
    ]);
  });

  it('in the request: blank is none, a wrong address is refused on `email`', () => {
    const base = {
      businessId: 1,
      serviceId: 1,
      firstName: 'Jo',
      lastName: 'Citizen',
      phone: '0412 345 678',
      date: '2027-01-14T22:00:00.000Z',
    };
    expect(CreateAppointmentRequestSchema.parse({ ...base, email: '' }).email).toBeNull();
    expect(CreateAppointmentRequestSchema.parse(base).email).toBeNull();
    const bad = CreateAppointmentRequestSchema.safeParse({ ...base, email: 'not-an-email' });
    expect(bad.error?.issues.map((i) => [i.path[0], i.message])).toEqual([
      ['email', 'Please enter a valid email address'],
    ]);
  });
});
