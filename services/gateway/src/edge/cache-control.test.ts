import { describe, expect, it } from 'vitest';
import { cacheControlFor } from './cache-control.js';

describe('cacheControlFor', () => {
  it('caches hashed files and their precompressed copies for a year', () => {
    for (const file of ['/main.0a1b2c3d.js', '/r/156.f0d86775.js.br', '/main.0a1b2c3d.css.gz'])
      expect(cacheControlFor(file)).toBe('public, max-age=31536000, immutable');
  });

  it('revalidates everything else', () => {
    for (const file of ['/index.html', '/remotes.json', '/r/mf-manifest.json', '/r/remoteEntry.js'])
      expect(cacheControlFor(file)).toBe('no-cache');
  });
});
