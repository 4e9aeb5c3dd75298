import { z } from 'zod';
import { IdParamSchema } from './ids.js';

export const StaffMemberSchema = z.object({
  id: z.number().int().positive(),
  businessId: z.number().int().positive(),
  /** Full name: first and last joined by a space. */
  name: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  position: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  bio: z.string().nullable(),
  avatar: z.string().nullable(),
  isActive: z.boolean(),
  /** Ids of the services this person offers. */
  serviceIds: z.array(z.number().int().positive()),
});
export type StaffMember = z.infer<typeof StaffMemberSchema>;
export const StaffListSchema = z.array(StaffMemberSchema);

export const StaffQuerySchema = z.object({
  serviceId: IdParamSchema('serviceId').optional(),
});

/** 'Jane Smith' → first 'Jane', last 'Smith': split at the first space, the rest is the last. */
export function splitFullName(full: string): { firstName: string; lastName: string } {
  const trimmed = full.trim().replace(/\s+/g, ' ');
  const at = trimmed.indexOf(' ');
  if (at === -1) return { firstName: trimmed, lastName: '' };
  return { firstName: trimmed.slice(0, at), lastName: trimmed.slice(at + 1) };
}
