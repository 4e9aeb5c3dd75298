// @vitest-environment happy-dom
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ErrorCode, todayInZone } from '@slotwise/contracts';
import { type Handler, type Reply, errorReply, fakeApi } from '../../../testing/fake-api';
import {
  BUSINESS_PATH,
  SLUG,
  booked,
  business,
  jack,
  mensCut,
  mia,
  times,
  womensCut,
} from '../../../testing/fixtures';
import { calendarDay } from '../../../testing/calendar';
import { renderWithApp } from '../../../testing/render';
import BookingPage from './BookingPage';

const TIMES_PATH = `${BUSINESS_PATH}/available-times`;
const today = todayInZone(business.timeZone);

function bookingApi(createAppointment: Reply | Handler) {
  return fakeApi({
    [`GET ${BUSINESS_PATH}`]: { body: business },
    [`GET ${BUSINESS_PATH}/services`]: { body: [womensCut, mensCut] },
    [`GET ${BUSINESS_PATH}/staff`]: { body: [mia, jack] },
    [`GET ${TIMES_PATH}`]: { body: times },
    'POST /api/appointments': createAppointment,
  });
}

function renderPage(api: ReturnType<typeof fakeApi>, slug = SLUG) {
  return renderWithApp(<BookingPage />, {
    api,
    url: `/book/${slug}`,
    route: '/book/:businessSlug',
  });
}

type User = ReturnType<typeof userEvent.setup>;

/** Step 1 → 3: Women's Cut, today, 9:30 AM. */
async function reachDetails(user: User) {
  await user.click(await screen.findByRole('button', { name: /Women's Cut/ }));
  await user.click(await calendarDay(today));
  await user.click(await screen.findByRole('button', { name: '9:30 AM' }));
  await screen.findByRole('heading', { name: 'Enter Your Details' });
}

async function fillAndBook(user: User) {
  await user.type(screen.getByLabelText('Your Name'), 'Alex Citizen');
  await user.type(screen.getByLabelText('Mobile Number'), '+61 400 123 456');
  await user.click(screen.getByRole('button', { name: 'Book Appointment' }));
}

describe('BookingPage', () => {
  it('books through the three steps and confirms', async () => {
    const api = bookingApi({ status: 201, body: booked });
    const user = userEvent.setup();
    const view = renderPage(api);
    expect(screen.getByText('Loading Booking Page')).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Harbour Hair Studio' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Choose a Service' })).toBeTruthy();
    expect(document.title).toContain('Book with Harbour Hair Studio');

    await reachDetails(user);
    expect(api.calls('GET', `${BUSINESS_PATH}/staff`)[0]?.query).toEqual({
      serviceId: womensCut.id,
    });
    await fillAndBook(user);

    expect(await screen.findByRole('heading', { name: 'Booking Confirmed!' })).toBeTruthy();
    expect(view.toasts()).toEqual([
      'Appointment booked successfully!: Your appointment has been confirmed.',
    ]);
    expect(api.calls('POST', '/api/appointments')[0]?.body).toMatchObject({
      businessId: business.id,
      serviceId: womensCut.id,
      date: times[1]!.start,
      firstName: 'Alex',
    });
    // The booked day's times are asked for again at once, and the business is reloaded.
    await waitFor(() => expect(api.calls('GET', TIMES_PATH)).toHaveLength(2));
    await waitFor(() => expect(api.calls('GET', BUSINESS_PATH)).toHaveLength(2));

    await user.click(screen.getByRole('button', { name: 'Book Another Appointment' }));
    expect(await screen.findByRole('heading', { name: 'Choose a Service' })).toBeTruthy();
    expect(screen.getByRole('button', { name: /Women's Cut/ }).getAttribute('aria-pressed')).toBe(
      'false',
    );
  });

  it('on a taken slot re-fetches the times and offers another time, keeping the details', async () => {
    const api = bookingApi(
      errorReply(409, 'This time slot is already booked', ErrorCode.SLOT_TAKEN),
    );
    const user = userEvent.setup();
    const view = renderPage(api);
    await reachDetails(user);
    await fillAndBook(user);

    expect(
      await screen.findByText('Someone else has just taken this time. Please choose another one.'),
    ).toBeTruthy();
    expect(view.toasts()).toEqual(['Failed to book appointment: This time slot is already booked']);
    await waitFor(() => expect(api.calls('GET', TIMES_PATH)).toHaveLength(2));

    await user.click(screen.getByRole('button', { name: 'Choose another time' }));
    await user.click(await screen.findByRole('button', { name: '9:00 AM' }));
    await screen.findByRole('heading', { name: 'Enter Your Details' });
    expect((screen.getByLabelText('Your Name') as HTMLInputElement).value).toBe('Alex Citizen');
  });

  it('treats other refusals by their code: no taken-slot notice for them', async () => {
    const unavailable = bookingApi(
      errorReply(
        400,
        'This time is not available. Please choose another time.',
        ErrorCode.SLOT_UNAVAILABLE,
      ),
    );
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const user = userEvent.setup();
    const first = renderPage(unavailable);
    await reachDetails(user);
    await fillAndBook(user);
    await waitFor(() =>
      expect(first.toasts()).toEqual([
        'Failed to book appointment: This time is not available. Please choose another time.',
      ]),
    );
    // The time is no longer offered: fresh times wait on step 2, but nobody "took" it.
    await waitFor(() => expect(unavailable.calls('GET', TIMES_PATH)).toHaveLength(2));
    expect(screen.queryByText(/Someone else has just taken this time/)).toBeNull();
    first.unmount();

    // A conflict that is not about the slot (no code) is reported as an error, not a taken slot.
    const conflict = bookingApi({ status: 409, statusText: 'Conflict', body: '' });
    const second = renderPage(conflict);
    await reachDetails(user);
    await fillAndBook(user);
    await waitFor(() =>
      expect(second.toasts()).toEqual(['Failed to book appointment: Error 409: Conflict']),
    );
    expect(screen.queryByText(/Someone else has just taken this time/)).toBeNull();
    expect(conflict.calls('GET', TIMES_PATH)).toHaveLength(1);
    expect(screen.getByRole('heading', { name: 'Enter Your Details' })).toBeTruthy();
    expect(log).toHaveBeenCalledTimes(2);
    log.mockRestore();
  });

  it('shows the API’s refusal of the number beside the phone field, and sends again once fixed', async () => {
    const refusal = errorReply(
      400,
      'Please enter a valid phone number',
      ErrorCode.VALIDATION_FAILED,
    );
    const replies: Reply[] = [
      {
        ...refusal,
        body: {
          ...(refusal.body as object),
          issues: [{ path: 'phone', message: 'Please enter a valid phone number' }],
        },
      },
      { status: 201, body: booked },
    ];
    const api = bookingApi(() => replies.shift()!);
    const user = userEvent.setup();
    const view = renderPage(api);
    await reachDetails(user);
    await fillAndBook(user);

    const phone = screen.getByLabelText('Mobile Number');
    await waitFor(() => expect(phone.getAttribute('aria-invalid')).toBe('true'));
    const described = phone.getAttribute('aria-describedby')!.split(' ');
    const messages = described.map((id) => document.getElementById(id)?.textContent);
    expect(messages).toContain('Please enter a valid phone number');
    expect(document.activeElement).toBe(phone);
    // Beside the field, not as a toast; and the customer stays on the step.
    expect(view.toasts()).toEqual([]);
    expect(screen.getByRole('heading', { name: 'Enter Your Details' })).toBeTruthy();

    await user.clear(phone);
    expect(screen.queryByText('Please enter a valid phone number')).toBeNull();
    await user.type(phone, '0412 345 678');
    await user.click(screen.getByRole('button', { name: 'Book Appointment' }));
    expect(await screen.findByRole('heading', { name: 'Booking Confirmed!' })).toBeTruthy();
    expect(api.calls('POST', '/api/appointments')).toHaveLength(2);
  });

  it('shows each refused detail beside its field, and fixing one leaves the focus there', async () => {
    const refusal = errorReply(400, 'Please check your details', ErrorCode.VALIDATION_FAILED);
    const issues = [
      { path: 'phone', message: 'Please enter a valid phone number' },
      { path: 'email', message: 'Please enter a valid email address' },
    ];
    const api = bookingApi({ ...refusal, body: { ...(refusal.body as object), issues } });
    const user = userEvent.setup();
    renderPage(api);
    await reachDetails(user);
    await user.type(screen.getByLabelText('Email (optional)'), 'alex@example.com');
    await fillAndBook(user);
    const phone = screen.getByLabelText('Mobile Number');
    const email = screen.getByLabelText('Email (optional)');
    await waitFor(() => expect(email.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText('Please enter a valid email address')).toBeTruthy();
    expect(document.activeElement).toBe(phone);

    await user.type(phone, '7');
    expect(phone.getAttribute('aria-invalid')).toBeNull();
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(phone);
  });

  it('shows Business Not Found when the slug is unknown', async () => {
    const api = fakeApi({});
    renderPage(api, 'no-such-business');
    expect(await screen.findByRole('heading', { name: 'Business Not Found' })).toBeTruthy();
    expect(screen.getByText(/We couldn.t find a business named .no-such-business./)).toBeTruthy();
    expect(document.title).toContain('Business Not Found');
  });

  it('says the services could not load', async () => {
    const api = fakeApi({
      [`GET ${BUSINESS_PATH}`]: { body: business },
      [`GET ${BUSINESS_PATH}/services`]: errorReply(500, 'Boom'),
    });
    const view = renderPage(api);
    expect(await screen.findByText('No services available for this business.')).toBeTruthy();
    expect(view.toasts()).toEqual(['Error loading services: Please try again later.']);
  });
});
