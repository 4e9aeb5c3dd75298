import { useLocation, useSearchParams } from 'react-router';
import { safeNextPath } from '@slotwise/contracts';

/**
 * Where the owner was going: `?next=` (Pricing's "Choose Professional" sends
 * `/auth?next=/subscribe`, the verification email brings it back), else the signed-in page that
 * sent them to sign in. Only a path of this site is taken (safeNextPath): no redirect elsewhere.
 */
export function useNextPath(): string | null {
  const [params] = useSearchParams();
  const from = (useLocation().state as { from?: unknown } | null)?.from;
  return safeNextPath(params.get('next')) ?? safeNextPath(from);
}

/** `/auth?next=%2Fsubscribe`, or the path alone when there is nowhere to go on to. */
export function withNext(path: string, next: string | null): string {
  return next ? `${path}?next=${encodeURIComponent(next)}` : path;
}
