// @vitest-environment happy-dom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { type SeenRequest, errorReply } from '../../../testing/fake-api';
import { testBusiness } from '../../../testing/business';
import { renderWithApi } from '../../../testing/render';
import { toasts } from '../../../testing/screen';
import { BookingWindowCard } from './BookingWindowCard';

vi.mock('../../owner/OwnerContext', () => ({
  useOwner: () => ({ session: { accessToken: 'token', user: { id: 'u1', email: 'o@x.com' } } }),
}));

const business = testBusiness;
const select = (label: string) => screen.getByLabelText(label) as HTMLSelectElement;
const choose = (label: string, value: string) =>
  fireEvent.change(select(label), { target: { value } });

describe('the Booking Window card', () => {
  it('starts from the saved window and saves the choices in minutes and days', async () => {
    const { api } = renderWithApi(<BookingWindowCard business={business} />, {
      'PATCH /api/business/4': (r: SeenRequest) => ({
        body: { ...business, ...(r.body as object) },
      }),
      'POST /api/business/4/availability/affected-bookings': { body: [] },
    });
    expect(select('Minimum notice').value).toBe('60');
    // A saved value the list lacks is kept, in words.
    expect(select('Book ahead up to').selectedOptions[0]?.textContent).toBe('45 days');
    expect(select('Cancel or reschedule online until').selectedOptions[0]?.textContent).toBe(
      'Up to the start',
    );
    expect(select('State for public holidays').selectedOptions[0]?.textContent).toBe(
      'New South Wales',
    );
    choose('Minimum notice', '1440');
    choose('Book ahead up to', '90');
    choose('Cancel or reschedule online until', '120');
    choose('State for public holidays', 'VIC');
    fireEvent.click(screen.getByRole('button', { name: 'Save Booking Window' }));
    await waitFor(() =>
      expect(toasts()).toEqual([
        'Booking Window Saved: Customers see the new booking window at once.',
      ]),
    );
    expect(api.calls('PATCH', '/api/business/4').map((r) => r.body)).toEqual([
      {
        minNoticeMinutes: 1440,
        maxAdvanceDays: 90,
        cancelCutoffMinutes: 120,
        region: 'VIC',
        // The state's own zone followed the state.
        timeZone: 'Australia/Melbourne',
      },
    ]);
  });

  it('suggests Perth for Western Australia, lists the upcoming bookings, and saves the zone on confirm', async () => {
    const upcoming = {
      id: 71,
      start: '2027-01-04T22:00:00.000Z',
      end: '2027-01-04T23:00:00.000Z',
      customerName: 'Ana Ruiz',
      serviceName: 'Cut',
      staffName: null,
    };
    const { api } = renderWithApi(<BookingWindowCard business={business} />, {
      'PATCH /api/business/4': (r: SeenRequest) => ({
        body: { ...business, ...(r.body as object) },
      }),
      'POST /api/business/4/availability/affected-bookings': { body: [upcoming] },
    });
    expect(
      screen.getByText(/Times are in your business's time zone \(Australia\/Sydney, AE[SD]T\)/),
    ).toBeTruthy();
    choose('State for public holidays', 'WA');
    expect(select('Time zone').value).toBe('Australia/Perth');
    fireEvent.click(screen.getByRole('button', { name: 'Save Booking Window' }));
    expect(await screen.findByText('1 upcoming booking will show a new local time')).toBeTruthy();
    expect(screen.getByText(/same moment.*Perth \(WA, no daylight saving\) time/)).toBeTruthy();
    // 9:00 AM AEDT in Sydney is 6:00 AM AWST in Perth.
    expect(screen.getByText(/6:00 AM – 7:00 AM AWST/)).toBeTruthy();
    expect(api.calls('POST', '/api/business/4/availability/affected-bookings')[0]!.body).toEqual({
      kind: 'time-zone',
      timeZone: 'Australia/Perth',
    });
    expect(api.calls('PATCH', '/api/business/4')).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Change Time Zone' }));
    await waitFor(() => expect(api.calls('PATCH', '/api/business/4')).toHaveLength(1));
    expect(api.calls('PATCH', '/api/business/4')[0]!.body).toMatchObject({
      region: 'WA',
      timeZone: 'Australia/Perth',
    });
  });

  it('keeps a zone chosen apart from the state', async () => {
    renderWithApi(<BookingWindowCard business={business} />, {});
    choose('Time zone', 'Australia/Broken_Hill');
    choose('State for public holidays', 'QLD');
    expect(select('Time zone').value).toBe('Australia/Broken_Hill');
  });

  it("shows the server's refusal beside its field", async () => {
    renderWithApi(<BookingWindowCard business={business} />, {
      'PATCH /api/business/4': {
        status: 400,
        body: {
          ...(errorReply(400, 'Validation failed', 'VALIDATION_FAILED').body as object),
          issues: [{ path: 'maxAdvanceDays', message: 'Booking ahead can be 730 days at most' }],
        },
      },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save Booking Window' }));
    expect(await screen.findByText('Booking ahead can be 730 days at most')).toBeTruthy();
    expect(select('Book ahead up to').getAttribute('aria-invalid')).toBe('true');
    choose('Book ahead up to', '30');
    expect(screen.queryByText('Booking ahead can be 730 days at most')).toBeNull();
  });
});
