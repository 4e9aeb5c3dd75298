// @vitest-environment happy-dom
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ErrorCode, todayInZone } from '@slotwise/contracts';
import { type Handler, type Reply, errorReply, fakeApi } from '../../../testing/fake-api';
import {
  BUSINESS_PATH,
  SLUG,
  booked,
  business,
  mensCut,
  mia,
  times,
  womensCut,
} from '../../../testing/fixtures';
import { calendarDay } from '../../../testing/calendar';
import { renderWithApp } from '../../../testing/render';
import EmbedPage from './EmbedPage';

const HOST = 'https://shop.example.com';
const today = todayInZone(business.timeZone);

function embedApi(createAppointment: Reply | Handler = { status: 201, body: booked }) {
  return fakeApi({
    [`GET ${BUSINESS_PATH}`]: { body: business },
    [`GET ${BUSINESS_PATH}/services`]: { body: [womensCut, mensCut] },
    [`GET ${BUSINESS_PATH}/staff`]: { body: [mia] },
    [`GET ${BUSINESS_PATH}/available-times`]: { body: times },
    'POST /api/appointments': createAppointment,
  });
}

/** The page as a frame in a host page: window.parent is the host's window. */
function framed() {
  const postMessage = vi.fn();
  vi.spyOn(window, 'parent', 'get').mockReturnValue({ postMessage } as unknown as Window);
  return postMessage;
}

const messages = (post: ReturnType<typeof vi.fn>) =>
  post.mock.calls.map(([message, origin]): Record<string, unknown> => ({
    ...(message as object),
    origin,
  }));

afterEach(() => vi.restoreAllMocks());

function renderEmbed(api: ReturnType<typeof fakeApi>, query: string) {
  return renderWithApp(<EmbedPage />, {
    api,
    url: `/embed/${SLUG}?${query}`,
    route: '/embed/:businessSlug',
  });
}

describe('EmbedPage', () => {
  it('starts at the preselected service with the details prefilled, and tells the host page', async () => {
    const post = framed();
    const user = userEvent.setup();
    renderEmbed(
      embedApi(),
      `service=${womensCut.id}&name=Alex%20Citizen&phone=0400123456&origin=${encodeURIComponent(HOST)}&frame=sw1`,
    );
    await screen.findByRole('heading', { name: 'Choose Date & Time' });
    await waitFor(() =>
      expect(messages(post)).toContainEqual({
        source: 'slotwise',
        frame: 'sw1',
        type: 'ready',
        data: { business: SLUG, found: true },
        origin: HOST,
      }),
    );
    await user.click(await calendarDay(today));
    await user.click(await screen.findByRole('button', { name: '9:30 AM' }));
    expect((await screen.findByLabelText<HTMLInputElement>('Your Name')).value).toBe(
      'Alex Citizen',
    );
    await user.click(screen.getByRole('button', { name: 'Book Appointment' }));
    await screen.findByRole('heading', { name: 'Booking Confirmed!' });
    expect(screen.queryByRole('link', { name: 'Return to Home' })).toBeNull();

    const created = messages(post).find((m) => m.type === 'booking.created');
    expect(created).toEqual({
      source: 'slotwise',
      frame: 'sw1',
      type: 'booking.created',
      data: {
        reference: '#42',
        id: 42,
        status: 'confirmed',
        start: booked.appointment.date,
        end: booked.appointment.end,
        service: { id: 3, name: "Women's Cut" },
        staff: null,
      },
      origin: HOST,
    });
    // Every message went to the host's origin only, none carried the customer's details.
    expect(post.mock.calls.every(([, origin]) => origin === HOST)).toBe(true);
    expect(JSON.stringify(post.mock.calls)).not.toContain('Alex');
  });

  it('reports a refused booking as booking.failed with its code', async () => {
    const post = framed();
    const user = userEvent.setup();
    renderEmbed(
      embedApi(errorReply(409, 'This time slot is already booked', ErrorCode.SLOT_TAKEN)),
      `service=${womensCut.id}&name=Alex&phone=0400123456&origin=${encodeURIComponent(HOST)}&frame=sw2`,
    );
    await user.click(await calendarDay(today));
    await user.click(await screen.findByRole('button', { name: '9:30 AM' }));
    await user.click(await screen.findByRole('button', { name: 'Book Appointment' }));
    await waitFor(() =>
      expect(messages(post)).toContainEqual({
        source: 'slotwise',
        frame: 'sw2',
        type: 'booking.failed',
        data: { message: 'This time slot is already booked', code: ErrorCode.SLOT_TAKEN },
        origin: HOST,
      }),
    );
  });

  it('posts nothing without a host origin, and starts at step 1 for an unknown service', async () => {
    const post = framed();
    renderEmbed(embedApi(), 'service=999&frame=sw3');
    await screen.findByRole('heading', { name: 'Choose a Service' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(post).not.toHaveBeenCalled();
  });
});
