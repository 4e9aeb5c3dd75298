import { describe, expect, it } from 'vitest';
import { embedMessage, embedOptions, verifiedHostOrigin } from './embed-options';

describe('embedOptions', () => {
  it('reads the service, staff, prefill, accent, host origin and frame from the address', () => {
    const options = embedOptions(
      new URLSearchParams(
        'service=3&staff=7&name=Alex%20Citizen&email=a%40b.co&phone=0400123456&accent=0f766e' +
          '&origin=https%3A%2F%2Fshop.example.com%2Fbook%3Fx%3D1&frame=sw1',
      ),
    );
    expect(options).toEqual({
      serviceId: 3,
      staffId: 7,
      prefill: { name: 'Alex Citizen', email: 'a@b.co', phone: '0400123456' },
      accent: '#0f766e',
      hostOrigin: 'https://shop.example.com',
      frameId: 'sw1',
    });
  });

  it('drops what it cannot trust', () => {
    const options = embedOptions(
      new URLSearchParams(
        'service=abc&staff=-1&accent=red;background:url(x)&origin=javascript:alert(1)&frame=<x>',
      ),
    );
    expect(options).toMatchObject({
      serviceId: null,
      staffId: null,
      prefill: {},
      accent: null,
      hostOrigin: null,
      frameId: 'x',
    });
  });
});

describe('verifiedHostOrigin', () => {
  it('accepts the claimed origin only when the parent is of that origin', () => {
    const claimed = 'https://shop.example.com';
    expect(verifiedHostOrigin(claimed, { ancestorOrigin: claimed })).toBe(claimed);
    expect(verifiedHostOrigin(claimed, { ancestorOrigin: 'https://evil.example' })).toBeNull();
    expect(verifiedHostOrigin(claimed, { referrer: 'https://shop.example.com/page' })).toBe(
      claimed,
    );
    expect(verifiedHostOrigin(claimed, { referrer: 'https://evil.example/' })).toBeNull();
    expect(verifiedHostOrigin(null, { ancestorOrigin: claimed })).toBeNull();
  });
});

describe('embedMessage', () => {
  it('names its source and frame', () => {
    expect(embedMessage('sw2', 'ready')).toEqual({
      source: 'slotwise',
      frame: 'sw2',
      type: 'ready',
    });
  });
});
