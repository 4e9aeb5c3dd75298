import type { AffectedBooking } from '../schedule.js';
import type { CreateStaffRequest, UpdateStaffRequest } from '../owner.js';
import type { RemoveStaffQuery, StaffMember } from '../staff.js';
import { route } from './route.js';

export const staffRoutes = {
  listBySlug: route<StaffMember[], undefined, { serviceId?: number }>()(
    'GET',
    'business/slug/:slug/staff',
  ),
  listById: route<StaffMember[], undefined, { serviceId?: number }>()('GET', 'business/:id/staff'),
  create: route<StaffMember, CreateStaffRequest>()('POST', 'staff'),
  update: route<StaffMember, UpdateStaffRequest>()('PATCH', 'staff/:id'),
  remove: route<void, undefined, RemoveStaffQuery>()('DELETE', 'staff/:id'),
  upcomingAppointments: route<AffectedBooking[]>()('GET', 'staff/:id/upcoming-appointments'),
} as const;
