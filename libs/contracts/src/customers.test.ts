import { describe, expect, it } from 'vitest';
import {
  CustomerSummarySchema,
  CustomersQuerySchema,
  MergeCustomerRequestSchema,
  SplitCustomerRequestSchema,
  UpdateCustomerRequestSchema,
} from './customers.js';
import { formatPhoneForDisplay, INVALID_PHONE_MESSAGE, isAustralianMobile } from './phone.js';

describe('phone numbers on screen', () => {
  it('shows stored Australian numbers in the local form', () => {
    expect(formatPhoneForDisplay('+61412345678')).toBe('0412 345 678');
    expect(formatPhoneForDisplay('+61291305567')).toBe('(02) 9130 5567');
    expect(formatPhoneForDisplay('+61881234567')).toBe('(08) 8123 4567');
    expect(formatPhoneForDisplay('+611300123456')).toBe('1300 123 456');
    expect(formatPhoneForDisplay('+61131234')).toBe('13 12 34');
  });

  it('keeps other countries international and old numbers as typed', () => {
    expect(formatPhoneForDisplay('+64211234567')).toBe('+64211234567');
    expect(formatPhoneForDisplay('ring the shop')).toBe('ring the shop');
    expect(formatPhoneForDisplay(null)).toBe('');
  });

  it('texts only Australian mobiles', () => {
    expect(isAustralianMobile('+61412345678')).toBe(true);
    expect(isAustralianMobile('+61291305567')).toBe(false);
    expect(isAustralianMobile('+64211234567')).toBe(false);
    expect(isAustralianMobile('0412 345 678')).toBe(false);
    expect(isAustralianMobile(null)).toBe(false);
  });
});

describe("the owner's changes to a client", () => {
  const parse = (body: unknown) => UpdateCustomerRequestSchema.safeParse(body);

  it('trims notes and clears an empty email or notes', () => {
    expect(parse({ notes: '  Likes tea  ' }).data).toEqual({ notes: 'Likes tea' });
    expect(parse({ email: '', notes: '   ' }).data).toEqual({ email: null, notes: null });
  });

  it('refuses nothing to change, a blank first name and a phone with letters', () => {
    expect(parse({}).success).toBe(false);
    expect(parse({ firstName: ' ' }).error?.issues[0]?.message).toBe('First name is required');
    expect(parse({ phone: '04 call me' }).error?.issues[0]?.message).toBe(INVALID_PHONE_MESSAGE);
    expect(parse({ notes: 'x'.repeat(2001) }).success).toBe(false);
  });

  it('pages the list 50 at a time unless asked otherwise', () => {
    expect(CustomersQuerySchema.parse({})).toEqual({ limit: 50, offset: 0 });
    expect(CustomersQuerySchema.parse({ q: ' 0412 ', limit: '10', offset: '20' })).toEqual({
      q: '0412',
      limit: 10,
      offset: 20,
    });
    expect(CustomersQuerySchema.safeParse({ limit: '101' }).success).toBe(false);
  });
});

describe('merging and splitting clients (decision 35)', () => {
  it('merges with one other client by id', () => {
    expect(MergeCustomerRequestSchema.parse({ otherCustomerId: 7 })).toEqual({
      otherCustomerId: 7,
    });
    for (const bad of [
      {},
      { otherCustomerId: 0 },
      { otherCustomerId: '7' },
      { otherCustomerId: 1.5 },
    ]) {
      const parsed = MergeCustomerRequestSchema.safeParse(bad);
      expect(parsed.success, JSON.stringify(bad)).toBe(false);
      expect(parsed.error?.issues[0]?.message).toMatch(/otherCustomerId/);
    }
  });

  it('splits out at least one appointment, by id', () => {
    expect(SplitCustomerRequestSchema.parse({ appointmentIds: [3, 4] })).toEqual({
      appointmentIds: [3, 4],
    });
    expect(
      SplitCustomerRequestSchema.safeParse({ appointmentIds: [] }).error?.issues[0]?.message,
    ).toBe('Choose at least one appointment to move');
    expect(SplitCustomerRequestSchema.safeParse({ appointmentIds: [0] }).success).toBe(false);
    expect(SplitCustomerRequestSchema.safeParse({}).success).toBe(false);
  });

  it('lists the clients sharing the number, and the upcoming bookings apart from the visits', () => {
    const summary = {
      id: 1,
      firstName: 'Chloe',
      lastName: 'Wilson',
      email: null,
      phone: '+61412345678',
      visits: 0,
      upcomingVisits: 1,
      sharesNumberWith: [{ id: 2, name: 'Olivia Brown' }],
      lastVisit: null,
      nextVisit: null,
      createdAt: '2027-01-01T00:00:00.000Z',
    };
    expect(CustomerSummarySchema.parse(summary)).toEqual(summary);
    const { sharesNumberWith: _, ...without } = summary;
    expect(CustomerSummarySchema.safeParse(without).success).toBe(false);
  });
});
