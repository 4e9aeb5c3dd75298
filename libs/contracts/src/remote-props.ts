/** Props the shell passes to every remote's `./App` (remotes own no session state of their own). */
export interface OwnerSession {
  accessToken: string;
  user: { id: string; email: string };
}

/** The session is 'loading' until the shell's start-up refresh answers (or is skipped). */
export type SessionStatus = 'loading' | 'signed-in' | 'signed-out';

export type ToastVariant = 'default' | 'success' | 'destructive' | 'info';

/** One notification for the shell's single toast region. */
export interface ToastMessage {
  title: string;
  description?: string;
  variant?: ToastVariant;
}

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
  /**
   * Shows a toast in the shell's notification region. Each remote bundles its own copy of the
   * design system, so its `toast()` reaches the page's one region only through this function
   * (`RemoteRoot` hands it to that copy).
   */
  notify(toast: ToastMessage): void;
}

/**
 * Public data a page needs before it can show anything: a GET route of the API table (its key,
 * e.g. 'GET business/slug/:slug') and, for each of the route's parameters, the page parameter
 * that fills it. A gateway that can (services/gateway) fetches these while serving the page and
 * embeds the answers in it, so the page's first screen needs no request of its own.
 */
export interface PageData {
  route: string;
  params?: Record<string, string>;
}

/** One page a remote serves, as it publishes it to the shell. */
export interface RemoteRoute {
  /** An absolute path pattern in react-router's form, e.g. '/book/:businessSlug'. */
  path: string;
  /** For signed-in owners only: the shell sends visitors to /auth instead. */
  ownerOnly?: boolean;
  /**
   * Drawn without the shell's header and footer (the booking widget's `/embed/{slug}`, shown in
   * an iframe on another site).
   */
  bare?: boolean;
  /** What the page shows first; see PageData. */
  data?: PageData[];
}

/**
 * The id of the `<script type="application/json">` block in which a gateway embeds a page's first
 * data: `{ "/api/business/slug/harbour-hair-studio": {…}, … }`, keyed by each call's URL path.
 */
export const PAGE_DATA_ELEMENT_ID = 'slotwise-page-data';

/**
 * Where a remote's `mf-manifest.json` carries its pages: `metaData.routes`, a `RemoteRoute[]`
 * (`metaData` is the part of the manifest a build may extend). The shell reads it at run time, so
 * a remote adds a page without a shell rebuild.
 */
export const MANIFEST_ROUTES_KEY = 'routes';

/**
 * The shell's run-time configuration, read from `remotes.json` beside its index.html. On the wire
 * the file maps each remote's name to its manifest URL, plus the optional `apiBaseUrl` key:
 * `{ "apiBaseUrl": "", "booking": "/remotes/booking/mf-manifest.json", … }`.
 */
export interface RemotesConfig {
  /** Base URL of the API for the shell and every remote; '' (the default) is the same origin. */
  apiBaseUrl: string;
  /** Remote (federation) name → absolute URL of its mf-manifest.json, in the file's order. */
  remotes: Record<string, string>;
}

/** The key of remotes.json that is not a remote. */
export const API_BASE_URL_KEY = 'apiBaseUrl';
