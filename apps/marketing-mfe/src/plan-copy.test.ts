import { describe, expect, it } from 'vitest';
import { PLANS, monthlyPrice, servicesLine, staffLine } from '@slotwise/contracts';
import { comparisonRows, planFeatures } from './plan-copy';
import { planLink } from './pages/PricingPage';

describe('plan copy reads the same catalogue the API enforces', () => {
  it('states each plan’s limits as the API enforces them', () => {
    expect(staffLine(PLANS.free)).toBe('1 staff member');
    expect(servicesLine(PLANS.free)).toBe('1 active service');
    expect(staffLine(PLANS.professional)).toBe(
      `Up to ${PLANS.professional.maxStaff} staff members`,
    );
    expect(servicesLine(PLANS.business)).toBe('Unlimited active services');
    expect(monthlyPrice(PLANS.professional)).toBe('$49');
    expect(monthlyPrice(PLANS.business)).toBeNull();
  });

  it('promises SMS reminders only on plans that include them', () => {
    const reminder = 'SMS reminders to customers before each appointment';
    expect(planFeatures(PLANS.free)).not.toContain(reminder);
    expect(planFeatures(PLANS.professional)).toContain(reminder);
  });

  it('builds the Free / Professional / Business comparison', () => {
    const rows = Object.fromEntries(comparisonRows().map((r) => [r.label, r.values]));
    expect(rows['Price']).toEqual(['$0', '$49/month', 'Contact us']);
    expect(rows['Staff members']).toEqual(['1', '5', 'Unlimited']);
    expect(rows['Active services']).toEqual(['1', '10', 'Unlimited']);
    expect(rows['SMS reminders to customers']).toEqual([false, true, true]);
  });

  it('sends plan buttons where the spec says', () => {
    expect(planLink(PLANS.free, false)).toBe('/auth');
    // Signing up for Professional goes on to the payment page afterwards.
    expect(planLink(PLANS.professional, false)).toBe('/auth?next=/subscribe');
    expect(planLink(PLANS.free, true)).toBe('/dashboard');
    expect(planLink(PLANS.professional, true)).toBe('/subscribe');
  });
});
