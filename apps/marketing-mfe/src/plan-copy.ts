import { PLANS, type PlanDefinition, type PlanId, formatPrice } from '@slotwise/contracts';

/** Everything the pricing and features pages say about a plan comes from PLANS (decision 15). */

export function staffLine(plan: PlanDefinition): string {
  if (plan.maxStaff === null) return 'Unlimited staff members';
  return plan.maxStaff === 1 ? '1 staff member' : `Up to ${plan.maxStaff} staff members`;
}

export function servicesLine(plan: PlanDefinition): string {
  if (plan.maxActiveServices === null) return 'Unlimited active services';
  return plan.maxActiveServices === 1
    ? '1 active service'
    : `Up to ${plan.maxActiveServices} active services`;
}

/** '$0', '$49' (whole dollars read better on a price card); null for quoted plans. */
export function monthlyPrice(plan: PlanDefinition): string | null {
  if (plan.monthlyPriceCents === null) return null;
  return formatPrice(plan.monthlyPriceCents).replace(/\.00$/, '');
}

export function priceLine(plan: PlanDefinition): string {
  const price = monthlyPrice(plan);
  if (price === null) return 'Contact us';
  return plan.monthlyPriceCents === 0 ? `${price} forever` : `${price} per month`;
}

/** The feature list of a plan card, in the order a buyer weighs them. */
export function planFeatures(plan: PlanDefinition): string[] {
  const lines = [
    staffLine(plan),
    servicesLine(plan),
    'Unlimited bookings on your own booking page',
    'SMS booking confirmations with cancel and reschedule links',
    'Weekly opening hours, times shown in your time zone',
  ];
  if (plan.ownerEmailNotifications) lines.push('Email to you for every new booking');
  if (plan.smsReminders) lines.push('SMS reminders to customers before each appointment');
  return lines;
}

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
