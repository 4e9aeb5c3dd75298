import type {
  CreateAppointmentRequest,
  CreateAppointmentResponse,
  HeldBookingStatus,
} from '../appointment.js';
import type {
  AppointmentCounts,
  AppointmentDays,
  OwnerAppointment,
  OwnerCreateAppointmentRequest,
  UpdateAppointmentRequest,
} from '../owner-appointments.js';
import { route } from './route.js';

/** Query strings the dashboard's appointment list understands (see OwnerAppointmentsQuerySchema). */
export interface OwnerAppointmentsQueryInput {
  from?: string;
  to?: string;
  q?: string;
  status?: string;
  limit?: number;
  offset?: number;
}

/** Query strings of the diary's month grid (see AppointmentDaysQuerySchema). */
export interface AppointmentDaysQueryInput {
  from: string;
  to: string;
  perDay?: number;
  staffId?: number;
  q?: string;
  status?: string;
}

export const appointmentsRoutes = {
  create: route<CreateAppointmentResponse, CreateAppointmentRequest>()('POST', 'appointments'),
  list: route<OwnerAppointment[], undefined, OwnerAppointmentsQueryInput>()(
    'GET',
    'business/:id/appointments',
  ),
  days: route<AppointmentDays, undefined, AppointmentDaysQueryInput>()(
    'GET',
    'business/:id/appointment-days',
  ),
  counts: route<AppointmentCounts>()('GET', 'business/:id/appointment-counts'),
  ownerCreate: route<OwnerAppointment, OwnerCreateAppointmentRequest>()(
    'POST',
    'business/:id/appointments',
  ),
  update: route<OwnerAppointment, UpdateAppointmentRequest>()('PATCH', 'appointments/:id'),
  cancel: route<OwnerAppointment>()('DELETE', 'appointments/:id'),
  /** A held booking's state while it waits for Stripe (public: the client secret authorises it). */
  paymentStatus: route<HeldBookingStatus, undefined, { clientSecret: string }>()(
    'GET',
    'appointments/:id/payment-status',
  ),
} as const;
