import { z } from 'zod';

export const ServiceSchema = z.object({
  id: z.number().int().positive(),
  businessId: z.number().int().positive(),
  name: z.string(),
  description: z.string().nullable(),
  /** Integer cents (AUD), in the database and on the wire. */
  price: z.number().int().nonnegative(),
  /** Minutes. */
  duration: z.number().int().positive(),
  /** Minutes the resource is also blocked before and after (set-up, clean-up). */
  bufferBeforeMinutes: z.number().int().nonnegative(),
  bufferAfterMinutes: z.number().int().nonnegative(),
  isActive: z.boolean(),
  /**
   * The payment policy in plain words (`paymentPolicySummary`) when the service asks for a deposit
   * or a card; null or absent: nothing. Given on the public list only.
   */
  policySummary: z.string().nullable().optional(),
  /** True when the policy applies to new clients only. */
  policyNewClientsOnly: z.boolean().optional(),
});
export type Service = z.infer<typeof ServiceSchema>;
export const ServiceListSchema = z.array(ServiceSchema);

export const SERVICE_DEFAULTS = {
  duration: 60,
  price: 8500,
  isActive: true,
  bufferBeforeMinutes: 0,
  bufferAfterMinutes: 0,
} as const;
/** Buffer choices on the service dialog, in minutes. */
export const BUFFER_CHOICES = [0, 5, 10, 15, 20, 30, 45, 60] as const;
export const MAX_BUFFER_MINUTES = 120;
export const SERVICE_DURATION_MIN = 5;
export const SERVICE_DURATION_STEP = 5;
