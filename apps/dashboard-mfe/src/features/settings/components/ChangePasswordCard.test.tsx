// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { ApiClientProvider } from '@slotwise/api-client';
import { AuthMessages, ErrorCode } from '@slotwise/contracts';
import { QUERY_DEFAULTS } from '@slotwise/ui';
import { type Handler, errorReply, fakeApi } from '../../../testing/fake-api';
import { toasts } from '../../../testing/screen';
import { PasswordCard } from './ChangePasswordCard';

const USER = { id: 'u-1', email: 'owner@example.com' };
const ME = 'GET /api/auth/me';
const CHANGE = 'POST /api/auth/change-password';

function renderCard(routes: Record<string, Handler>) {
  const api = fakeApi(routes);
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: QUERY_DEFAULTS })}>
      <ApiClientProvider client={api.client}>
        <MemoryRouter>
          <PasswordCard user={USER} />
        </MemoryRouter>
      </ApiClientProvider>
    </QueryClientProvider>,
  );
  return api;
}

const withPassword = { body: { user: USER, hasPassword: true } };

async function theForm() {
  const form = await screen.findByRole('form', { name: 'Change password' });
  const field = (label: string) => within(form).getByLabelText(label) as HTMLInputElement;
  return {
    form,
    field,
    type: (label: string, value: string) => fireEvent.change(field(label), { target: { value } }),
    submit: () => fireEvent.click(within(form).getByRole('button', { name: 'Change Password' })),
  };
}

describe('the Change password card', () => {
  it('says it keeps this session and signs out the others', async () => {
    renderCard({ [ME]: withPassword });
    await theForm();
    expect(
      screen.getByText(
        'Changing your password keeps you signed in here and signs you out on every other device.',
      ),
    ).toBeTruthy();
  });

  it("checks the new password with sign-up's rules before sending anything", async () => {
    const api = renderCard({ [ME]: withPassword });
    const { form, type, submit } = await theForm();
    submit();
    expect(await within(form).findByText('Please enter your current password')).toBeTruthy();
    type('Current Password', 'old-secret');
    type('New Password', 'new-secret');
    type('Confirm New Password', 'new-secreT');
    submit();
    expect(await within(form).findByText("Passwords don't match")).toBeTruthy();
    expect(api.calls('POST', '/api/auth/change-password')).toEqual([]);
  });

  it('changes the password, empties the form and confirms with a toast', async () => {
    const api = renderCard({
      [ME]: withPassword,
      [CHANGE]: { body: { message: AuthMessages.passwordChanged } },
    });
    const { field, type, submit } = await theForm();
    type('Current Password', 'old-secret');
    type('New Password', 'new-secret');
    type('Confirm New Password', 'new-secret');
    submit();
    await waitFor(() =>
      expect(toasts()).toEqual([`Password changed: ${AuthMessages.passwordChanged}`]),
    );
    expect(api.calls('POST', '/api/auth/change-password').map((r) => r.body)).toEqual([
      { currentPassword: 'old-secret', newPassword: 'new-secret' },
    ]);
    expect(field('Current Password').value).toBe('');
    expect(field('New Password').value).toBe('');
  });

  it('shows a wrong current password beside that field, without a toast', async () => {
    renderCard({
      [ME]: withPassword,
      [CHANGE]: {
        status: 400,
        body: {
          statusCode: 400,
          error: 'Bad Request',
          message: AuthMessages.wrongCurrentPassword,
          code: ErrorCode.VALIDATION_FAILED,
          issues: [{ path: 'currentPassword', message: AuthMessages.wrongCurrentPassword }],
        },
      },
    });
    const { form, field, type, submit } = await theForm();
    type('Current Password', 'wrong-one');
    type('New Password', 'new-secret');
    type('Confirm New Password', 'new-secret');
    submit();
    const message = await within(form).findByText(AuthMessages.wrongCurrentPassword);
    expect(field('Current Password').getAttribute('aria-invalid')).toBe('true');
    expect(field('Current Password').getAttribute('aria-describedby')).toContain(message.id);
    expect(toasts()).toEqual([]);
    // Typing again clears it.
    type('Current Password', 'old-secret');
    expect(within(form).queryByText(AuthMessages.wrongCurrentPassword)).toBeNull();
  });

  it("toasts other refusals with the server's message", async () => {
    renderCard({
      [ME]: withPassword,
      [CHANGE]: errorReply(
        429,
        'Too many attempts. Please wait a minute and try again.',
        'RATE_LIMITED',
      ),
    });
    const { type, submit } = await theForm();
    type('Current Password', 'old-secret');
    type('New Password', 'new-secret');
    type('Confirm New Password', 'new-secret');
    submit();
    await waitFor(() =>
      expect(toasts()).toEqual([
        'Password not changed: Too many attempts. Please wait a minute and try again.',
      ]),
    );
  });

  it('tells an owner who signs in with Google how to set a first password', async () => {
    renderCard({ [ME]: { body: { user: USER, hasPassword: false } } });
    expect(await screen.findByText('You sign in with Google')).toBeTruthy();
    expect(screen.queryByRole('form')).toBeNull();
    expect(screen.getByText(/email a link to owner@example\.com/)).toBeTruthy();
    const link = screen.getByRole('link', { name: 'Set a Password' });
    expect(link.getAttribute('href')).toBe('/forgot-password');
  });

  it('says so while loading and when the account cannot be read', async () => {
    renderCard({ [ME]: errorReply(500, 'Something went wrong', 'INTERNAL') });
    expect(screen.getByRole('status').textContent).toBe('Loading your account...');
    expect(await screen.findByText('Could not load your account')).toBeTruthy();
  });
});
