/**
 * A page pattern ('/book/:businessSlug') against a path: the page's parameters (as written in the
 * path, decoded), or null. Matched without regard to case, as the shell's router does; a malformed
 * escape (%zz) names no page.
 */
export function matchPage(pattern: string, pathname: string): Record<string, string> | null {
  const want = pattern.split('/').filter(Boolean);
  const got = pathname.split('/').filter(Boolean);
  if (want.length !== got.length) return null;
  const params: Record<string, string> = {};
  try {
    for (const [i, segment] of want.entries()) {
      const value = got[i] ?? '';
      if (segment.startsWith(':')) params[segment.slice(1)] = decodeURIComponent(value);
      else if (segment.toLowerCase() !== value.toLowerCase()) return null;
    }
  } catch {
    return null;
  }
  return params;
}
