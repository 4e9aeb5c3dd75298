import { describe, expect, it } from 'vitest';
import { OwnerAppointmentsQuerySchema } from './owner-appointments.js';

const parse = (query: Record<string, unknown>) => OwnerAppointmentsQuerySchema.safeParse(query);

describe('the owner appointment list query', () => {
  it('keeps the whole list when nothing is asked', () => {
    expect(parse({})).toMatchObject({ success: true, data: {} });
    // A blank search or status list is no filter.
    expect(parse({ q: '   ', status: '' }).data).toEqual({ q: undefined, status: [] });
  });

  it('reads a status list from commas or repeats, any case, and page numbers from text', () => {
    expect(parse({ status: 'Confirmed, PENDING' }).data?.status).toEqual(['confirmed', 'pending']);
    expect(parse({ status: ['cancelled', 'completed'] }).data?.status).toEqual([
      'cancelled',
      'completed',
    ]);
    expect(parse({ limit: '50', offset: '100', q: ' Zara ' }).data).toMatchObject({
      limit: 50,
      offset: 100,
      q: 'Zara',
    });
  });

  it('refuses unknown statuses and pages out of range', () => {
    for (const bad of [
      { status: 'done' },
      { limit: '0' },
      { limit: '501' },
      { limit: '1.5' },
      { offset: '-3' },
      { q: 'x'.repeat(101) },
    ]) {
      expect(parse(bad).success, JSON.stringify(bad)).toBe(false);
    }
  });
});
