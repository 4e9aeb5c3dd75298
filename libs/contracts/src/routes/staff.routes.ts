// Zod-free: the front ends import this table without the schema library (see route-spec.ts).
import type { AffectedBooking } from '../schedule.js';
import type { CreateStaffRequest, UpdateStaffRequest } from '../owner.js';
import type { RemoveStaffQuery, StaffMember } from '../staff.js';
import { route } from './api-route.js';

export const staffRoutes = {
  listBySlug: route<StaffMember[], undefined, { serviceId?: number }>()(
    'GET',
    'business/slug/:slug/staff',
  ),
  /** Public: active staff without contact details; to the owner: everyone, in full. */
  listById: route<StaffMember[], undefined, { serviceId?: number }>()('GET', 'business/:id/staff'),
  create: route<StaffMember, CreateStaffRequest>()('POST', 'staff'),
  update: route<StaffMember, UpdateStaffRequest>()('PATCH', 'staff/:id'),
  /** With upcoming bookings, only with a decision about them (RemoveStaffQuerySchema). */
  remove: route<void, undefined, RemoveStaffQuery>()('DELETE', 'staff/:id'),
  /** The person's bookings still to come (not started, not cancelled), soonest first. */
  upcomingAppointments: route<AffectedBooking[]>()('GET', 'staff/:id/upcoming-appointments'),
} as const;
