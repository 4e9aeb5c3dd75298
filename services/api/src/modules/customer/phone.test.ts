import { describe, expect, it } from 'vitest';
import { INVALID_PHONE_MESSAGE } from '@slotwise/contracts';
import { ValidationFailedException } from '../../core/exceptions/domain.exception.js';
import { customerPhone, normalisePhone, phoneSearchDigits } from './phone.js';

describe('phone numbers', () => {
  it('stores every way of typing one Australian number as the same E.164', () => {
    for (const typed of [
      '0412 345 678',
      '0412-345-678',
      '(04) 1234 5678',
      '+61 412 345 678',
      '+61 0412 345 678',
      '61412345678',
      ' 0412345678 ',
    ]) {
      expect(normalisePhone(typed), typed).toBe('+61412345678');
    }
    expect(normalisePhone('(02) 9130 5567')).toBe('+61291305567');
    expect(normalisePhone('+64 21 123 4567')).toBe('+64211234567');
  });

  it('refuses what cannot be a real number', () => {
    for (const typed of [
      '',
      '0400',
      '0400 000',
      '555-1234',
      '+61 2 1234',
      'call me',
      '0000 000 000',
    ]) {
      expect(normalisePhone(typed), typed).toBeNull();
    }
  });

  it('answers 400 on the phone field for such a number', () => {
    expect(customerPhone('0412 345 678')).toBe('+61412345678');
    let thrown: unknown;
    try {
      customerPhone('12345', 'customer.phone');
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ValidationFailedException);
    expect(thrown).toMatchObject({
      message: INVALID_PHONE_MESSAGE,
      issues: [{ path: 'customer.phone', message: INVALID_PHONE_MESSAGE }],
    });
  });

  it('searches stored numbers by the digits typed, in the local form too', () => {
    expect(phoneSearchDigits('0412 345')).toEqual(['0412345', '61412345']);
    expect(phoneSearchDigits('+61 412')).toEqual(['61412']);
    expect(phoneSearchDigits('345-678')).toEqual(['345678']);
    expect(phoneSearchDigits('0011 44 20')).toEqual(['00114420']);
    expect(phoneSearchDigits('Jo 12')).toBeNull();
  });
});
