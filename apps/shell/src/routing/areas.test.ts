import { describe, expect, it } from 'vitest';
import { areaForPath, isProtectedArea } from './areas';

describe('areaForPath', () => {
  it('maps each public route to the app that owns it', () => {
    expect(areaForPath('/')).toBe('marketing');
    expect(areaForPath('/pricing')).toBe('marketing');
    expect(areaForPath('/partners')).toBe('booking');
    expect(areaForPath('/book/harbour-hair-studio')).toBe('booking');
    expect(areaForPath('/cancel')).toBe('booking');
    expect(areaForPath('/dashboard')).toBe('dashboard');
    expect(areaForPath('/subscribe')).toBe('dashboard');
    expect(areaForPath('/email-test')).toBe('dashboard');
    expect(areaForPath('/sms-test')).toBe('dashboard');
    expect(areaForPath('/auth')).toBe('auth');
    expect(areaForPath('/verify-email')).toBe('verify-email');
    expect(areaForPath('/dev/outbox')).toBe('dev-outbox');
  });

  it('protects the owner area only', () => {
    expect(isProtectedArea(areaForPath('/settings'))).toBe(true);
    expect(isProtectedArea(areaForPath('/email-test'))).toBe(true);
    expect(isProtectedArea(areaForPath('/sms-test'))).toBe(true);
    expect(isProtectedArea(areaForPath('/book/x'))).toBe(false);
    expect(isProtectedArea(areaForPath('/auth'))).toBe(false);
  });

  it('tolerates a trailing slash and sends unknown paths to the 404 page', () => {
    expect(areaForPath('/partners/')).toBe('booking');
    expect(areaForPath('/book')).toBe('not-found');
    expect(areaForPath('/book/a/b')).toBe('not-found');
    expect(areaForPath('/email-test/x')).toBe('not-found');
    expect(areaForPath('/definitely/not/here')).toBe('not-found');
  });
});
