import { z } from 'zod';
import { SUBSCRIPTION_PLANS } from './plans.js';

export const DEFAULT_TIME_ZONE = 'Australia/Sydney';

export const BusinessSchema = z.object({
  id: z.number().int().positive(),
  name: z.string(),
  slug: z.string(),
  description: z.string().nullable(),
  address: z.string().nullable(),
  /** A readable summary of the weekly hours, e.g. 'Mon–Fri 9:00 AM – 5:00 PM'; null when closed all week. */
  businessHours: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  website: z.string().nullable(),
  logo: z.string().nullable(),
  timeZone: z.string(),
  subscriptionPlan: z.enum(SUBSCRIPTION_PLANS),
});
export type Business = z.infer<typeof BusinessSchema>;
export const BusinessListSchema = z.array(BusinessSchema);

/** Lowercase, unique, made from the name; slug lookups ignore case. */
export function slugify(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
}
