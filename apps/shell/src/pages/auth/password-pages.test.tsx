// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type ApiClient } from '@slotwise/api-client';
import { AuthMessages, ErrorCode } from '@slotwise/contracts';
import { toast } from '@slotwise/ui';
import { getSessionState, useSessionStore } from '../../session/session-store';
import { type Handler, errorReply, fakeApi } from '../../testing/fake-api';
import { toasts } from '../../testing/toasts';
import AuthPage from './AuthPage';
import ForgotPasswordPage from './ForgotPasswordPage';
import ResetPasswordPage from './ResetPasswordPage';

vi.mock('@slotwise/ui', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  toast: vi.fn(),
}));

// The pages' client answers from the routes each test gives.
const current: { client: ApiClient | null } = { client: null };
vi.mock('../../api/shell-api', () => ({
  useShellApi: () => current.client,
  shellApi: async () => current.client,
}));

const TOKEN = 'k'.repeat(43);
const FORGOT = 'POST /api/auth/forgot-password';
const RESET = 'POST /api/auth/reset-password';

function renderAt(path: string, routes: Record<string, Handler> = {}) {
  const api = fakeApi({ 'GET /api/auth/providers': { body: { google: false } }, ...routes });
  current.client = api.client;
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/auth" element={<AuthPage />} />
          <Route path="/forgot-password" element={<ForgotPasswordPage />} />
          <Route path="/reset-password" element={<ResetPasswordPage />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return api;
}

const type = (form: HTMLElement, label: string, value: string) =>
  fireEvent.change(within(form).getByLabelText(label), { target: { value } });

beforeEach(() => {
  useSessionStore.setState({ status: 'signed-out', session: null });
});
afterEach(() => {
  // Vitest runs without globals, so Testing Library cannot unmount by itself between tests.
  cleanup();
  vi.mocked(toast).mockClear();
});

describe('Forgot password?', () => {
  it('is on the sign-in form and takes the typed email along', async () => {
    renderAt('/auth');
    const signIn = screen.getByRole('form', { name: 'Sign in' });
    type(signIn, 'Email', 'owner@example.com');
    fireEvent.click(within(signIn).getByRole('link', { name: 'Forgot password?' }));
    const form = await screen.findByRole('form', { name: 'Forgot password' });
    expect((within(form).getByLabelText('Email') as HTMLInputElement).value).toBe(
      'owner@example.com',
    );
  });

  it('sends the address and shows the same answer whatever it is, with a way to send again', async () => {
    const api = renderAt('/forgot-password', {
      [FORGOT]: { body: { message: AuthMessages.resetLinkSent } },
    });
    const form = screen.getByRole('form', { name: 'Forgot password' });
    type(form, 'Email', 'nope');
    fireEvent.click(within(form).getByRole('button', { name: 'Send Reset Link' }));
    expect(await within(form).findByText('Please enter a valid email address')).toBeTruthy();
    expect(api.seen.filter((r) => r.method === 'POST')).toEqual([]);

    type(form, 'Email', ' Owner@Example.com ');
    fireEvent.click(within(form).getByRole('button', { name: 'Send Reset Link' }));
    expect(await screen.findByText(AuthMessages.resetLinkSent)).toBeTruthy();
    expect(api.calls('POST', '/api/auth/forgot-password').map((r) => r.body)).toEqual([
      { email: 'owner@example.com' },
    ]);
    expect(screen.getByText(/expires in one hour/)).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Send Another Link' }));
    const again = screen.getByRole('form', { name: 'Forgot password' });
    expect((within(again).getByLabelText('Email') as HTMLInputElement).value).toBe(
      'owner@example.com',
    );
  });

  it("shows the server's refusal (too many attempts)", async () => {
    renderAt('/forgot-password', {
      [FORGOT]: errorReply(
        429,
        'Too many attempts. Please wait a minute and try again.',
        'RATE_LIMITED',
      ),
    });
    const form = screen.getByRole('form', { name: 'Forgot password' });
    type(form, 'Email', 'owner@example.com');
    fireEvent.click(within(form).getByRole('button', { name: 'Send Reset Link' }));
    const alert = await within(form).findByRole('alert');
    expect(alert.textContent).toBe('Too many attempts. Please wait a minute and try again.');
    expect(toasts()).toEqual([
      'Could not send the link: Too many attempts. Please wait a minute and try again.',
    ]);
  });
});

describe('the reset page', () => {
  const submit = (form: HTMLElement) =>
    fireEvent.click(within(form).getByRole('button', { name: 'Set New Password' }));

  it("checks the new password with sign-up's rules before sending anything", async () => {
    const api = renderAt(`/reset-password?token=${TOKEN}`);
    const form = screen.getByRole('form', { name: 'Choose a new password' });
    type(form, 'New Password', '12345');
    type(form, 'Confirm Password', '12345');
    submit(form);
    // Under both fields, as on the Register tab.
    expect(await within(form).findAllByText('Password must be at least 8 characters')).toHaveLength(
      2,
    );
    type(form, 'New Password', 'secret123');
    type(form, 'Confirm Password', 'secret124');
    submit(form);
    expect(await within(form).findByText("Passwords don't match")).toBeTruthy();
    expect(api.calls('POST', '/api/auth/reset-password')).toEqual([]);
  });

  it('sets the password with the link token, says every session ended and forgets this one', async () => {
    useSessionStore.setState({
      status: 'signed-in',
      session: { accessToken: 'a', user: { id: 'u1', email: 'owner@example.com' } },
    });
    const api = renderAt(`/reset-password?token=${TOKEN}`, {
      [RESET]: { body: { message: AuthMessages.passwordReset } },
    });
    const form = screen.getByRole('form', { name: 'Choose a new password' });
    type(form, 'New Password', 'secret123');
    type(form, 'Confirm Password', 'secret123');
    submit(form);
    expect(await screen.findByRole('heading', { name: 'Password changed' })).toBeTruthy();
    expect(screen.getByText(AuthMessages.passwordReset)).toBeTruthy();
    expect(api.calls('POST', '/api/auth/reset-password').map((r) => r.body)).toEqual([
      { token: TOKEN, password: 'secret123' },
    ]);
    expect(getSessionState().status).toBe('signed-out');
    expect(screen.getByRole('link', { name: 'Sign In' }).getAttribute('href')).toBe('/auth');
  });

  it('explains a used or expired link and offers a new one', async () => {
    renderAt(`/reset-password?token=${TOKEN}`, {
      [RESET]: errorReply(400, AuthMessages.invalidResetToken, ErrorCode.LINK_INVALID),
    });
    const form = screen.getByRole('form', { name: 'Choose a new password' });
    type(form, 'New Password', 'secret123');
    type(form, 'Confirm Password', 'secret123');
    submit(form);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(AuthMessages.invalidResetToken);
    expect(screen.queryByRole('form')).toBeNull();
    expect(screen.getByRole('link', { name: 'Send a New Link' }).getAttribute('href')).toBe(
      '/forgot-password',
    );
    fireEvent.click(screen.getByRole('link', { name: 'Send a New Link' }));
    expect(await screen.findByRole('form', { name: 'Forgot password' })).toBeTruthy();
  });

  it('says a link without its token is incomplete', () => {
    renderAt('/reset-password');
    expect(screen.getByRole('alert').textContent).toMatch(/incomplete/);
    expect(screen.queryByRole('form')).toBeNull();
  });

  it('keeps the form for other failures, with the server message', async () => {
    renderAt(`/reset-password?token=${TOKEN}`, {
      [RESET]: errorReply(
        429,
        'Too many attempts. Please wait a minute and try again.',
        'RATE_LIMITED',
      ),
    });
    const form = screen.getByRole('form', { name: 'Choose a new password' });
    type(form, 'New Password', 'secret123');
    type(form, 'Confirm Password', 'secret123');
    submit(form);
    await waitFor(() =>
      expect(toasts()).toEqual([
        'Password not changed: Too many attempts. Please wait a minute and try again.',
      ]),
    );
    expect(screen.getByRole('form', { name: 'Choose a new password' })).toBeTruthy();
  });
});
