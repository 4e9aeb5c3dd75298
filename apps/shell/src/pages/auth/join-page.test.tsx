// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type ApiClient } from '@slotwise/api-client';
import { ErrorCode, googleEmailMismatchMessage, TeamMessages } from '@slotwise/contracts';
import { useSessionStore } from '../../session/session-store';
import { type Handler, errorReply, fakeApi } from '../../testing/fake-api';
import JoinPage from './JoinPage';

const current: { client: ApiClient | null } = { client: null };
vi.mock('../../api/shell-api', () => ({
  useShellApi: () => current.client,
  shellApi: async () => current.client,
}));

const TOKEN = 'j'.repeat(43);
const ACCEPT = 'POST /api/invitations/accept';
const SESSION = { accessToken: 'access', user: { id: 'u1', email: 'mia@example.com' } };

function renderAt(path: string, google: boolean, routes: Record<string, Handler> = {}) {
  const api = fakeApi({ 'GET /api/auth/providers': { body: { google } }, ...routes });
  current.client = api.client;
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/join" element={<JoinPage />} />
          <Route path="/dashboard" element={<p>Dashboard</p>} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return api;
}

beforeEach(() => {
  useSessionStore.setState({ status: 'signed-out', session: null });
});
afterEach(() => cleanup());

describe('/join with Google', () => {
  it('offers Continue with Google when the server has Google, and nothing when not', async () => {
    renderAt(`/join?token=${TOKEN}`, true);
    expect(await screen.findByRole('button', { name: 'Continue with Google' })).toBeTruthy();
    cleanup();
    const api = renderAt(`/join?token=${TOKEN}`, false);
    await waitFor(() => expect(api.calls('GET', '/api/auth/providers')).toHaveLength(1));
    await new Promise((r) => setTimeout(r, 20));
    expect(screen.queryByRole('button', { name: /Google/ })).toBeNull();
    expect(screen.queryByText(/Google/)).toBeNull();
  });

  it('back from Google, accepts once with the Google account and opens the dashboard', async () => {
    const api = renderAt(`/join?token=${TOKEN}&google=1`, true, { [ACCEPT]: { body: SESSION } });
    expect(await screen.findByText('Dashboard')).toBeTruthy();
    expect(api.calls('POST', '/api/invitations/accept').map((r) => r.body)).toEqual([
      { token: TOKEN, google: true },
    ]);
  });

  it("shows the API's refusal of another Google address above the form", async () => {
    const message = googleEmailMismatchMessage('mia@example.com', 'sam@example.com');
    renderAt(`/join?token=${TOKEN}&google=1`, true, {
      [ACCEPT]: errorReply(403, message, ErrorCode.FORBIDDEN),
    });
    expect(await screen.findByText(message)).toBeTruthy();
    expect(screen.getByRole('form', { name: 'Join your team' })).toBeTruthy();
  });

  it('says so when Google sign-in did not complete', async () => {
    renderAt(`/join?token=${TOKEN}&error=google`, true);
    expect(await screen.findByText(TeamMessages.googleFailed)).toBeTruthy();
  });
});
