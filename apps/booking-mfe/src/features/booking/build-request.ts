import {
  type AvailableTime,
  type BookingForm,
  type CreateAppointmentRequest,
  type Service,
  splitFullName,
} from '@slotwise/contracts';

export interface BookingSelection {
  businessId: number;
  service: Pick<Service, 'id' | 'duration'>;
  slot: AvailableTime;
  staffId: number | null;
}

/**
 * POST /api/appointments body: the name split at the first space, the email when one was given
 * (null otherwise: the confirmation then goes by SMS only), and the slot's own `start` instant.
 */
export function buildAppointmentRequest(
  selection: BookingSelection,
  form: BookingForm,
): CreateAppointmentRequest {
  const { firstName, lastName } = splitFullName(form.name);
  const phone = form.phone.trim();
  const notes = form.notes?.trim();
  return {
    businessId: selection.businessId,
    serviceId: selection.service.id,
    ...(selection.staffId !== null ? { staffMemberId: selection.staffId } : {}),
    firstName,
    lastName,
    email: form.email,
    phone,
    date: selection.slot.start,
    duration: selection.service.duration,
    notes: notes ? notes : null,
    // Giving an email is the customer's wish to hear by email.
    notificationPreferences: { email: form.email !== null, sms: true },
  };
}
