// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiClientProvider } from '@slotwise/api-client';
import { ErrorCode, MessageTexts, type OwnerAppointment } from '@slotwise/contracts';
import { QUERY_DEFAULTS } from '@slotwise/ui';
import { type Handler, errorReply, fakeApi } from '../../../testing/fake-api';
import { toasts } from '../../../testing/screen';
import { appointmentKeys, useFreshAppointment } from '../api';
import {
  AppointmentDetailsDialog,
  CANCEL_QUESTION,
  NOT_STARTED_HINT,
} from './AppointmentDetailsDialog';

const BUSINESS_ID = 4;
const TZ = 'Australia/Sydney';

/** 9:00 AM on Tuesday 5 January 2027 in Sydney (AEDT), 45 minutes; "now" is four days before. */
const appointment: OwnerAppointment = {
  id: 7,
  date: '2027-01-04T22:00:00.000Z',
  end: '2027-01-04T22:45:00.000Z',
  status: 'pending',
  notes: null,
  staffMemberId: 3,
  staff: { id: 3, name: 'Mia Chen', position: 'Therapist' },
  service: {
    id: 5,
    name: 'Deep Tissue Massage',
    duration: 45,
    price: 9500,
    description: 'Firm pressure for sore muscles',
  },
  customer: {
    firstName: 'Zara',
    lastName: 'Quinn',
    email: 'zara@example.com',
    phone: '0400 555 777',
    notificationPreferences: { email: false, sms: true },
  },
  history: [],
};

/** A send's answer: written, waiting for the provider (followed until it is sent). */
const queued = (messageId: number, channel: 'email' | 'sms') => ({
  body: {
    ok: true,
    messageId,
    channel,
    status: 'pending',
    error: null,
    message: `Queued — waiting for the ${channel === 'sms' ? 'SMS' : 'email'} provider`,
  },
});
const sentNow = (id: number, channel: 'email' | 'sms') => ({
  body: { id, channel, status: 'sent', error: null, message: 'Sent' },
});

/** The dialog as the dashboard shows it: the freshest cached copy of the opened appointment. */
function Opened({ initial, onClose }: { initial: OwnerAppointment; onClose: () => void }) {
  const current = useFreshAppointment(BUSINESS_ID, initial);
  return (
    <AppointmentDetailsDialog
      appointment={current}
      businessId={BUSINESS_ID}
      timeZone={TZ}
      onClose={onClose}
    />
  );
}

function renderDialog(initial: OwnerAppointment, routes: Record<string, Handler> = {}) {
  const api = fakeApi(routes);
  const queryClient = new QueryClient({ defaultOptions: QUERY_DEFAULTS });
  // The list the owner opened it from (Recent Appointments).
  queryClient.setQueryData(appointmentKeys.list(BUSINESS_ID, { q: '', statuses: [] }, 5), [
    initial,
  ]);
  const onClose = vi.fn();
  render(
    <QueryClientProvider client={queryClient}>
      <ApiClientProvider client={api.client}>
        <Opened initial={initial} onClose={onClose} />
      </ApiClientProvider>
    </QueryClientProvider>,
  );
  return { api, onClose, dialog: screen.getByRole('dialog') };
}

const button = (dialog: HTMLElement, name: string) =>
  within(dialog).getByRole('button', { name }) as HTMLButtonElement;

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2027-01-01T00:00:00Z'));
});
afterEach(() => vi.useRealTimers());

describe('the Appointment Details dialog', () => {
  it("lists who changed the appointment and when, in the business's zone", () => {
    const { dialog } = renderDialog({
      ...appointment,
      history: [
        {
          id: 1,
          kind: 'created',
          actor: { kind: 'customer', userId: null, name: 'Jo Citizen' },
          at: '2027-01-04T22:05:00.000Z',
          details: {},
        },
        {
          id: 2,
          kind: 'moved',
          actor: { kind: 'user', userId: 'u1', name: 'Mia' },
          at: '2027-01-05T04:12:00.000Z',
          details: {},
        },
      ],
    });
    const items = within(within(dialog).getByRole('list', { name: 'Appointment history' }))
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(items).toEqual([
      'Booked by Jo Citizen (customer), Tue 5 Jan, 9:05 AM',
      'Moved by Mia, Tue 5 Jan, 3:12 PM',
    ]);
  });

  it('says when no change is recorded (appointments from before the history)', () => {
    const { dialog } = renderDialog(appointment);
    expect(within(dialog).getByText('No changes recorded')).toBeTruthy();
  });

  it("shows the appointment in the business's zone", () => {
    const { dialog } = renderDialog(appointment);
    expect(within(dialog).getByText('View and manage appointment information')).toBeTruthy();
    expect(within(dialog).getByText('Pending').getAttribute('data-status')).toBe('pending');
    const text = dialog.textContent ?? '';
    for (const shown of [
      'Deep Tissue Massage',
      '45 min · $95.00',
      'Firm pressure for sore muscles',
      'Tue, 5 Jan 2027',
      '9:00 AM – 9:45 AM AEDT',
      'With Mia Chen (Therapist)',
      'Zara Quinn',
      'zara@example.com',
      '0400 555 777',
      'Email: Disabled',
      'SMS: Enabled',
      'No notes',
    ]) {
      expect(text).toContain(shown);
    }
  });

  it('shows a walk-in booked by name only as No phone, with no empty call link', () => {
    for (const phone of ['', null]) {
      const { dialog } = renderDialog({
        ...appointment,
        customer: { ...appointment.customer, email: null, phone },
      });
      expect(within(dialog).getByText('No phone')).toBeTruthy();
      expect(dialog.querySelector('a[href^="tel:"]')).toBeNull();
      cleanup();
    }
  });

  it('confirms, then completes, showing each new status and disabling its button', async () => {
    // Ten minutes into the appointment: it may be marked completed.
    vi.setSystemTime(new Date('2027-01-04T22:10:00Z'));
    const { api, dialog } = renderDialog(appointment, {
      'PATCH /api/appointments/7': (request) => ({
        body: { ...appointment, ...(request.body as object) },
      }),
    });
    expect(button(dialog, 'Confirm').disabled).toBe(false);

    fireEvent.click(button(dialog, 'Confirm'));
    await waitFor(() => expect(within(dialog).getByText('Confirmed')).toBeTruthy());
    expect(api.calls('PATCH', '/api/appointments/7').map((r) => r.body)).toEqual([
      { status: 'confirmed' },
    ]);
    expect(api.seen[0]!.authorization).toBe('Bearer token');
    expect(toasts()).toEqual(['Appointment Updated: Status changed to confirmed']);
    expect(button(dialog, 'Confirm').disabled).toBe(true);

    // The status buttons are disabled until the change has settled, as an owner would see.
    await waitFor(() => expect(button(dialog, 'Complete').disabled).toBe(false));
    fireEvent.click(button(dialog, 'Complete'));
    await waitFor(() => expect(within(dialog).getByText('Completed')).toBeTruthy());
    expect(toasts()).toContain('Appointment Updated: Status changed to completed');
    expect(button(dialog, 'Complete').disabled).toBe(true);
  });

  it('says when a status change fails, and leaves the status as it was', async () => {
    const { dialog } = renderDialog(appointment, {
      'PATCH /api/appointments/7': errorReply(500, 'Internal server error', ErrorCode.INTERNAL),
    });
    fireEvent.click(button(dialog, 'Confirm'));
    await waitFor(() => expect(toasts()).toEqual(['Error: Failed to update appointment status']));
    expect(within(dialog).getByText('Pending')).toBeTruthy();
    expect(button(dialog, 'Confirm').disabled).toBe(false);
  });

  it("shows the server's reason when a status change is refused", async () => {
    const taken = 'This time slot is already booked';
    const { api, dialog } = renderDialog(
      { ...appointment, status: 'cancelled' },
      { 'PATCH /api/appointments/7': errorReply(409, taken, ErrorCode.SLOT_TAKEN) },
    );
    fireEvent.click(button(dialog, 'Confirm'));
    await waitFor(() => expect(toasts()).toEqual([`Error: ${taken}`]));
    expect(api.calls('PATCH', '/api/appointments/7').map((r) => r.body)).toEqual([
      { status: 'confirmed' },
    ]);
    expect(within(dialog).getByText('Cancelled')).toBeTruthy();
  });

  it('keeps Complete and No-show disabled, saying why, until the appointment starts', async () => {
    const { api, dialog } = renderDialog(appointment);
    for (const name of ['Complete', 'No-show']) {
      const b = button(dialog, name);
      expect(b.disabled).toBe(true);
      expect(b.title).toBe(NOT_STARTED_HINT);
      const hint = document.getElementById(b.getAttribute('aria-describedby') ?? '');
      expect(hint?.textContent).toBe(NOT_STARTED_HINT);
      fireEvent.click(b);
    }
    expect(button(dialog, 'Confirm').disabled).toBe(false);
    await Promise.resolve();
    expect(api.seen).toHaveLength(0);
  });

  it('marks a started appointment as a no-show', async () => {
    vi.setSystemTime(new Date('2027-01-04T22:20:00Z'));
    const { api, dialog } = renderDialog(appointment, {
      'PATCH /api/appointments/7': (request) => ({
        body: { ...appointment, ...(request.body as object) },
      }),
    });
    expect(within(dialog).queryByText(NOT_STARTED_HINT)).toBeNull();
    fireEvent.click(button(dialog, 'No-show'));
    await waitFor(() => expect(within(dialog).getByText('No-show')).toBeTruthy());
    expect(within(dialog).getByText('No-show', { selector: '[data-status]' })).toBeTruthy();
    expect(api.calls('PATCH', '/api/appointments/7').map((r) => r.body)).toEqual([
      { status: 'no_show' },
    ]);
    expect(toasts()).toEqual(['Appointment Updated: Status changed to no-show']);
    await waitFor(() => expect(button(dialog, 'No-show').disabled).toBe(true));
  });

  it('charges the no-show fee once for a double click and says when it failed', async () => {
    vi.setSystemTime(new Date('2027-01-04T22:20:00Z'));
    const fee = {
      id: 9,
      appointmentId: 7,
      customerId: 2,
      kind: 'no_show_fee' as const,
      amount: 3000,
      currency: 'aud' as const,
      state: 'fee_failed' as const,
      stripeStatus: 'requires_action',
      stripeId: 'pi_1',
      failureMessage: 'This card needs authentication.',
      card: { brand: 'visa', last4: '4242', expMonth: 12, expYear: 2030 },
      dispute: null,
      createdAt: '2027-01-04T22:20:00.000Z',
      updatedAt: '2027-01-04T22:20:00.000Z',
      appointment: {
        date: appointment.date,
        serviceName: 'Deep Tissue Massage',
        customerName: 'Zara Quinn',
      },
    };
    const { api, dialog } = renderDialog(appointment, {
      'PATCH /api/appointments/7': (request) => ({
        body: { ...appointment, ...(request.body as object), payments: [fee] },
      }),
      'GET /api/business/4/payments/charges': () => ({ body: { items: [fee], total: 1 } }),
    });
    const noShow = button(dialog, 'No-show');
    fireEvent.click(noShow);
    fireEvent.click(noShow);
    await waitFor(() => expect(toasts()).toHaveLength(1));
    expect(api.calls('PATCH', '/api/appointments/7')).toHaveLength(1);
    expect(toasts()[0]).toBe(
      "Appointment Updated: Status changed to no-show. No-show fee of $30.00 failed: the card needs the client's approval, so a pay link was sent to them.",
    );
    await waitFor(() => expect(within(dialog).getByText('Fee failed')).toBeTruthy());
  });

  it('enables Complete at the start time while the dialog stays open', async () => {
    vi.useRealTimers();
    vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout'] });
    vi.setSystemTime(new Date('2027-01-04T21:59:00Z'));
    const { dialog } = renderDialog(appointment);
    expect(button(dialog, 'Complete').disabled).toBe(true);
    await act(() => vi.advanceTimersByTimeAsync(61_000));
    expect(button(dialog, 'Complete').disabled).toBe(false);
  });

  it("says the server's reason when cancelling is refused", async () => {
    const { dialog } = renderDialog(appointment, {
      'DELETE /api/appointments/7': errorReply(404, 'Appointment not found', ErrorCode.NOT_FOUND),
    });
    fireEvent.click(button(dialog, 'Cancel'));
    const question = await screen.findByRole('dialog', { name: 'Cancel appointment' });
    fireEvent.click(within(question).getByRole('button', { name: 'Cancel Appointment' }));
    await waitFor(() => expect(toasts()).toEqual(['Error: Appointment not found']));
  });

  it('asks before cancelling, cancels and closes', async () => {
    const { api, dialog, onClose } = renderDialog(appointment, {
      'DELETE /api/appointments/7': { body: { ...appointment, status: 'cancelled' } },
    });
    fireEvent.click(button(dialog, 'Cancel'));
    const question = await screen.findByRole('dialog', { name: 'Cancel appointment' });
    expect(within(question).getByText(CANCEL_QUESTION)).toBeTruthy();
    expect(api.seen).toHaveLength(0);

    fireEvent.click(within(question).getByRole('button', { name: 'Cancel Appointment' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api.calls('DELETE', '/api/appointments/7')).toHaveLength(1);
    expect(toasts()).toEqual(['Appointment Cancelled: The appointment has been cancelled']);
  });

  it('says when cancelling fails', async () => {
    const { dialog, onClose } = renderDialog(appointment, {
      'DELETE /api/appointments/7': errorReply(500, 'Internal server error', ErrorCode.INTERNAL),
    });
    fireEvent.click(button(dialog, 'Cancel'));
    const question = await screen.findByRole('dialog', { name: 'Cancel appointment' });
    fireEvent.click(within(question).getByRole('button', { name: 'Cancel Appointment' }));
    await waitFor(() => expect(toasts()).toEqual(['Error: Failed to cancel appointment']));
    expect(onClose).not.toHaveBeenCalled();
  });

  it('sends the reminder email and SMS for this appointment', async () => {
    const { api, dialog } = renderDialog(appointment, {
      'POST /api/test-email': queued(41, 'email'),
      'POST /api/test-sms': queued(42, 'sms'),
      'GET /api/messages/41': sentNow(41, 'email'),
      'GET /api/messages/42': sentNow(42, 'sms'),
    });
    fireEvent.click(button(dialog, 'Send Email'));
    // "Sent" only once the provider has taken it.
    await waitFor(() =>
      expect(toasts()).toEqual([
        'Email Queued: Queued — waiting for the email provider',
        'Email Sent: Reminder email has been sent to the customer',
      ]),
    );
    fireEvent.click(button(dialog, 'Send SMS'));
    await waitFor(() =>
      expect(toasts()).toContain('SMS Sent: Reminder SMS has been sent to the customer'),
    );
    expect(api.calls('POST', '/api/test-email').map((r) => r.body)).toEqual([
      { email: 'zara@example.com', type: 'reminder', appointmentId: 7 },
    ]);
    expect(api.calls('POST', '/api/test-sms').map((r) => r.body)).toEqual([
      { phoneNumber: '0400 555 777', type: 'reminder', appointmentId: 7 },
    ]);
  });

  it("explains a refused reminder with the server's text, a server fault without it", async () => {
    const cap = 'Too many text messages to this number in the last hour. Please try again later.';
    const { dialog } = renderDialog(appointment, {
      'POST /api/test-sms': errorReply(429, cap, ErrorCode.RATE_LIMITED),
      'POST /api/test-email': errorReply(500, 'Internal server error', ErrorCode.INTERNAL),
    });
    fireEvent.click(button(dialog, 'Send SMS'));
    await waitFor(() => expect(toasts()).toEqual([`Failed to send SMS: ${cap}`]));
    fireEvent.click(button(dialog, 'Send Email'));
    await waitFor(() => expect(toasts()).toContain('Failed to send email'));
  });

  it('disables the reminders, saying why, without an address or for a past or cancelled one', async () => {
    /** Each button's reason when it is disabled ('enabled' otherwise), and what a click sent. */
    const reasons = async (a: OwnerAppointment) => {
      const { api, dialog } = renderDialog(a);
      const state: Record<string, string> = {};
      for (const name of ['Send Email', 'Send SMS']) {
        const b = button(dialog, name);
        state[name] = b.disabled ? b.title : 'enabled';
        if (b.disabled) fireEvent.click(b);
      }
      await Promise.resolve();
      state.requests = String(api.seen.length);
      cleanup();
      return state;
    };
    expect(await reasons(appointment)).toEqual({
      'Send Email': 'enabled',
      'Send SMS': 'enabled',
      requests: '0',
    });
    expect(
      await reasons({
        ...appointment,
        customer: { ...appointment.customer, email: null, phone: ' ' },
      }),
    ).toEqual({
      'Send Email': MessageTexts.customerHasNoEmail,
      'Send SMS': MessageTexts.customerHasNoPhone,
      requests: '0',
    });
    expect(await reasons({ ...appointment, status: 'cancelled' })).toEqual({
      'Send Email': MessageTexts.reminderOfCancelled,
      'Send SMS': MessageTexts.reminderOfCancelled,
      requests: '0',
    });
    expect(await reasons({ ...appointment, date: '2026-12-31T22:00:00.000Z' })).toEqual({
      'Send Email': MessageTexts.reminderOfPast,
      'Send SMS': MessageTexts.reminderOfPast,
      requests: '0',
    });
    expect(toasts()).toEqual([]);
  });

  it('adds notes and saves them', async () => {
    const { api, dialog } = renderDialog(appointment, {
      'PATCH /api/appointments/7': (request) => ({
        body: { ...appointment, ...(request.body as object) },
      }),
    });
    fireEvent.click(button(dialog, 'Add Notes'));
    expect(button(dialog, 'Save Notes').disabled).toBe(true);
    fireEvent.change(within(dialog).getByLabelText('Notes'), {
      target: { value: '  Prefers the quiet room ' },
    });
    fireEvent.click(button(dialog, 'Save Notes'));
    await waitFor(() => expect(within(dialog).getByText('Prefers the quiet room')).toBeTruthy());
    expect(api.calls('PATCH', '/api/appointments/7').map((r) => r.body)).toEqual([
      { notes: 'Prefers the quiet room' },
    ]);
    expect(toasts()).toEqual(['Notes Saved: The appointment notes have been updated']);
    expect(button(dialog, 'Edit Notes')).toBeTruthy();
  });
});
