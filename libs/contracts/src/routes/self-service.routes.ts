import type {
  CancelAppointmentResponse,
  RescheduleDetails,
  RescheduleRequest,
  RescheduleResponse,
} from '../self-service.js';
import { route } from './route.js';

export const selfServiceRoutes = {
  cancel: route<CancelAppointmentResponse, undefined, { token: string }>()(
    'GET',
    'cancel-appointment',
  ),
  rescheduleDetails: route<RescheduleDetails, undefined, { token: string }>()('GET', 'reschedule'),
  reschedule: route<RescheduleResponse, RescheduleRequest>()('POST', 'reschedule'),
} as const;
