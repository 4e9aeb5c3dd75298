import { isApiError } from '@slotwise/api-client';
import {
  type AcceptInvitationRequest,
  ErrorCode,
  type LoginRequest,
  type Membership,
  type OwnerSession,
  apiRoutes,
} from '@slotwise/contracts';
import { shellApi } from '../api/shell-api';

function isSession(body: unknown): body is OwnerSession {
  const b = body as Partial<OwnerSession> | null;
  return typeof b?.accessToken === 'string' && typeof b.user?.id === 'string';
}

const toSession = (body: OwnerSession): OwnerSession => ({
  accessToken: body.accessToken,
  user: body.user,
});

/** What POST /api/auth/refresh said: a session, no session, or nothing (the API is unreachable). */
export type RefreshOutcome = OwnerSession | 'no-session' | 'unreachable';

export async function requestRefresh(): Promise<RefreshOutcome> {
  try {
    const body = await (await shellApi()).request(apiRoutes.auth.refresh);
    return isSession(body) ? toSession(body) : 'no-session';
  } catch (error) {
    // Any answer at all (401, 429, 500…) means there is no session to restore.
    return isApiError(error) && error.status > 0 ? 'no-session' : 'unreachable';
  }
}

/**
 * POST /api/auth/login; throws the API's error (its message is shown) when refused. `firstSignIn`
 * is the API's word on whether the account had ever signed in (undefined: it did not say).
 */
export async function requestLogin(
  credentials: LoginRequest,
): Promise<{ session: OwnerSession; firstSignIn: boolean | undefined }> {
  const body = await (await shellApi()).request(apiRoutes.auth.login, { body: credentials });
  return { session: toSession(body), firstSignIn: body.firstSignIn };
}

/** POST /api/invitations/accept: joins the business and signs in, like a login. */
export async function requestAcceptInvitation(
  body: AcceptInvitationRequest,
): Promise<OwnerSession> {
  return toSession(await (await shellApi()).request(apiRoutes.team.accept, { body }));
}

/** POST /api/auth/logout (revokes the refresh token). Throws when the API did not confirm it. */
export async function requestLogout(accessToken: string | undefined): Promise<void> {
  try {
    await (
      await shellApi()
    ).request(apiRoutes.auth.logout, {
      headers: accessToken ? { Authorization: `Bearer ${accessToken}` } : {},
    });
  } catch (error) {
    // An unauthorised answer: the session had already ended there, which is what was asked for.
    if (isApiError(error) && error.code === ErrorCode.UNAUTHORIZED) return;
    throw error;
  }
}

/** GET /api/me/memberships with the session's token; a 401 (token expired) refreshes once. */
export async function requestMemberships(
  accessToken: string,
  refresh: () => Promise<string | null>,
): Promise<Membership[]> {
  const api = await shellApi();
  const ask = (token: string) =>
    api.request(apiRoutes.team.memberships, { headers: { Authorization: `Bearer ${token}` } });
  try {
    return await ask(accessToken);
  } catch (error) {
    if (!isApiError(error) || error.status !== 401) throw error;
    const fresh = await refresh();
    if (!fresh) return [];
    return ask(fresh);
  }
}
