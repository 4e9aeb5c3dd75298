import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './support/test-app.js';

const FRONT_END = 'https://app.example.com';

describe('CORS', () => {
  let configured: TestContext;
  let plain: TestContext;

  beforeAll(async () => {
    configured = await createTestContext({ env: { CORS_ORIGINS: FRONT_END } });
    plain = await createTestContext();
  });
  afterAll(async () => {
    await configured?.close();
    await plain?.close();
  });

  const preflight = (ctx: TestContext, origin: string) =>
    ctx.request({
      method: 'OPTIONS',
      url: '/api/auth/login',
      headers: {
        origin,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type',
      },
    });

  it('answers a configured front-end origin, with credentials', async () => {
    const res = await configured.request({
      method: 'GET',
      url: '/api/health',
      headers: { origin: FRONT_END },
    });
    expect(res.headers['access-control-allow-origin']).toBe(FRONT_END);
    expect(res.headers['access-control-allow-credentials']).toBe('true');
    const pre = await preflight(configured, FRONT_END);
    expect(pre.statusCode).toBeLessThan(300);
    expect(pre.headers['access-control-allow-origin']).toBe(FRONT_END);
  });

  it('gives any other origin no CORS headers', async () => {
    const res = await configured.request({
      method: 'GET',
      url: '/api/health',
      headers: { origin: 'https://evil.example.net' },
    });
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
    const pre = await preflight(configured, 'https://evil.example.net');
    expect(pre.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('answers no origin at all by default (the gateway serves one origin)', async () => {
    const res = await plain.request({
      method: 'GET',
      url: '/api/health',
      headers: { origin: FRONT_END },
    });
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });
});
