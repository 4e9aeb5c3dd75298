import type {
  CancelAppointmentRequest,
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
  /** The cancel page's cancel: a POST, so opening the link (mail scanners do) cancels nothing. */
  cancelByPost: route<CancelAppointmentResponse, CancelAppointmentRequest>()(
    'POST',
    'cancel-appointment',
  ),
  /** The booking behind a cancel link, read without cancelling it (the cancel page shows it). */
  cancelDetails: route<RescheduleDetails, undefined, { token: string }>()(
    'GET',
    'cancel-appointment/details',
  ),
  rescheduleDetails: route<RescheduleDetails, undefined, { token: string }>()('GET', 'reschedule'),
  reschedule: route<RescheduleResponse, RescheduleRequest>()('POST', 'reschedule'),
} as const;
