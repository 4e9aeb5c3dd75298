import { describe, expect, it } from 'vitest';
import { IdParamSchema, MAX_ID } from './ids.js';
import { CreateAppointmentRequestSchema } from './appointment.js';

describe('numeric ids', () => {
  const id = IdParamSchema('serviceId');

  it('accepts digit strings and numbers', () => {
    expect(id.parse('12')).toBe(12);
    expect(id.parse(3)).toBe(3);
  });

  it('rejects anything that is not a storable positive integer', () => {
    for (const bad of ['0', '1.5', ' 7', '1e3', '0x10', 'abc', '', ['1', '2'], null, 1.5, -1]) {
      expect(id.safeParse(bad).success).toBe(false);
    }
    expect(id.safeParse(String(MAX_ID + 1)).error?.issues[0]?.message).toBe(
      'serviceId is too large',
    );
    expect(id.safeParse(undefined).error?.issues[0]?.message).toBe('serviceId is required');
  });

  it('rejects body ids beyond the integer column range', () => {
    const r = CreateAppointmentRequestSchema.safeParse({
      businessId: MAX_ID + 1,
      serviceId: 1,
      firstName: 'Jo',
      phone: '0400 123 456',
      date: '2027-01-14T22:00:00.000Z',
    });
    expect(r.error?.issues.map((i) => i.message)).toEqual(['businessId is too large']);
  });
});
