import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy } from './security-headers.js';

describe('contentSecurityPolicy', () => {
  it('allows scripts from this origin and Stripe only, and no framing', () => {
    const csp = contentSecurityPolicy();
    expect(csp).toContain("script-src 'self' https://js.stripe.com;");
    expect(csp).toContain("frame-ancestors 'none'");
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
      "script-src 'self' https://api.example.com https://cdn.example.com https://js.stripe.com;",
    );
    expect(csp).toContain("connect-src 'self' https://api.example.com https://cdn.example.com");
  });
});
