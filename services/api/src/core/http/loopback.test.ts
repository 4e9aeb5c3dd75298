import { describe, expect, it } from 'vitest';
import { isLoopbackAddress } from './loopback.js';

describe('isLoopbackAddress', () => {
  it('accepts this machine’s loopback addresses only', () => {
    for (const a of ['127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.1']) {
      expect(isLoopbackAddress(a), a).toBe(true);
    }
    for (const a of [
      '192.0.2.2',
      '::ffff:192.0.2.2',
      'fd00::2',
      '10.0.0.1',
      '',
      undefined,
      '127',
    ]) {
      expect(isLoopbackAddress(a), String(a)).toBe(false);
    }
  });
});
