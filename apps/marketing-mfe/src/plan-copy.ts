import { PLANS, type PlanId, monthlyPrice } from '@slotwise/contracts';

// Everything the pricing and features pages say about a plan comes from PLANS.

// A plan card's feature list lives with the catalogue: the dashboard's subscription card shows it too.
export { planFeatures } from '@slotwise/contracts';

export const COMPARED_PLANS: readonly PlanId[] = ['free', 'professional', 'business'];

export interface ComparisonRow {
  label: string;
  /** One cell per COMPARED_PLANS entry: text, or a boolean shown as included / not included. */
  values: (string | boolean)[];
}

export function comparisonRows(): ComparisonRow[] {
  const plans = COMPARED_PLANS.map((id) => PLANS[id]);
  return [
    {
      label: 'Price',
      values: plans.map((p) => {
        const price = monthlyPrice(p);
        if (price === null) return 'Contact us';
        return p.monthlyPriceCents === 0 ? price : `${price}/month`;
      }),
    },
    {
      label: 'Staff members',
      values: plans.map((p) => (p.maxStaff === null ? 'Unlimited' : String(p.maxStaff))),
    },
    {
      label: 'Active services',
      values: plans.map((p) =>
        p.maxActiveServices === null ? 'Unlimited' : String(p.maxActiveServices),
      ),
    },
    { label: 'SMS reminders to customers', values: plans.map((p) => p.smsReminders) },
    {
      label: 'Email notifications to you',
      values: plans.map((p) => p.ownerEmailNotifications),
    },
    { label: 'Online booking page', values: plans.map(() => true) },
    { label: 'Double-booking protection', values: plans.map(() => true) },
  ];
}
