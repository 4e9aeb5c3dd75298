import { type Business } from '@slotwise/contracts';

/** Calm Studio on the Free plan, for the dashboard's tests: spread it and override what a test needs. */
export const testBusiness: Business = {
  id: 4,
  name: 'Calm Studio',
  slug: 'calm-studio',
  description: null,
  address: null,
  businessHours: null,
  phone: null,
  email: null,
  website: null,
  logo: null,
  timeZone: 'Australia/Sydney',
  region: 'NSW',
  minNoticeMinutes: 60,
  maxAdvanceDays: 45,
  cancelCutoffMinutes: 0,
  slotInterval: 30,
  subscriptionPlan: 'free',
};
