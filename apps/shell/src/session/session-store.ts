import { useSyncExternalStore } from 'react';
import { type OwnerSession, type SessionStatus } from '@slotwise/contracts';

/**
 * The owner's session (spec section 4), owned by the shell and handed to the remotes as props. It
 * lives in memory only: the refresh token is an httpOnly cookie, so a reload restores the session
 * with one POST /api/auth/refresh. Kept free of libraries so every page (even /book) stays light.
 */
export interface SessionState {
  status: SessionStatus;
  session: OwnerSession | null;
}

const SIGNED_OUT: SessionState = { status: 'signed-out', session: null };

let state: SessionState = { status: 'loading', session: null };
const listeners = new Set<() => void>();

function setState(next: SessionState): void {
  state = next;
  if (next.status !== 'loading') writeHint(next.status === 'signed-in');
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function getSessionState(): SessionState {
  return state;
}

export function useSessionState(): SessionState {
  return useSyncExternalStore(subscribe, getSessionState, getSessionState);
}

function isSession(body: unknown): body is OwnerSession {
  const b = body as Partial<OwnerSession> | null;
  return typeof b?.accessToken === 'string' && typeof b.user?.id === 'string';
}

/**
 * A non-secret hint that this browser had a session: visitors (most of /book's traffic) then skip
 * the start-up refresh and its 401 altogether. Protected pages always try, so a session made
 * elsewhere (Google sign-in lands on /dashboard) is still picked up.
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

/** Start-up: restore the session when there may be one (spec section 4), else signed out at once. */
export function restoreSession(mustCheck: boolean): void {
  if (mustCheck || readHint()) void refreshSession();
  else setState(SIGNED_OUT);
}

let inflight: Promise<string | null> | null = null;

/**
 * A new access token from the refresh cookie, or null when there is no session. Concurrent callers
 * share one request: refresh tokens rotate, and a second use of the old one would end the session.
 */
export function refreshSession(): Promise<string | null> {
  inflight ??= (async () => {
    try {
      const response = await fetch('/api/auth/refresh', {
        method: 'POST',
        credentials: 'include',
        headers: { Accept: 'application/json' },
      });
      // Read every body, even a 401's: an unread one keeps the connection busy (and the page never
      // reaches network idle).
      const text = await response.text();
      const body: unknown = response.ok && text ? JSON.parse(text) : null;
      if (!isSession(body)) {
        setState(SIGNED_OUT);
        return null;
      }
      setState({
        status: 'signed-in',
        session: { accessToken: body.accessToken, user: body.user },
      });
      return body.accessToken;
    } catch {
      // The API is unreachable: a visitor browses on signed out; a signed-in owner keeps the
      // session they have (the next call will try again).
      if (state.status === 'loading') setState(SIGNED_OUT);
      return null;
    } finally {
      inflight = null;
    }
  })();
  return inflight;
}

/** After a successful POST /api/auth/login. */
export function startSession(session: OwnerSession): void {
  setState({ status: 'signed-in', session });
}

/** POST /api/auth/logout (revokes the refresh token), then forgets the session. Throws on failure. */
export async function endSession(): Promise<void> {
  const token = state.session?.accessToken;
  const response = await fetch('/api/auth/logout', {
    method: 'POST',
    credentials: 'include',
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  });
  await response.text();
  // 401: the session had already ended on the server, which is what the owner asked for anyway.
  if (!response.ok && response.status !== 401) {
    throw new Error(`${response.status} ${response.statusText}`);
  }
  setState(SIGNED_OUT);
}
