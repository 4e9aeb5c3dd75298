import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy, isFrameablePath } from './security-headers.js';
import { LOADER_SCRIPT, LOADER_SCRIPT_HASH } from '../pages/page-html.js';

describe('contentSecurityPolicy', () => {
  it('allows scripts from this origin and Stripe only, and no framing', () => {
    const csp = contentSecurityPolicy();
    // The one inline script: the loader of a server-rendered page's scripts, by its hash.
    expect(csp).toContain(`script-src 'self' ${LOADER_SCRIPT_HASH} https://js.stripe.com;`);
    expect(LOADER_SCRIPT_HASH).toBe(
      `'sha256-${createHash('sha256').update(LOADER_SCRIPT).digest('base64')}'`,
    );
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("frame-src 'self' https://js.stripe.com https://hooks.stripe.com;");
    expect(csp).not.toContain('unsafe-eval');
  });

  it('adds the origins remotes.json names, and nothing for what is not a URL', () => {
    const csp = contentSecurityPolicy({
      apiBaseUrl: 'https://api.example.com',
      booking: 'https://cdn.example.com/booking/mf-manifest.json',
      marketing: '/remotes/marketing/mf-manifest.json',
      odd: 'https://[bad',
      count: 3,
    });
    expect(csp).toContain(
      `script-src 'self' ${LOADER_SCRIPT_HASH} https://api.example.com https://cdn.example.com https://js.stripe.com;`,
    );
    expect(csp).toContain("connect-src 'self' https://api.example.com https://cdn.example.com");
  });

  it('lets other sites frame only the booking widget', () => {
    expect(contentSecurityPolicy({}, { frameable: true })).toContain('frame-ancestors *');
    expect(isFrameablePath('/embed/harbour-hair')).toBe(true);
    expect(isFrameablePath('/embed/harbour-hair/?service=2')).toBe(true);
    for (const url of ['/embed', '/embed/', '/embed/a/b', '/embed.js', '/book/x', '/x/embed/y'])
      expect(isFrameablePath(url), url).toBe(false);
  });
});
