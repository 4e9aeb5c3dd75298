import { describe, expect, it } from 'vitest';
import { ApiError } from '@slotwise/api-client';
import { ErrorCode, type OwnerAppointment } from '@slotwise/contracts';
import {
  type NewAppointmentValues,
  diaryErrors,
  diaryRefusal,
  draggedMinutes,
  isSamePlace,
  minutesInRow,
  moveBody,
  moveQuestion,
  newAppointmentRequest,
  newClientFrom,
  nextQuarter,
  slotInstant,
  smsOutcome,
  stepMinutes,
  withOwnSlot,
} from './diary';

const TZ = 'Australia/Sydney';

const jack = {
  id: 1,
  date: '2027-01-04T23:00:00.000Z',
  staffMemberId: 3,
  staff: { id: 3, name: 'Mia Rossi', position: null },
  customer: { firstName: 'Jack', lastName: 'Smith' },
} as OwnerAppointment;

describe('moving on the 15-minute grid', () => {
  it('steps to the next or previous quarter hour, within the day', () => {
    expect(stepMinutes(600, 1)).toBe(615);
    expect(stepMinutes(605, 1)).toBe(615);
    expect(stepMinutes(605, -1)).toBe(600);
    expect(stepMinutes(600, -1)).toBe(585);
    expect(stepMinutes(0, -1)).toBe(0);
    expect(stepMinutes(1425, 1)).toBe(1425);
  });

  it('moves a dragged start by how far the pointer went, snapped', () => {
    // Taken hold of at 10:20 in the 10 AM row, let go at 11:38 in the 11 AM row: 78 minutes later.
    expect(draggedMinutes(600, minutesInRow(10, 1 / 3), minutesInRow(11, 0.63))).toBe(675);
    expect(draggedMinutes(605, 605, 605 + 7)).toBe(615);
    expect(draggedMinutes(60, 600, 0)).toBe(0);
    expect(minutesInRow(9, 1.5)).toBeCloseTo(599.94, 1);
  });

  it('turns a business-local time into the instant, daylight saving included', () => {
    expect(slotInstant('2027-01-05', 630, TZ)).toBe('2027-01-04T23:30:00.000Z');
    expect(slotInstant('2027-07-05', 630, TZ)).toBe('2027-07-05T00:30:00.000Z');
    // Minutes past midnight are the next day.
    expect(slotInstant('2027-01-05', 24 * 60 + 30, TZ)).toBe('2027-01-05T13:30:00.000Z');
  });
});

describe('the move question and request', () => {
  it('names the client, the new time and who it is with', () => {
    const at = '2027-01-04T23:30:00.000Z';
    expect(moveQuestion(jack, { date: at, staff: { kind: 'keep' } }, TZ)).toBe(
      'Move Jack Smith to Tue 5 Jan, 10:30 AM with Mia Rossi?',
    );
    expect(
      moveQuestion(jack, { date: at, staff: { kind: 'member', id: 8, name: 'Leo Park' } }, TZ),
    ).toBe('Move Jack Smith to Tue 5 Jan, 10:30 AM with Leo Park?');
    expect(moveQuestion(jack, { date: at, staff: { kind: 'none' } }, TZ)).toBe(
      'Move Jack Smith to Tue 5 Jan, 10:30 AM with no staff member?',
    );
    expect(moveQuestion({ ...jack, staff: null }, { date: at, staff: { kind: 'keep' } }, TZ)).toBe(
      'Move Jack Smith to Tue 5 Jan, 10:30 AM?',
    );
  });

  it('sends the staff member only when it changes', () => {
    const date = '2027-01-04T23:30:00.000Z';
    expect(moveBody({ date, staff: { kind: 'keep' } }, true, false)).toEqual({
      date,
      notifyCustomer: true,
      outsideHours: false,
    });
    expect(moveBody({ date, staff: { kind: 'none' } }, false, true)).toEqual({
      date,
      staffMemberId: null,
      notifyCustomer: false,
      outsideHours: true,
    });
    expect(moveBody({ date, staff: { kind: 'member', id: 8, name: 'Leo' } }, true, false)).toEqual({
      date,
      staffMemberId: 8,
      notifyCustomer: true,
      outsideHours: false,
    });
    expect(isSamePlace(jack, { date: jack.date, staff: { kind: 'keep' } })).toBe(true);
    expect(isSamePlace(jack, { date: jack.date, staff: { kind: 'none' } })).toBe(false);
  });
});

describe("what the owner is told about the client's SMS", () => {
  const start = '2027-01-05T00:00:00.000Z';
  const now = Date.parse('2027-01-01T00:00:00Z');
  it('never says sent: queued, not set up, not asked for, or no change', () => {
    expect(smsOutcome({ notify: true, start, sms: true, now })).toBe(
      'Client SMS: Queued — waiting for the SMS provider',
    );
    expect(smsOutcome({ notify: true, start, sms: undefined, now })).toBe(
      'Client SMS: Queued — waiting for the SMS provider',
    );
    expect(smsOutcome({ notify: true, start, sms: false, now })).toBe(
      'Client SMS: Not sent: SMS is not set up on this server',
    );
    expect(smsOutcome({ notify: false, start, sms: true, now })).toBe(
      'The client was not sent an SMS.',
    );
    expect(smsOutcome({ notify: true, start, timeChanged: false, sms: true, now })).toBe(
      'No SMS: the time did not change.',
    );
    expect(smsOutcome({ notify: true, start: '2026-12-31T00:00:00Z', sms: true, now })).toBe(
      'No SMS: the appointment has already started.',
    );
  });
});

describe('the New appointment request', () => {
  const values: NewAppointmentValues = {
    serviceId: '5',
    staffId: '',
    day: '2027-01-05',
    time: '10:35',
    client: 'new',
    customerId: null,
    firstName: ' Jack ',
    lastName: 'Smith',
    phone: '0412 345 678',
    email: '',
    notes: '',
    notify: true,
  };

  it('builds the body the API takes', () => {
    expect(newAppointmentRequest(values, TZ)).toEqual({
      body: {
        serviceId: 5,
        date: '2027-01-04T23:35:00.000Z',
        customer: { firstName: ' Jack ', lastName: 'Smith', phone: '0412 345 678', email: '' },
        notes: '',
        notifyCustomer: true,
        outsideHours: false,
      },
      errors: null,
    });
    expect(
      newAppointmentRequest({ ...values, client: 'existing', customerId: 21, staffId: '3' }, TZ)
        .body,
    ).toMatchObject({ customerId: 21, staffMemberId: 3 });
  });

  it('books a walk-in by name alone, without a number', () => {
    const walkIn = newAppointmentRequest({ ...values, phone: '  ' }, TZ);
    expect(walkIn.errors).toBeNull();
    expect(walkIn.body?.customer?.phone).toBe('  ');
  });

  it("says what is missing in the API's words", () => {
    expect(
      newAppointmentRequest(
        { ...values, serviceId: '', time: '25:00', firstName: ' ', phone: 'abc', email: 'x@' },
        TZ,
      ).errors,
    ).toEqual({
      serviceId: 'Choose a service',
      time: 'Enter a time',
      firstName: 'First name is required',
      phone: 'Please enter a valid phone number',
      email: 'Please enter a valid email address',
    });
    expect(newAppointmentRequest({ ...values, client: 'existing' }, TZ).errors).toEqual({
      client: 'Choose a client or enter a new one',
    });
  });

  it('puts the server’s refusals beside their fields', () => {
    const refusal = (
      code: ErrorCode | null,
      message: string,
      issues = [] as { path: string; message: string }[],
    ) => new ApiError({ message, status: 400, code, serverMessage: message, issues });
    expect(diaryErrors(refusal(ErrorCode.SLOT_TAKEN, 'This time slot is already booked'))).toEqual({
      time: 'This time slot is already booked',
    });
    expect(
      diaryErrors(
        refusal(ErrorCode.VALIDATION_FAILED, 'Please enter a valid phone number', [
          { path: 'customer.phone', message: 'Please enter a valid phone number' },
        ]),
      ),
    ).toEqual({ phone: 'Please enter a valid phone number' });
    expect(diaryErrors(refusal(ErrorCode.STAFF_NOT_FOUND, 'Staff member not found'))).toEqual({
      staffId: 'Staff member not found',
    });
    expect(diaryErrors(refusal(ErrorCode.NOT_FOUND, 'Client not found'))).toEqual({
      client: 'Client not found',
    });
    expect(
      diaryErrors(refusal(ErrorCode.VALIDATION_FAILED, 'Choose a date within two years of today')),
    ).toEqual({ form: 'Choose a date within two years of today' });
    expect(diaryErrors(refusal(ErrorCode.INTERNAL, 'Internal server error'))).toEqual({
      form: 'Something went wrong. Check your connection and try again.',
    });
    expect(diaryErrors(new Error('offline'))).toEqual({
      form: 'Something went wrong. Check your connection and try again.',
    });
  });

  it('starts a new client from what the search was given', () => {
    expect(newClientFrom('Jack Van Smith')).toEqual({
      firstName: 'Jack',
      lastName: 'Van Smith',
      phone: '',
    });
    expect(newClientFrom(' 0412 345 678 ')).toEqual({
      firstName: '',
      lastName: '',
      phone: '0412 345 678',
    });
  });

  it('starts from the next quarter hour today, in the business’s zone', () => {
    // 10:07 AM on 5 January in Sydney.
    expect(nextQuarter(TZ, new Date('2027-01-04T23:07:00Z'))).toEqual({
      day: '2027-01-05',
      minutes: 10 * 60 + 15,
      staffId: null,
    });
    // 11:58 PM: the last quarter of the day.
    expect(nextQuarter(TZ, new Date('2027-01-05T12:58:00Z')).minutes).toBe(23 * 60 + 45);
  });
});

describe('a refused booking or move', () => {
  const refused = (code: ErrorCode, reasons: string[]) =>
    new ApiError({
      message: 'refused',
      status: 409,
      code,
      serverMessage: 'refused',
      issues: reasons.map((r) => ({ path: `reasons.${r}`, message: r })),
    });

  it('lists every reason and offers "anyway" for hours reasons only', () => {
    expect(
      diaryRefusal(refused(ErrorCode.OUTSIDE_HOURS, ['outside_hours', 'not_on_shift'])),
    ).toEqual({ reasons: ['outside_hours', 'not_on_shift'], confirmable: true });
    // An older answer naming no reason is the opening hours.
    expect(diaryRefusal(refused(ErrorCode.OUTSIDE_HOURS, []))).toEqual({
      reasons: ['outside_hours'],
      confirmable: true,
    });
    expect(
      diaryRefusal(refused(ErrorCode.BOOKING_REFUSED, ['on_leave', 'service_not_offered'])),
    ).toEqual({ reasons: ['on_leave', 'service_not_offered'], confirmable: false });
    expect(diaryRefusal(refused(ErrorCode.BOOKING_REFUSED, ['outside_hours', 'closed']))).toEqual({
      reasons: ['outside_hours', 'closed'],
      confirmable: false,
    });
    expect(diaryRefusal(refused(ErrorCode.SLOT_TAKEN, ['not_on_shift', 'overlaps']))).toEqual({
      reasons: ['not_on_shift', 'overlaps'],
      confirmable: false,
    });
    // A booking made meanwhile names no reason: its message goes beside the time.
    expect(diaryRefusal(refused(ErrorCode.SLOT_TAKEN, []))).toBeNull();
    expect(diaryRefusal(new Error('offline'))).toBeNull();
  });
});

describe("the Move dialog's free times", () => {
  const nine = { time: '9:00 AM', start: '2027-01-04T22:00:00.000Z', timeZoneName: 'AEDT' };
  const eleven = { time: '11:00 AM', start: '2027-01-05T00:00:00.000Z', timeZoneName: 'AEDT' };

  it("offer the booking's own slot on its day and person, once", () => {
    // Jack's booking: 10:00 AM on 5 January with staff member 3.
    expect(withOwnSlot([nine, eleven], jack, '2027-01-05', 3, TZ).map((t) => t.time)).toEqual([
      '9:00 AM',
      '10:00 AM',
      '11:00 AM',
    ]);
    expect(withOwnSlot([nine, eleven], jack, '2027-01-05', 3, TZ)[1]).toEqual({
      time: '10:00 AM',
      start: jack.date,
      timeZoneName: 'AEDT',
    });
    const own = { time: '10:00 AM', start: jack.date, timeZoneName: 'AEDT' };
    expect(withOwnSlot([own], jack, '2027-01-05', 3, TZ)).toEqual([own]);
    // Another day or another person: only the free times.
    expect(withOwnSlot([nine], jack, '2027-01-06', 3, TZ)).toEqual([nine]);
    expect(withOwnSlot([nine], jack, '2027-01-05', 4, TZ)).toEqual([nine]);
  });
});
