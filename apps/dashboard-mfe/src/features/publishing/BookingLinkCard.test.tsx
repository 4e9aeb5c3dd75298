// @vitest-environment happy-dom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { type Business } from '@slotwise/contracts';
import { type SeenRequest, errorReply } from '../../testing/fake-api';
import { testBusiness } from '../../testing/business';
import { renderWithApi } from '../../testing/render';
import { toasts } from '../../testing/screen';
import { BusinessGate } from '../owner';
import { BookingLinkCard } from './BookingLinkCard';

vi.mock('../owner/OwnerContext', () => ({
  useOwner: () => ({ session: { accessToken: 'token', user: { id: 'u1', email: 'o@x.com' } } }),
}));

const business: Business = {
  ...testBusiness,
  businessHours: 'Mon–Fri 9:00 AM – 5:00 PM',
  maxAdvanceDays: 180,
  published: true,
  publishingEnabled: true,
};

/** The card under the owner's business query, as Settings shows it. */
function renderCard(routes: Record<string, Parameters<typeof renderWithApi>[1][string]> = {}) {
  let current = business;
  return renderWithApi(<BusinessGate>{(b) => <BookingLinkCard business={b} />}</BusinessGate>, {
    'GET /api/business/me': () => ({ body: current }),
    'PATCH /api/business/4': (r: SeenRequest) => {
      const changes = r.body as Partial<Business>;
      current = {
        ...current,
        ...changes,
        ...(changes.publishingEnabled === false ? { published: false } : {}),
      };
      return { body: current };
    },
    ...routes,
  });
}

const slugInput = () => screen.getByLabelText('Booking link') as HTMLInputElement;
const save = () => screen.getByRole('button', { name: 'Save Booking Link' }) as HTMLButtonElement;
const writeText = vi.fn<(text: string) => Promise<void>>();

beforeEach(() => {
  writeText.mockReset().mockResolvedValue(undefined);
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
});

describe('the Booking Link card', () => {
  it('shows the link and copies it', async () => {
    renderCard();
    const link = `${window.location.origin}/book/calm-studio`;
    expect((await screen.findByRole('link', { name: link })).getAttribute('href')).toBe(link);
    expect(screen.getByText('Listed')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Copy Link' }));
    await waitFor(() => expect(toasts()).toEqual(['Link copied']));
    expect(writeText).toHaveBeenCalledWith(link);
  });

  it('says so when the browser refuses to copy', async () => {
    writeText.mockRejectedValue(new Error('denied'));
    renderCard();
    fireEvent.click(await screen.findByRole('button', { name: 'Copy Link' }));
    await waitFor(() =>
      expect(toasts()).toEqual(['Could not copy the link: Select the link and copy it instead.']),
    );
  });

  it('changes the slug, lowercased, and shows the new link', async () => {
    const { api } = renderCard();
    await screen.findByText('Listed');
    expect(save().disabled).toBe(true);
    fireEvent.change(slugInput(), { target: { value: 'Calm-Studio-Bondi' } });
    fireEvent.click(save());
    await screen.findByRole('link', { name: `${window.location.origin}/book/calm-studio-bondi` });
    expect(api.calls('PATCH', '/api/business/4').map((r) => r.body)).toEqual([
      { slug: 'calm-studio-bondi' },
    ]);
    expect(toasts()).toEqual([
      'Booking link changed: Your old link still leads to your booking page.',
    ]);
    expect(slugInput().value).toBe('calm-studio-bondi');
  });

  it('refuses a malformed or reserved slug before asking the server', async () => {
    const { api } = renderCard();
    await screen.findByText('Listed');
    fireEvent.change(slugInput(), { target: { value: 'no' } });
    fireEvent.click(save());
    expect(await screen.findByText('Use 3 to 60 characters')).toBeTruthy();
    fireEvent.change(slugInput(), { target: { value: 'pricing' } });
    fireEvent.click(save());
    expect(await screen.findByText('That booking link is reserved')).toBeTruthy();
    expect(api.calls('PATCH', '/api/business/4')).toEqual([]);
  });

  it('shows a taken slug beside the field', async () => {
    renderCard({
      'PATCH /api/business/4': errorReply(409, 'That booking link is taken', 'SLUG_TAKEN'),
    });
    await screen.findByText('Listed');
    fireEvent.change(slugInput(), { target: { value: 'harbour-hair' } });
    fireEvent.click(save());
    expect(await screen.findByText('That booking link is taken')).toBeTruthy();
    expect(slugInput().getAttribute('aria-invalid')).toBe('true');
    expect(toasts()).toEqual([]);
  });

  it('switches publishing off and on', async () => {
    const { api } = renderCard();
    await screen.findByText('Listed');
    const toggle = screen.getByRole('switch', { name: 'Booking page on' });
    expect(toggle.getAttribute('aria-checked')).toBe('true');
    fireEvent.click(toggle);
    await screen.findByText('Hidden');
    expect(
      screen.getByRole('switch', { name: 'Booking page on' }).getAttribute('aria-checked'),
    ).toBe('false');
    expect(api.calls('PATCH', '/api/business/4').map((r) => r.body)).toEqual([
      { publishingEnabled: false },
    ]);
    expect(toasts()).toContain(
      'Booking page hidden: Customers no longer see your business. You still can, signed in.',
    );
  });

  it('says why a business is not listed yet', async () => {
    renderCard({
      'GET /api/business/me': { body: { ...business, name: 'My Business', published: false } },
    });
    expect(await screen.findByText('Not listed yet')).toBeTruthy();
    expect(
      screen.getByText(/once it has its own name, an active service and opening hours/),
    ).toBeTruthy();
  });
});
