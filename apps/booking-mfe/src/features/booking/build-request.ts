import {
  type AvailableTime,
  type BookingForm,
  type CreateAppointmentRequest,
  type Service,
  placeholderEmailForPhone,
  splitFullName,
} from '@slotwise/contracts';

export interface BookingSelection {
  businessId: number;
  service: Pick<Service, 'id' | 'duration'>;
  slot: AvailableTime;
  staffId: number | null;
}

/**
 * POST /api/appointments body: the name split at the first space, a placeholder e-mail built from
 * the phone (SMS is the channel), and the slot's own `start` instant.
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
    email: placeholderEmailForPhone(phone),
    phone,
    date: selection.slot.start,
    duration: selection.service.duration,
    notes: notes ? notes : null,
    notificationPreferences: { email: false, sms: true },
  };
}
