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
      { minNoticeMinutes: 1440, maxAdvanceDays: 90, cancelCutoffMinutes: 120, region: 'VIC' },
    ]);
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
