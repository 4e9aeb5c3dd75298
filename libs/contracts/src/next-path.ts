// Zod-free on purpose: the shell reads it on every sign-in without pulling the schema library in.

const BASE = 'https://slotwise.invalid';

/**
 * Where an owner goes after signing in when a page asked for it (`/auth?next=/subscribe`): a path
 * of this site, or null. Anything that could leave the site (`//evil.example`, `/\evil.example`,
 * `https://…`, `javascript:…`, control characters that URL parsers drop) is refused, so the
 * parameter can never redirect elsewhere; the sign-in pages themselves are refused too (a loop).
 */
export function safeNextPath(value: unknown): string | null {
  if (typeof value !== 'string' || value.length > 512) return null;
  if (!value.startsWith('/') || value.startsWith('//')) return null;
  // Browsers read a backslash as a slash ('/\evil.example' is '//evil.example').
  // eslint-disable-next-line no-control-regex
  if (/[\\\u0000-\u001f\u007f]/.test(value)) return null;
  let url: URL;
  try {
    url = new URL(value, BASE);
  } catch {
    return null;
  }
  if (url.origin !== BASE) return null;
  if (url.pathname === '/auth' || url.pathname.startsWith('/auth/')) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}
