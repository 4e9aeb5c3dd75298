/**
 * The plan catalogue: the pricing and features pages and the API's enforcement both
 * read this one definition, so no page can promise what the API does not enforce.
 */
export const PlanId = { FREE: 'free', PROFESSIONAL: 'professional', BUSINESS: 'business' } as const;
export type PlanId = (typeof PlanId)[keyof typeof PlanId];

/** Plans a business can actually be on; Business is shown in the comparison table only. */
export type SubscriptionPlan = typeof PlanId.FREE | typeof PlanId.PROFESSIONAL;
export const SUBSCRIPTION_PLANS = [PlanId.FREE, PlanId.PROFESSIONAL] as const;

export interface PlanDefinition {
  id: PlanId;
  name: string;
  /** Monthly price in cents; null when the plan is quoted on request. */
  monthlyPriceCents: number | null;
  /** null means unlimited. */
  maxStaff: number | null;
  maxActiveServices: number | null;
  smsReminders: boolean;
  ownerEmailNotifications: boolean;
  selfServe: boolean;
}

export const PLANS: Record<PlanId, PlanDefinition> = {
  free: {
    id: 'free',
    name: 'Free',
    monthlyPriceCents: 0,
    maxStaff: 1,
    maxActiveServices: 1,
    smsReminders: false,
    ownerEmailNotifications: true,
    selfServe: true,
  },
  professional: {
    id: 'professional',
    name: 'Professional',
    monthlyPriceCents: 4900,
    maxStaff: 5,
    maxActiveServices: 10,
    smsReminders: true,
    ownerEmailNotifications: true,
    selfServe: true,
  },
  business: {
    id: 'business',
    name: 'Business',
    monthlyPriceCents: null,
    maxStaff: null,
    maxActiveServices: null,
    smsReminders: true,
    ownerEmailNotifications: true,
    selfServe: false,
  },
};

export const DEFAULT_PLAN: SubscriptionPlan = 'free';

/** The staff-limit warning, shown by the UI and answered by the API alike. */
export function staffLimitMessage(plan: PlanId): string {
  const max = PLANS[plan].maxStaff;
  if (plan === PlanId.FREE) {
    return `You've reached the staff limit for the free plan. Upgrade to a professional plan to add up to ${PLANS.professional.maxStaff} staff members.`;
  }
  return `You've reached the maximum number of staff members (${max}) allowed on your plan.`;
}

/** The active-services counterpart (Free 1, Professional 10). */
export function serviceLimitMessage(plan: PlanId): string {
  const max = PLANS[plan].maxActiveServices;
  if (plan === PlanId.FREE) {
    return `You've reached the active service limit for the free plan (${max} active service). Upgrade to a professional plan to offer up to ${PLANS.professional.maxActiveServices} active services.`;
  }
  return `You've reached the maximum number of active services (${max}) allowed on your plan.`;
}
