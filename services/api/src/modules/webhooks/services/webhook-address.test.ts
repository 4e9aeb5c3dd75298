import { describe, expect, it } from 'vitest';
import { checkWebhookUrl, refusedAddress } from './webhook-address.js';

describe('webhook addresses', () => {
  it('refuses private, loopback, link-local, unique-local and mapped addresses', () => {
    for (const a of [
      '10.1.2.3',
      '172.16.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '127.0.0.1',
      '::1',
      'fd00::1',
      'fe80::1',
      '::ffff:10.0.0.1',
      '0.0.0.0',
      '100.64.0.1',
    ]) {
      expect(refusedAddress(a, false), a).not.toBeNull();
    }
    expect(refusedAddress('8.8.8.8', false)).toBeNull();
    expect(refusedAddress('2606:4700::1111', false)).toBeNull();
  });

  it('lets loopback (only) through when allowed', () => {
    expect(refusedAddress('127.0.0.1', true)).toBeNull();
    expect(refusedAddress('::1', true)).toBeNull();
    expect(refusedAddress('10.0.0.1', true)).not.toBeNull();
  });

  it('wants https unless loopback is allowed, and no credentials', async () => {
    await expect(checkWebhookUrl('http://8.8.8.8/x', false)).rejects.toThrow('https');
    await expect(checkWebhookUrl('https://u:p@8.8.8.8/x', false)).rejects.toThrow('password');
    await expect(checkWebhookUrl('https://[fd00::1]/x', false)).rejects.toThrow('private');
    await expect(checkWebhookUrl('http://127.0.0.1:9/x', true)).resolves.toBeInstanceOf(URL);
    await expect(checkWebhookUrl('https://localhost/x', false)).rejects.toThrow('loopback');
  });
});
