import { matchPath } from 'react-router';
import { type RemotesConfig } from '@slotwise/contracts';

export type RemoteName = keyof RemotesConfig;
/** Shell-owned pages besides the remotes' areas (each is its own lazily loaded chunk). */
export type ShellPage = 'auth' | 'verify-email' | 'dev-outbox';
export type Area = RemoteName | ShellPage | 'not-found';

export const REMOTE_NAMES: readonly RemoteName[] = ['booking', 'dashboard', 'marketing'];

/**
 * Which app owns which path. The shell decides the area; the remote renders its own <Routes> for
 * the same paths under the shell's splat route. Unknown paths get the shell's 404 page.
 */
export const ROUTE_TABLE: ReadonlyArray<{ path: string; area: Exclude<Area, 'not-found'> }> = [
  { path: '/', area: 'marketing' },
  { path: '/how-it-works', area: 'marketing' },
  { path: '/about', area: 'marketing' },
  { path: '/features', area: 'marketing' },
  { path: '/pricing', area: 'marketing' },
  { path: '/support', area: 'marketing' },
  { path: '/privacy', area: 'marketing' },
  { path: '/terms', area: 'marketing' },
  { path: '/partners', area: 'booking' },
  { path: '/book/:businessSlug', area: 'booking' },
  { path: '/cancel', area: 'booking' },
  { path: '/reschedule', area: 'booking' },
  { path: '/dashboard', area: 'dashboard' },
  { path: '/settings', area: 'dashboard' },
  { path: '/subscribe', area: 'dashboard' },
  // Testing Tools (decision 16): signed-in pages of the dashboard remote.
  { path: '/email-test', area: 'dashboard' },
  { path: '/sms-test', area: 'dashboard' },
  { path: '/auth', area: 'auth' },
  { path: '/verify-email', area: 'verify-email' },
  { path: '/dev/outbox', area: 'dev-outbox' },
];

/** Signed-in owners only (spec section 2): redirect to /auth when signed out. */
export function isProtectedArea(area: Area): boolean {
  return area === 'dashboard';
}

export function areaForPath(pathname: string): Area {
  const hit = ROUTE_TABLE.find(({ path }) => matchPath({ path, end: true }, pathname));
  return hit?.area ?? 'not-found';
}
