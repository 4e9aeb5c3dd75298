import { formatPrice } from './format.js';
import type { PlanDefinition } from './plans.js';

/**
 * How every page words a plan's limits and price, from the plan catalogue: the pricing and
 * features pages and the Settings subscription card say exactly what the API enforces.
 */
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

/** '$0 forever', '$49 per month', 'Contact us'. */
export function priceLine(plan: PlanDefinition): string {
  const price = monthlyPrice(plan);
  if (price === null) return 'Contact us';
  return plan.monthlyPriceCents === 0 ? `${price} forever` : `${price} per month`;
}

/**
 * A plan's feature list, in the order a buyer weighs them: the pricing page's cards and the
 * dashboard's subscription card show these same lines.
 */
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
