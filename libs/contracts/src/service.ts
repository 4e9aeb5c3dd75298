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
  isActive: z.boolean(),
});
export type Service = z.infer<typeof ServiceSchema>;
export const ServiceListSchema = z.array(ServiceSchema);

export const SERVICE_DEFAULTS = { duration: 60, price: 8500, isActive: true } as const;
export const SERVICE_DURATION_MIN = 15;
export const SERVICE_DURATION_STEP = 15;
