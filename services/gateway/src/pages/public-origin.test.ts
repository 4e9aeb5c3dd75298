import { describe, expect, it } from 'vitest';
import { parsePublicUrl, publicOrigin, requestOrigin } from './public-origin.js';

const req = (headers: Record<string, string>, protocol: 'http' | 'https' = 'http') => ({
  headers,
  protocol,
});

describe('parsePublicUrl', () => {
  it("keeps a URL's origin, nothing for unset, and refuses anything else", () => {
    expect(parsePublicUrl('https://Slotwise.example/app/')).toBe('https://slotwise.example');
    expect(parsePublicUrl('http://localhost:8080')).toBe('http://localhost:8080');
    for (const unset of [undefined, null, '', '  ']) expect(parsePublicUrl(unset)).toBeNull();
    for (const bad of ['slotwise.example', 'ftp://slotwise.example', 'javascript:alert(1)'])
      expect(() => parsePublicUrl(bad), bad).toThrow(/PUBLIC_URL/);
  });
});

describe('requestOrigin', () => {
  it('is the Host the visitor used, https behind a TLS terminator', () => {
    expect(requestOrigin(req({ host: 'Book.Example.com:8080' }))).toBe(
      'http://book.example.com:8080',
    );
    expect(requestOrigin(req({ host: 'x.example', 'x-forwarded-proto': 'https, http' }))).toBe(
      'https://x.example',
    );
    expect(requestOrigin(req({ host: 'x.example' }, 'https'))).toBe('https://x.example');
    expect(requestOrigin(req({ host: '[::1]:3000' }))).toBe('http://[::1]:3000');
  });

  it('takes no Host that is not a host name', () => {
    for (const host of ['', 'x.example/evil', 'a"b', '<x>', 'x.example:80:80', 'user@x.example'])
      expect(requestOrigin(req({ host })), host).toBe('http://localhost');
  });

  it('gives way to PUBLIC_URL', () => {
    expect(publicOrigin('https://slotwise.example', req({ host: 'x.example' }))).toBe(
      'https://slotwise.example',
    );
    expect(publicOrigin(null, req({ host: 'x.example' }))).toBe('http://x.example');
  });
});
