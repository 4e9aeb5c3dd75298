import { describe, expect, it } from 'vitest';
import { ApiError, errorFromResponse } from '@slotwise/api-client';
import { type CreateAppointmentResponse, addDays, dateToDay, dayToDate } from '@slotwise/contracts';
import { bookingErrorMessage, refusedTime } from './booking-errors';
import { buildAppointmentRequest } from './build-request';
import { confirmationView } from './confirmation';

const SYD = 'Australia/Sydney';

/** The error the API client makes of an answer in the API's error shape. */
function apiError(status: number, statusText: string, message: string, code?: string) {
  return errorFromResponse(
    status,
    statusText,
    JSON.stringify({ statusCode: status, error: statusText, message, ...(code ? { code } : {}) }),
  );
}

describe('booking error messages', () => {
  it('treats SLOT_TAKEN as a taken slot, with the slot-taken default when it has no message', () => {
    const taken = apiError(409, 'Conflict', 'Taken, sorry', 'SLOT_TAKEN');
    expect(refusedTime(taken)).toBe('taken');
    expect(bookingErrorMessage(taken)).toBe('Taken, sorry');
    expect(bookingErrorMessage(apiError(409, 'Conflict', '', 'SLOT_TAKEN'))).toBe(
      'This time slot is already booked',
    );
  });

  it('decides on the code, not the status: another 409 is not a taken slot', () => {
    const cancelled = apiError(
      409,
      'Conflict',
      'This appointment has already been cancelled.',
      'ALREADY_CANCELLED',
    );
    expect(refusedTime(cancelled)).toBeNull();
    expect(bookingErrorMessage(cancelled)).toBe('This appointment has already been cancelled.');
    // A 409 from something that is not the API (no error code, no message) is not one either.
    const bare = errorFromResponse(409, 'Conflict', '');
    expect(refusedTime(bare)).toBeNull();
    expect(bookingErrorMessage(bare)).toBe('Error 409: Conflict');
  });

  it('tells a time no longer offered from a taken one', () => {
    const unavailable = apiError(
      400,
      'Bad Request',
      'This time is not available. Please choose another time.',
      'SLOT_UNAVAILABLE',
    );
    expect(refusedTime(unavailable)).toBe('unavailable');
    expect(bookingErrorMessage(unavailable)).toBe(
      'This time is not available. Please choose another time.',
    );
    expect(refusedTime(apiError(400, 'Bad Request', 'Name is required', 'VALIDATION_FAILED'))).toBe(
      null,
    );
  });

  it("says 'Error {status}: {status text}' for replies without a message", () => {
    expect(bookingErrorMessage(errorFromResponse(502, 'Bad Gateway', ''))).toBe(
      'Error 502: Bad Gateway',
    );
  });

  it('falls back to the generic advice when the request never got an answer', () => {
    expect(bookingErrorMessage(new ApiError({ message: 'Network Error', status: 0 }))).toBe(
      'Please try again or contact support.',
    );
    expect(bookingErrorMessage(new DOMException('The request was aborted', 'AbortError'))).toBe(
      'Please try again or contact support.',
    );
    expect(refusedTime(new TypeError('Failed to fetch'))).toBeNull();
  });
});

describe('appointment request', () => {
  it('splits the name, sends no email when none was given and sends the slot instant', () => {
    const request = buildAppointmentRequest(
      {
        businessId: 1,
        service: { id: 3, duration: 45 },
        slot: { time: '9:30 AM', start: '2027-03-04T22:30:00.000Z', timeZoneName: 'AEDT' },
        staffId: 5,
      },
      { name: '  Mary Jane Watson ', phone: ' +61 400 123 456 ', email: null, notes: '  ' },
    );
    expect(request).toMatchObject({
      businessId: 1,
      serviceId: 3,
      staffMemberId: 5,
      firstName: 'Mary',
      lastName: 'Jane Watson',
      phone: '+61 400 123 456',
      date: '2027-03-04T22:30:00.000Z',
      duration: 45,
      notes: null,
      email: null,
      notificationPreferences: { email: false, sms: true },
    });
  });

  it('sends the given email, which asks for the confirmation by email too', () => {
    const request = buildAppointmentRequest(
      {
        businessId: 1,
        service: { id: 3, duration: 45 },
        slot: { time: '9:30 AM', start: '2027-03-04T22:30:00.000Z', timeZoneName: 'AEDT' },
        staffId: null,
      },
      { name: 'Mary Watson', phone: '0400 123 456', email: 'mary@example.com', notes: '' },
    );
    expect(request).toMatchObject({
      email: 'mary@example.com',
      notificationPreferences: { email: true, sms: true },
    });
  });

  it("leaves the staff member out for 'Any available'", () => {
    const request = buildAppointmentRequest(
      {
        businessId: 1,
        service: { id: 3, duration: 30 },
        slot: { time: '9:30 AM', start: '2027-03-04T22:30:00.000Z', timeZoneName: 'AEDT' },
        staffId: null,
      },
      { name: 'Cher', phone: '0400000111', email: null, notes: 'First visit' },
    );
    expect(request).not.toHaveProperty('staffMemberId');
    expect(request.lastName).toBe('');
    expect(request.notes).toBe('First visit');
  });
});

describe('confirmation', () => {
  const response: CreateAppointmentResponse = {
    appointment: {
      id: 42,
      date: '2027-01-14T22:00:00.000Z',
      end: '2027-01-14T22:45:00.000Z',
      status: 'confirmed',
      staffMemberId: 5,
      notes: null,
    },
    customer: { firstName: 'Alex', lastName: 'Citizen', email: null, phone: '+61 400 123 456' },
    service: { id: 3, name: "Women's Cut", duration: 45, price: 8500 },
    staff: { id: 5, name: 'Priya Shah', position: 'Senior Stylist' },
  };

  it('shows every detail in the business zone with the AEDT/AEST abbreviation', () => {
    const view = confirmationView({ response, name: 'Alex Citizen', phone: 'x' }, SYD);
    expect(view.kind).toBe('complete');
    if (view.kind !== 'complete') return;
    expect(view.firstName).toBe('Alex');
    expect(view.reference).toBe('#42');
    expect(view.phone).toBe('+61 400 123 456');
    expect(Object.fromEntries(view.rows.map((r) => [r.label, r.value]))).toEqual({
      Service: "Women's Cut",
      Staff: 'Priya Shah (Senior Stylist)',
      Date: '15 Jan 2027',
      Time: '9:00 AM AEDT',
      Duration: '45 minutes',
      Price: '$85.00',
    });
  });

  it('omits Staff when nobody was assigned', () => {
    const view = confirmationView(
      { response: { ...response, staff: null }, name: '', phone: '' },
      SYD,
    );
    expect(view.rows.some((r) => r.label === 'Staff')).toBe(false);
  });

  it('fills the partial confirmation from what the customer chose', () => {
    const view = confirmationView(
      {
        response: { appointment: { id: 9 } } as unknown as CreateAppointmentResponse,
        name: 'Alex Citizen',
        phone: '0400 000 111',
        serviceName: "Men's Cut",
        start: '2027-07-14T23:30:00.000Z',
      },
      SYD,
    );
    expect(view.kind).toBe('partial');
    expect(view.rows.slice(3)).toEqual([
      { label: 'Service', value: "Men's Cut" },
      { label: 'Date', value: '15 July 2027' }, // en-AU abbreviates July as 'July'
      { label: 'Time', value: '9:30 AM AEST' },
    ]);
  });

  it('falls back to a partial confirmation with whatever is known', () => {
    const partial = {
      appointment: { id: 42 },
      customer: null,
      service: { name: "Women's Cut" },
    } as unknown as CreateAppointmentResponse;
    const view = confirmationView(
      { response: partial, name: 'Alex Citizen', phone: '0400 000 111' },
      SYD,
    );
    expect(view).toEqual({
      kind: 'partial',
      rows: [
        { label: 'Booking #', value: '42' },
        { label: 'Name', value: 'Alex Citizen' },
        { label: 'Phone', value: '0400 000 111' },
        { label: 'Service', value: "Women's Cut" },
      ],
    });
  });
});

describe("the picker's calendar days", () => {
  it('round-trips between picker dates and day strings', () => {
    expect(dateToDay(dayToDate('2027-03-05'))).toBe('2027-03-05');
    expect(addDays('2027-02-27', 2)).toBe('2027-03-01');
    expect(addDays('2028-12-31', 1)).toBe('2029-01-01');
  });
});
