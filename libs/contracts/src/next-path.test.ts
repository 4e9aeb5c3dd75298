import { describe, expect, it } from 'vitest';
import { safeNextPath } from './next-path.js';

describe('safeNextPath', () => {
  it('keeps paths of this site, with their query and fragment', () => {
    expect(safeNextPath('/subscribe')).toBe('/subscribe');
    expect(safeNextPath('/dashboard?tab=staff#team')).toBe('/dashboard?tab=staff#team');
    expect(safeNextPath('/a/../subscribe')).toBe('/subscribe');
  });

  it('refuses anything that could leave the site', () => {
    for (const value of [
      'https://evil.example/subscribe',
      '//evil.example',
      '///evil.example',
      '/\\evil.example',
      '\\\\evil.example',
      'javascript:alert(1)',
      '/\t/evil.example',
      '/\n/evil.example',
      'subscribe',
      '',
      ' /subscribe',
    ]) {
      expect(safeNextPath(value), value).toBeNull();
    }
  });

  it('refuses non-strings, very long values and the sign-in page itself', () => {
    expect(safeNextPath(undefined)).toBeNull();
    expect(safeNextPath(['/subscribe'])).toBeNull();
    expect(safeNextPath(`/${'a'.repeat(600)}`)).toBeNull();
    expect(safeNextPath('/auth?next=/subscribe')).toBeNull();
  });
});
