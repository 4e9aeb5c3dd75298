import { describe, expect, it } from 'vitest';
import { type OwnerAppointment } from '@slotwise/contracts';
import {
  STATUS_BADGE,
  STATUS_FILTERS,
  endOf,
  filterAppointments,
  formatWhen,
  hasStarted,
  newestFirst,
  statusLabel,
  statusText,
} from './appointments';

const base: OwnerAppointment = {
  id: 1,
  date: '2027-01-04T22:00:00.000Z',
  end: '2027-01-04T23:00:00.000Z',
  status: 'confirmed',
  notes: null,
  staffMemberId: null,
  staff: null,
  service: { id: 1, name: 'Haircut', duration: 60, price: 8500, description: null },
  customer: {
    firstName: 'Alice',
    lastName: 'Nguyen',
    email: null,
    phone: '0400 000 000',
    notificationPreferences: { email: false, sms: true },
  },
  history: [],
};
const a = (
  extra: Partial<OwnerAppointment>,
  customer: Partial<OwnerAppointment['customer']> = {},
) => ({
  ...base,
  ...extra,
  customer: { ...base.customer, ...customer },
});

describe('appointment helpers', () => {
  it('searches first name, last name or service, ignoring case, and filters by status', () => {
    const list = [
      a({ id: 1 }),
      a({ id: 2, status: 'pending' }, { firstName: 'Bob', lastName: 'Smith' }),
      a({ id: 3, service: { ...base.service, name: 'Colour' } }, { firstName: 'Cy' }),
    ];
    expect(filterAppointments(list, 'NGUY').map((x) => x.id)).toEqual([1, 3]);
    expect(filterAppointments(list, 'bob').map((x) => x.id)).toEqual([2]);
    expect(filterAppointments(list, 'colour').map((x) => x.id)).toEqual([3]);
    expect(filterAppointments(list, '', ['pending']).map((x) => x.id)).toEqual([2]);
    expect(filterAppointments(list, '  ').map((x) => x.id)).toEqual([1, 2, 3]);
  });

  it('sorts newest first and computes the end from the duration', () => {
    const list = [a({ id: 1 }), a({ id: 2, date: '2027-02-01T00:00:00.000Z' })];
    expect(newestFirst(list).map((x) => x.id)).toEqual([2, 1]);
    expect(endOf(base)).toBe('2027-01-04T23:00:00.000Z');
    expect(endOf(a({ service: { ...base.service, duration: 0 } }))).toBeNull();
  });

  it("shows times in the business's zone with AEDT in summer and AEST in winter", () => {
    expect(formatWhen('2027-01-04T22:00:00.000Z', 'Australia/Sydney')).toBe(
      '5 Jan 2027, 9:00 AM AEDT',
    );
    expect(formatWhen('2027-07-04T23:00:00.000Z', 'Australia/Sydney')).toBe(
      '5 July 2027, 9:00 AM AEST',
    );
  });

  it('names the no-show status and offers it as a filter', () => {
    expect(statusLabel('no_show')).toBe('No-show');
    expect(statusLabel('CONFIRMED')).toBe('Confirmed');
    expect(statusText('no_show')).toBe('no-show');
    expect(STATUS_FILTERS).toContain('no_show');
    expect(STATUS_BADGE.no_show).toBe('neutral');
  });

  it('says whether an appointment has started', () => {
    expect(hasStarted(base, Date.parse('2027-01-04T21:59:00Z'))).toBe(false);
    expect(hasStarted(base, Date.parse('2027-01-04T22:00:00Z'))).toBe(true);
  });
});
