import type {
  CreateStaffChangeRequest,
  DeclineStaffChangeRequest,
  StaffChangeRequest,
  StaffChangeRequestQuery,
} from '../staff-requests.js';
import { route } from './route.js';

export const staffRequestsRoutes = {
  list: route<StaffChangeRequest[], undefined, StaffChangeRequestQuery>()(
    'GET',
    'business/:id/staff-requests',
  ),
  create: route<StaffChangeRequest, CreateStaffChangeRequest>()(
    'POST',
    'business/:id/staff-requests',
  ),
  withdraw: route<void>()('DELETE', 'business/:id/staff-requests/:requestId'),
  approve: route<StaffChangeRequest>()('POST', 'business/:id/staff-requests/:requestId/approve'),
  decline: route<StaffChangeRequest, DeclineStaffChangeRequest>()(
    'POST',
    'business/:id/staff-requests/:requestId/decline',
  ),
} as const;
