import { describe, expect, it } from 'vitest';
import { type Membership } from '@slotwise/contracts';
import { currentMembership } from './current-membership';

const STAFF_AT_HARBOUR: Membership = {
  businessId: 4,
  businessName: 'Harbour Hair',
  role: 'staff',
  staffMemberId: 9,
};
const OWNER_OF_STUDIO: Membership = {
  businessId: 7,
  businessName: 'Studio Seven',
  role: 'owner',
  staffMemberId: null,
};

describe('the current membership', () => {
  it('is the business chosen in this browser', () => {
    expect(currentMembership([STAFF_AT_HARBOUR, OWNER_OF_STUDIO], '4')).toEqual({
      role: 'staff',
      businessName: 'Harbour Hair',
    });
  });

  it('without a choice (or one the person is no member of) is the business they own', () => {
    const list = [STAFF_AT_HARBOUR, OWNER_OF_STUDIO];
    expect(currentMembership(list, null).role).toBe('owner');
    expect(currentMembership(list, '99').businessName).toBe('Studio Seven');
  });

  it('is the first membership for a person who owns none', () => {
    expect(currentMembership([STAFF_AT_HARBOUR], null).role).toBe('staff');
  });

  it('is the owner of the business to be created for a new account', () => {
    expect(currentMembership([], null)).toEqual({ role: 'owner', businessName: null });
  });
});
