// Zod-free: the front ends import this table without the schema library (see route-spec.ts).
import type {
  CancelAppointmentResponse,
  RescheduleDetails,
  RescheduleRequest,
  RescheduleResponse,
} from '../self-service.js';
import { route } from './api-route.js';

export const selfServiceRoutes = {
  cancel: route<CancelAppointmentResponse, undefined, { token: string }>()(
    'GET',
    'cancel-appointment',
  ),
  rescheduleDetails: route<RescheduleDetails, undefined, { token: string }>()('GET', 'reschedule'),
  reschedule: route<RescheduleResponse, RescheduleRequest>()('POST', 'reschedule'),
} as const;
