/** Props the shell passes to every remote's `./App` (remotes own no session state of their own). */
export interface OwnerSession {
  accessToken: string;
  user: { id: string; email: string };
}

/** Spec section 4: the session is loading until the start-up refresh answers. */
export type SessionStatus = 'loading' | 'signed-in' | 'signed-out';

export interface RemoteAppProps {
  /** The path prefix the shell mounted this remote under (usually ''). */
  basePath: string;
  /** Base URL of the API; '' means same origin ('/api/...'). */
  apiBaseUrl: string;
  /** The signed-in owner, or null for visitors (and while the session is loading). */
  session: OwnerSession | null;
  sessionStatus: SessionStatus;
  /**
   * Asks the shell for a new access token (POST /api/auth/refresh, shared by concurrent callers);
   * null when the session has ended, in which case the shell is already signed out.
   */
  refreshSession(): Promise<string | null>;
  /** Signs out through the shell (which owns the session and shows the toasts). */
  signOut(): Promise<void>;
}

/** The shell's run-time map of remote name → manifest URL, served as `remotes.json` beside it. */
export type RemotesConfig = Record<'booking' | 'dashboard' | 'marketing', string>;
