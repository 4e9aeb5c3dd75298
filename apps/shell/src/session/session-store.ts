import { create } from 'zustand';
import {
  type AcceptInvitationRequest,
  type LoginRequest,
  type OwnerSession,
  type SessionStatus,
} from '@slotwise/contracts';

/**
 * The owner's session, owned by the shell and handed to the remotes as props. It lives in memory
 * only: the refresh token is an httpOnly cookie, so a reload restores the session with one
 * POST /api/auth/refresh. The HTTP client loads only when a call is made (see session-api.ts).
 */
export interface SessionState {
  status: SessionStatus;
  session: OwnerSession | null;
}

const SIGNED_OUT: SessionState = { status: 'signed-out', session: null };

export const useSessionStore = create<SessionState>(() => ({ status: 'loading', session: null }));

export function getSessionState(): SessionState {
  return useSessionStore.getState();
}

export function useSessionState(): SessionState {
  return useSessionStore();
}

const sessionApi = () => import('./session-api');

/**
 * A non-secret hint that this browser had a session: visitors (most of /book's traffic) then skip
 * the start-up refresh and its 401 altogether. Pages for signed-in owners always try, so a session
 * made elsewhere (Google sign-in lands on /dashboard) is still picked up.
 */
const HINT_KEY = 'slotwise.hasSession';

function readHint(): boolean {
  try {
    return localStorage.getItem(HINT_KEY) === '1';
  } catch {
    return true;
  }
}

function writeHint(on: boolean): void {
  try {
    if (on) localStorage.setItem(HINT_KEY, '1');
    else localStorage.removeItem(HINT_KEY);
  } catch {
    // Storage disabled: every start-up simply asks the server.
  }
}

useSessionStore.subscribe((state) => {
  if (state.status !== 'loading') writeHint(state.status === 'signed-in');
});

/**
 * Start-up: restore the session when there may be one, else signed out. With the hint the refresh
 * starts at once; without it, `mustCheck` (whether the page is for signed-in owners, which may take
 * the remotes' route lists to tell) decides.
 */
export function restoreSession(mustCheck: boolean | Promise<boolean>): void {
  if (readHint()) {
    void refreshSession();
    return;
  }
  void Promise.resolve(mustCheck).then((check) => {
    if (check) void refreshSession();
    else if (getSessionState().status === 'loading') useSessionStore.setState(SIGNED_OUT);
  });
}

let inflight: Promise<string | null> | null = null;

/**
 * A new access token from the refresh cookie, or null when there is no session. Concurrent callers
 * share one request: refresh tokens rotate, and a second use of the old one would end the session.
 */
export function refreshSession(): Promise<string | null> {
  inflight ??= (async () => {
    try {
      const outcome = await sessionApi().then(
        (api) => api.requestRefresh(),
        () => 'unreachable' as const,
      );
      if (outcome === 'unreachable') {
        // A visitor browses on signed out; a signed-in owner keeps the session they have (the
        // next call will try again).
        if (getSessionState().status === 'loading') useSessionStore.setState(SIGNED_OUT);
        return null;
      }
      if (outcome === 'no-session') {
        useSessionStore.setState(SIGNED_OUT);
        return null;
      }
      useSessionStore.setState({ status: 'signed-in', session: outcome });
      return outcome.accessToken;
    } finally {
      inflight = null;
    }
  })();
  return inflight;
}

/**
 * Signs in with email and password; throws the API's error (its message is shown) when refused.
 * Answers whether the API says it was the account's first sign-in (undefined: it did not say).
 */
export async function signIn(credentials: LoginRequest): Promise<boolean | undefined> {
  const { session, firstSignIn } = await (await sessionApi()).requestLogin(credentials);
  useSessionStore.setState({ status: 'signed-in', session });
  return firstSignIn;
}

/** Accepts a team invitation (a new account, or an existing one by its password) and signs in. */
export async function acceptInvitation(body: AcceptInvitationRequest): Promise<void> {
  const session = await (await sessionApi()).requestAcceptInvitation(body);
  useSessionStore.setState({ status: 'signed-in', session });
}

/** Forgets the session here only, e.g. once a password reset has ended it on the server. */
export function forgetSession(): void {
  if (getSessionState().status !== 'signed-out') useSessionStore.setState(SIGNED_OUT);
}

/** Revokes the refresh token, then forgets the session. Throws when the API did not confirm it. */
export async function endSession(): Promise<void> {
  await (await sessionApi()).requestLogout(getSessionState().session?.accessToken);
  useSessionStore.setState(SIGNED_OUT);
}
