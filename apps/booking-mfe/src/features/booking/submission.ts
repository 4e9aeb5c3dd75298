import { type CreateAppointmentRequest } from '@slotwise/contracts';

/** What step 3 hands to the page: the request plus what the customer typed (for the summary). */
export interface BookingSubmission {
  request: CreateAppointmentRequest;
  name: string;
  phone: string;
  serviceName: string;
}
