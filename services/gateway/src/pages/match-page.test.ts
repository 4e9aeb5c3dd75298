import { describe, expect, it } from 'vitest';
import { matchPage } from './match-page.js';

describe('matchPage', () => {
  it('gives the parameters of a matching path, decoded, without regard to case', () => {
    expect(matchPage('/book/:businessSlug', '/Book/harbour%20hair')).toEqual({
      businessSlug: 'harbour hair',
    });
    expect(matchPage('/pricing', '/pricing/')).toEqual({});
  });

  it('matches no other path, and no malformed escape', () => {
    expect(matchPage('/book/:businessSlug', '/book')).toBeNull();
    expect(matchPage('/book/:businessSlug', '/book/a/b')).toBeNull();
    expect(matchPage('/pricing', '/prices')).toBeNull();
    expect(matchPage('/book/:businessSlug', '/book/%zz')).toBeNull();
  });
});
