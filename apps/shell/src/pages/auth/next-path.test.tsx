// @vitest-environment happy-dom
// "Choose Professional" on Pricing sends a visitor to /auth?next=/subscribe: signing up carries
// it into the verification link, the verified page's sign-in link keeps it, and signing in goes
// there. Only a path of this site is ever followed.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type ApiClient } from '@slotwise/api-client';
import { AuthMessages, PASSWORD_MIN_LENGTH } from '@slotwise/contracts';
import { toast } from '@slotwise/ui';
import { useSessionStore } from '../../session/session-store';
import { type Handler, fakeApi } from '../../testing/fake-api';
import { toasts } from '../../testing/toasts';
import VerifyEmailPage from '../VerifyEmailPage';
import AuthPage from './AuthPage';

vi.mock('@slotwise/ui', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  toast: vi.fn(),
}));

const current: { client: ApiClient | null } = { client: null };
vi.mock('../../api/shell-api', () => ({
  useShellApi: () => current.client,
  shellApi: async () => current.client,
}));

const SESSION = { accessToken: 'access', user: { id: 'u1', email: 'owner@example.com' } };

/** Where the app ended up: path and query. */
function Landed() {
  const { pathname, search } = useLocation();
  return <p data-testid="landed">{`${pathname}${search}`}</p>;
}

function renderAt(path: string, routes: Record<string, Handler> = {}) {
  const api = fakeApi({
    'GET /api/auth/providers': { body: { google: false } },
    'POST /api/auth/login': { body: SESSION },
    'POST /api/auth/register': { status: 201, body: { message: AuthMessages.registered } },
    'POST /api/auth/verify-email': { body: { message: AuthMessages.verified } },
    ...routes,
  });
  current.client = api.client;
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/auth" element={<AuthPage />} />
          <Route path="/verify-email" element={<VerifyEmailPage />} />
          <Route path="*" element={<Landed />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return api;
}

const type = (form: HTMLElement, label: string, value: string) =>
  fireEvent.change(within(form).getByLabelText(label), { target: { value } });

// Radix tabs switch on the pointer going down.
const openRegister = () =>
  fireEvent.mouseDown(screen.getByRole('tab', { name: 'Register' }), { button: 0 });

async function signIn() {
  const form = screen.getByRole('form', { name: 'Sign in' });
  type(form, 'Email', 'owner@example.com');
  type(form, 'Password', 'secret-password');
  fireEvent.click(within(form).getByRole('button', { name: 'Sign In' }));
  return (await screen.findByTestId('landed')).textContent;
}

beforeEach(() => {
  useSessionStore.setState({ status: 'signed-out', session: null });
});
afterEach(() => {
  cleanup();
  vi.mocked(toast).mockClear();
});

describe('signing in with ?next=', () => {
  it('goes on to the page asked for', async () => {
    renderAt('/auth?next=/subscribe');
    expect(await signIn()).toBe('/subscribe');
  });

  it('goes to the dashboard when there is no next', async () => {
    renderAt('/auth');
    expect(await signIn()).toBe('/dashboard');
  });

  for (const next of [
    'https://evil.example/subscribe',
    '//evil.example',
    '/\\evil.example',
    'javascript:alert(1)',
  ]) {
    it(`never leaves the site (next=${next})`, async () => {
      renderAt(`/auth?next=${encodeURIComponent(next)}`);
      expect(await signIn()).toBe('/dashboard');
    });
  }

  it('sends an owner who is already signed in straight on', async () => {
    useSessionStore.setState({ status: 'signed-in', session: SESSION });
    renderAt('/auth?next=/subscribe');
    expect((await screen.findByTestId('landed')).textContent).toBe('/subscribe');
  });
});

describe('signing up with ?next=', () => {
  it('asks the API to keep it in the verification link', async () => {
    const api = renderAt('/auth?next=/subscribe');
    openRegister();
    const form = await screen.findByRole('form', { name: 'Register' });
    type(form, 'Email', 'new@example.com');
    type(form, 'Password', 'secret-password');
    type(form, 'Confirm Password', 'secret-password');
    fireEvent.click(within(form).getByRole('button', { name: 'Create Account' }));
    await screen.findByText(/We sent a verification link to new@example.com/);
    expect(api.calls('POST', '/api/auth/register').map((r) => r.body)).toEqual([
      { email: 'new@example.com', password: 'secret-password', next: '/subscribe' },
    ]);
    // Back on the sign-in tab of the same page: signing in still goes on.
    expect(await signIn()).toBe('/subscribe');
  });

  it('sends no next the page was not given', async () => {
    const api = renderAt('/auth?next=//evil.example');
    openRegister();
    const form = await screen.findByRole('form', { name: 'Register' });
    type(form, 'Email', 'new@example.com');
    type(form, 'Password', 'secret-password');
    type(form, 'Confirm Password', 'secret-password');
    fireEvent.click(within(form).getByRole('button', { name: 'Create Account' }));
    await screen.findByText(/We sent a verification link/);
    expect(api.calls('POST', '/api/auth/register').map((r) => r.body)).toEqual([
      { email: 'new@example.com', password: 'secret-password' },
    ]);
  });
});

describe('the verified page', () => {
  const TOKEN = 'v'.repeat(43);

  it('signs in on to the page the owner was going to', async () => {
    renderAt(`/verify-email?token=${TOKEN}&next=%2Fsubscribe`);
    const link = await screen.findByRole('link', { name: 'Sign in to your account' });
    expect(link.getAttribute('href')).toBe('/auth?next=%2Fsubscribe');
    fireEvent.click(link);
    expect(await signIn()).toBe('/subscribe');
  });

  it('drops a next that would leave the site', async () => {
    renderAt(`/verify-email?token=${TOKEN}&next=${encodeURIComponent('https://evil.example')}`);
    const link = await screen.findByRole('link', { name: 'Sign in to your account' });
    expect(link.getAttribute('href')).toBe('/auth');
  });
});

describe("the sign-in's welcome and the password hint", () => {
  const TOKEN = 'w'.repeat(43);

  it("says 'Welcome back!' to an owner signing in again", async () => {
    renderAt('/auth');
    await signIn();
    expect(toasts()).toEqual(["Welcome back!: You've been successfully signed in."]);
  });

  it("says 'Welcome!' when the API says it is the account's first sign-in, from any page", async () => {
    renderAt('/auth', { 'POST /api/auth/login': { body: { ...SESSION, firstSignIn: true } } });
    await signIn();
    expect(toasts()).toEqual([
      "Welcome!: You're signed in. Let's get your business ready for bookings.",
    ]);
  });

  it("says 'Welcome back!' when the API says the account signed in before", async () => {
    renderAt(`/verify-email?token=${TOKEN}`, {
      'POST /api/auth/login': { body: { ...SESSION, firstSignIn: false } },
    });
    fireEvent.click(await screen.findByRole('link', { name: 'Sign in to your account' }));
    await signIn();
    expect(toasts()).toEqual(["Welcome back!: You've been successfully signed in."]);
  });

  it("says 'Welcome!' on the first sign-in, from the verified page", async () => {
    renderAt(`/verify-email?token=${TOKEN}`);
    fireEvent.click(await screen.findByRole('link', { name: 'Sign in to your account' }));
    await signIn();
    expect(toasts()).toEqual([
      "Welcome!: You're signed in. Let's get your business ready for bookings.",
    ]);
  });

  it("says 'Welcome!' on signing in right after registering", async () => {
    renderAt('/auth');
    openRegister();
    const form = await screen.findByRole('form', { name: 'Register' });
    type(form, 'Email', 'new@example.com');
    type(form, 'Password', 'secret-password');
    type(form, 'Confirm Password', 'secret-password');
    fireEvent.click(within(form).getByRole('button', { name: 'Create Account' }));
    await screen.findByText(/We sent a verification link/);
    await signIn();
    expect(toasts().at(-1)).toMatch(/^Welcome!:/);
  });

  it("gives the password rule's own length in the hint", async () => {
    renderAt('/auth');
    openRegister();
    const form = await screen.findByRole('form', { name: 'Register' });
    expect(within(form).getByText(`At least ${PASSWORD_MIN_LENGTH} characters.`)).toBeTruthy();
    expect(within(form).queryByText('At least 6 characters.')).toBeNull();
  });
});
