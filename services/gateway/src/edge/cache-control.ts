/**
 * Hashed files (main.8eeba6b1.js) never change: cached for a year. Everything else (HTML, the
 * manifests, remoteEntry.js, remotes.json, robots.txt, unhashed shared copies) is revalidated, so
 * a redeploy shows at the next load. A precompressed copy (x.js.br) is cached as its file.
 */
export function cacheControlFor(path: string): string {
  const file = path.replace(/\.(br|gz)$/, '');
  return /\.[0-9a-f]{8,}\.[a-z0-9]+$/.test(file)
    ? 'public, max-age=31536000, immutable'
    : 'no-cache';
}
