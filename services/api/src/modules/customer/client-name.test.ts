import { describe, expect, it } from 'vitest';
import { clientNameKey } from './client-name.js';

describe('clientNameKey', () => {
  it('ignores case, spaces and accents', () => {
    expect(clientNameKey('  Zoë ', 'SMITH  ')).toBe('zoe smith');
    expect(clientNameKey('Zoe', 'Smith')).toBe(clientNameKey('zoë', 'smith'));
    expect(clientNameKey('Mary  Ann', 'Lee')).toBe('mary ann lee');
  });

  it('tells two people apart', () => {
    expect(clientNameKey('Olivia', 'Brown')).not.toBe(clientNameKey('Chloe', 'Wilson'));
  });

  it('is the first name alone when the last is blank', () => {
    expect(clientNameKey('Sam', '')).toBe('sam');
  });
});
