/** The refresh token's cookie (named in the contracts): httpOnly, SameSite=Lax, sent only to the auth calls. */
export { REFRESH_COOKIE_NAME as REFRESH_COOKIE } from '@slotwise/contracts';
export const REFRESH_COOKIE_PATH = '/api/auth';
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
export const REFRESH_TOKEN_TTL_DAYS = 30;
export const VERIFICATION_TOKEN_TTL_HOURS = 24;
export const PASSWORD_RESET_TOKEN_TTL_HOURS = 1;
/**
 * Forgot-password answers take at least this long, so an address with an account (a token and an
 * email written) cannot be told from one without by the response time.
 */
export const FORGOT_PASSWORD_MIN_RESPONSE_MS = 250;
/** Injection token of the HS256 key (JWT_SECRET, or a random per-process key outside production). */
export const JWT_SIGNING_KEY = Symbol('JWT_SIGNING_KEY');
/** Metadata key: the 401 text of a guarded route ('Authentication required' otherwise). */
export const AUTH_REQUIRED_MESSAGE = 'slotwise:auth-required-message';
export const DEFAULT_AUTH_REQUIRED_MESSAGE = 'Authentication required';
