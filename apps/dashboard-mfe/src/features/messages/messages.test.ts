import { describe, expect, it } from 'vitest';
import { ApiError } from '@slotwise/api-client';
import { ErrorCode, MessageTexts, type OwnerAppointment } from '@slotwise/contracts';
import {
  hasEmail,
  hasPhone,
  isUnsettled,
  keepFollowing,
  reminderBlockedReason,
  reminderEmail,
  reminderSms,
  sendFailureDetail,
  sendFailureMessage,
} from './messages';

const withCustomer = (customer: Partial<OwnerAppointment['customer']>) =>
  ({
    id: 12,
    customer: {
      firstName: 'Zara',
      lastName: 'Quinn',
      email: null,
      phone: null,
      notificationPreferences: { email: false, sms: true },
      ...customer,
    },
  }) as OwnerAppointment;

const apiError = (status: number, code: ErrorCode | null, serverMessage: string | null) =>
  new ApiError({ message: serverMessage ?? `${status}`, status, code, serverMessage });

describe('reminders from the dashboard', () => {
  it('sends the reminder email to the customer for this appointment', () => {
    const a = withCustomer({ email: ' zara@example.com ' });
    expect(hasEmail(a)).toBe(true);
    expect(reminderEmail(a)).toEqual({
      body: { email: 'zara@example.com', type: 'reminder', appointmentId: 12 },
      error: null,
    });
  });

  it("refuses without an email: 'Customer has no email address'", () => {
    for (const email of [null, '', '  ']) {
      const a = withCustomer({ email });
      expect(hasEmail(a)).toBe(false);
      expect(reminderEmail(a)).toEqual({ body: null, error: 'Customer has no email address' });
    }
  });

  it("sends the reminder SMS, or says why not in the list's or the dialog's words", () => {
    const a = withCustomer({ phone: '0400 555 777' });
    expect(hasPhone(a)).toBe(true);
    expect(reminderSms(a, 'dialog').body).toEqual({
      phoneNumber: '0400 555 777',
      type: 'reminder',
      appointmentId: 12,
    });
    const none = withCustomer({ phone: null });
    expect(hasPhone(none)).toBe(false);
    expect(reminderSms(none, 'list').error).toBe('No phone number available for this customer');
    expect(reminderSms(none, 'dialog').error).toBe('Customer has no phone number');
  });

  it("explains a refusal with the server's text, not a server fault", () => {
    const cap = 'Too many text messages to this number in the last hour. Please try again later.';
    expect(sendFailureDetail(apiError(429, ErrorCode.RATE_LIMITED, cap))).toBe(cap);
    expect(
      sendFailureDetail(
        apiError(409, ErrorCode.ALREADY_CANCELLED, MessageTexts.reminderOfCancelled),
      ),
    ).toBe(MessageTexts.reminderOfCancelled);
    expect(
      sendFailureDetail(apiError(500, ErrorCode.INTERNAL, 'Internal server error')),
    ).toBeUndefined();
    expect(
      sendFailureDetail(apiError(502, ErrorCode.PAYMENT_PROVIDER_ERROR, 'Stripe is down')),
    ).toBeUndefined();
    expect(sendFailureDetail(apiError(401, ErrorCode.UNAUTHORIZED, null))).toBeUndefined();
    // An answer without the API's error code (a proxy's page) says nothing useful either.
    expect(sendFailureDetail(apiError(400, null, 'Bad gateway upstream'))).toBeUndefined();
    expect(sendFailureDetail(new TypeError('Failed to fetch'))).toBeUndefined();
    expect(
      sendFailureMessage(
        apiError(400, ErrorCode.VALIDATION_FAILED, 'Please enter a valid phone number'),
      ),
    ).toBe('Please enter a valid phone number');
    expect(sendFailureMessage(new TypeError('Failed to fetch'))).toBe(
      'Something went wrong. Please try again.',
    );
  });

  it('follows a message until it settles, an SMS also until its delivery report', () => {
    for (const status of ['pending', 'queued', 'sending'] as const) {
      expect(isUnsettled(status)).toBe(true);
      expect(keepFollowing('email', status)).toBe(true);
    }
    for (const status of ['sent', 'delivered', 'failed', 'not_configured', 'cancelled'] as const) {
      expect(isUnsettled(status)).toBe(false);
    }
    expect(keepFollowing('email', 'sent')).toBe(false);
    expect(keepFollowing('sms', 'sent')).toBe(true);
    expect(keepFollowing('sms', 'delivered')).toBe(false);
    expect(keepFollowing('sms', 'not_configured')).toBe(false);
  });
});

describe('when a reminder makes no sense', () => {
  const now = Date.parse('2027-01-04T00:00:00Z');
  const at = (date: string, status: string) =>
    ({ ...withCustomer({ phone: '0412 345 678' }), date, status }) as OwnerAppointment;

  it('allows a reminder of a future pending or confirmed appointment', () => {
    expect(reminderBlockedReason(at('2027-01-05T00:00:00Z', 'pending'), now)).toBeNull();
    expect(reminderBlockedReason(at('2027-01-05T00:00:00Z', 'Confirmed'), now)).toBeNull();
  });

  it('refuses cancelled, completed and already started appointments, as the API does', () => {
    expect(reminderBlockedReason(at('2027-01-05T00:00:00Z', 'cancelled'), now)).toBe(
      MessageTexts.reminderOfCancelled,
    );
    expect(reminderBlockedReason(at('2027-01-05T00:00:00Z', 'completed'), now)).toBe(
      MessageTexts.reminderOfPast,
    );
    expect(reminderBlockedReason(at('2027-01-04T00:00:00Z', 'confirmed'), now)).toBe(
      MessageTexts.reminderOfPast,
    );
  });
});
