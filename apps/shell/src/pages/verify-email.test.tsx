// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type ApiClient } from '@slotwise/api-client';
import { AuthMessages, ErrorCode } from '@slotwise/contracts';
import { type Handler, errorReply, fakeApi } from '../testing/fake-api';
import VerifyEmailPage from './VerifyEmailPage';

const current: { client: ApiClient | null } = { client: null };
vi.mock('../api/shell-api', () => ({
  useShellApi: () => current.client,
  shellApi: async () => current.client,
}));

const TOKEN = 'k'.repeat(43);
const VERIFY = 'POST /api/auth/verify-email';

function renderAt(path: string, routes: Record<string, Handler> = {}) {
  const api = fakeApi(routes);
  current.client = api.client;
  render(
    <QueryClientProvider
      client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
    >
      <MemoryRouter initialEntries={[path]}>
        <VerifyEmailPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return api;
}

afterEach(() => cleanup());

describe('VerifyEmailPage', () => {
  it('confirms the address and leads to sign-in, going on where the owner was going', async () => {
    const api = renderAt(`/verify-email?token=${TOKEN}&next=%2Fdashboard`, {
      [VERIFY]: { body: { message: AuthMessages.verified } },
    });
    // The loading state is a status too: wait for the answer's.
    const status = await screen.findByText(AuthMessages.verified);
    expect(status.getAttribute('role')).toBe('status');
    expect(status.closest('[data-verify-state]')?.getAttribute('data-verify-state')).toBe(
      'success',
    );
    expect(screen.getByRole('heading', { name: 'Email verified' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sign in to your account' }).getAttribute('href')).toBe(
      '/auth?next=%2Fdashboard',
    );
    expect(api.seen).toEqual([
      { method: 'POST', path: '/api/auth/verify-email', body: { token: TOKEN } },
    ]);
  });

  it("shows the server's refusal with a way back to sign-in", async () => {
    renderAt(`/verify-email?token=${TOKEN}`, {
      [VERIFY]: errorReply(400, AuthMessages.invalidVerificationToken, ErrorCode.LINK_INVALID),
    });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(AuthMessages.invalidVerificationToken);
    expect(alert.closest('[data-verify-state]')?.getAttribute('data-verify-state')).toBe('error');
    expect(screen.getByRole('heading').textContent).toBe('We couldn’t verify your email');
    expect(screen.getByRole('link', { name: 'Back to sign in' }).getAttribute('href')).toBe(
      '/auth',
    );
  });

  it('says a link without its token is incomplete, without asking the API', () => {
    const api = renderAt('/verify-email');
    expect(screen.getByRole('alert').textContent).toMatch(/incomplete/);
    expect(api.seen).toEqual([]);
  });
});
