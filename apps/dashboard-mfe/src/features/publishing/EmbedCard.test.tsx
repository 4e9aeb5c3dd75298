// @vitest-environment happy-dom
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { type Business } from '@slotwise/contracts';
import { testBusiness } from '../../testing/business';
import { renderWithApi } from '../../testing/render';
import { toasts } from '../../testing/screen';
import { EmbedCard } from './EmbedCard';
import { embedSnippet } from './embed-snippet';

const business: Business = { ...testBusiness, published: true, publishingEnabled: true };
const writeText = vi.fn<(text: string) => Promise<void>>();

beforeEach(() => {
  writeText.mockReset().mockResolvedValue(undefined);
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
});

const frame = () =>
  screen.getByTitle('Preview of your booking widget') as unknown as HTMLIFrameElement;

describe("'Add to your website'", () => {
  it('shows and copies the snippet of each mode', async () => {
    renderWithApi(<EmbedCard business={business} />, {});
    expect(screen.getByLabelText('Inline snippet').textContent).toBe(
      embedSnippet('inline', business.slug),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Copy Snippet' }));
    await waitFor(() => expect(toasts()).toEqual(['Snippet copied']));
    expect(writeText).toHaveBeenCalledWith(embedSnippet('inline', business.slug));

    fireEvent.mouseDown(screen.getByRole('tab', { name: 'Popup' }));
    fireEvent.click(screen.getByRole('tab', { name: 'Popup' }));
    expect((await screen.findByLabelText('Popup snippet')).textContent).toContain(
      "Slotwise('popup'",
    );
  });

  it('previews the widget, shown once it says it is ready, sized by its messages', async () => {
    renderWithApi(<EmbedCard business={business} />, {});
    expect(frame().getAttribute('src')).toBe(
      `${window.location.origin}/embed/${business.slug}?origin=${encodeURIComponent(window.location.origin)}&frame=preview`,
    );
    expect(screen.getByText('Loading the preview…')).toBeTruthy();
    const from = (origin: string, source: unknown, data: unknown) =>
      act(() => {
        window.dispatchEvent(
          new MessageEvent('message', { origin, source: source as Window, data }),
        );
      });
    // Another origin, or another window, is not listened to.
    await from('https://evil.example', frame().contentWindow, {
      source: 'slotwise',
      type: 'ready',
    });
    await from(window.location.origin, window, { source: 'slotwise', type: 'ready' });
    expect(screen.getByText('Loading the preview…')).toBeTruthy();

    await from(window.location.origin, frame().contentWindow, {
      source: 'slotwise',
      type: 'ready',
    });
    await from(window.location.origin, frame().contentWindow, {
      source: 'slotwise',
      type: 'resize',
      data: { height: 812.4 },
    });
    expect(screen.queryByText('Loading the preview…')).toBeNull();
    expect(frame().style.height).toBe('813px');
  });

  it('warns while the booking page is off', () => {
    renderWithApi(<EmbedCard business={{ ...business, publishingEnabled: false }} />, {});
    expect(screen.getByText('Your booking page is off')).toBeTruthy();
  });
});
