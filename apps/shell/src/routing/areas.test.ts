import { describe, expect, it } from 'vitest';
import { areaForPath } from './areas';

describe('areaForPath', () => {
  it('maps each public route to the app that owns it', () => {
    expect(areaForPath('/')).toBe('marketing');
    expect(areaForPath('/pricing')).toBe('marketing');
    expect(areaForPath('/partners')).toBe('booking');
    expect(areaForPath('/book/harbour-hair-studio')).toBe('booking');
    expect(areaForPath('/cancel')).toBe('booking');
    expect(areaForPath('/dashboard')).toBe('dashboard');
    expect(areaForPath('/subscribe')).toBe('dashboard');
    expect(areaForPath('/auth')).toBe('auth');
  });

  it('tolerates a trailing slash and sends unknown paths to the 404 page', () => {
    expect(areaForPath('/partners/')).toBe('booking');
    expect(areaForPath('/book')).toBe('not-found');
    expect(areaForPath('/book/a/b')).toBe('not-found');
    expect(areaForPath('/email-test')).toBe('not-found');
    expect(areaForPath('/definitely/not/here')).toBe('not-found');
  });
});
