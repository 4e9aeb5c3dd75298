/** Props the shell passes to every remote's `./App` (remotes own no session state of their own). */
export interface OwnerSession {
  accessToken: string;
  user: { id: string; email: string };
}

export interface RemoteAppProps {
  /** The path prefix the shell mounted this remote under (usually ''). */
  basePath: string;
  /** Base URL of the API; '' means same origin ('/api/...'). */
  apiBaseUrl: string;
  /** The signed-in owner, or null for visitors. */
  session: OwnerSession | null;
}

/** The shell's run-time map of remote name → manifest URL, served as `remotes.json` beside it. */
export type RemotesConfig = Record<'booking' | 'dashboard' | 'marketing', string>;
