// @vitest-environment happy-dom
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { errorReply, fakeApi } from '../../testing/fake-api';
import { business } from '../../testing/fixtures';
import { renderWithApp } from '../../testing/render';
import DirectoryPage from './DirectoryPage';

describe('DirectoryPage', () => {
  it('lists the businesses with a Book Now link each', async () => {
    renderWithApp(<DirectoryPage />, {
      api: fakeApi({ 'GET /api/businesses': { body: [business] } }),
    });
    expect(screen.getByRole('heading', { name: 'Our Business Partners' })).toBeTruthy();
    const card = (await screen.findByRole('heading', { name: 'Harbour Hair Studio' })).closest(
      'article',
    )!;
    expect(within(card).getByText('Cuts and colour by the harbour')).toBeTruthy();
    expect(within(card).getByText('1 George St, Sydney NSW 2000')).toBeTruthy();
    expect(within(card).getByRole('link', { name: 'Book Now' }).getAttribute('href')).toBe(
      '/book/harbour-hair-studio',
    );
  });

  it('says when no business is listed', async () => {
    renderWithApp(<DirectoryPage />, { api: fakeApi({ 'GET /api/businesses': { body: [] } }) });
    expect(await screen.findByRole('heading', { name: 'No businesses available' })).toBeTruthy();
  });

  it('shows the error state and toast when the list cannot load', async () => {
    const view = renderWithApp(<DirectoryPage />, {
      api: fakeApi({ 'GET /api/businesses': errorReply(503, 'Down') }),
    });
    expect(await screen.findByRole('heading', { name: 'Error' })).toBeTruthy();
    expect(screen.getByText('Failed to load businesses. Please try again later.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeTruthy();
    expect(view.toasts()).toEqual(['Error: Failed to load businesses. Please try again later.']);
  });
});
