import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './support/test-app.js';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
});

afterAll(async () => {
  await ctx?.close();
});

it('answers the development mailbox only to connections from this machine', async () => {
  for (const remoteAddress of ['127.0.0.1', '::1']) {
    const res = await ctx.request({ method: 'GET', url: '/api/dev/outbox', remoteAddress });
    expect(res.statusCode, remoteAddress).toBe(200);
  }
  // Another machine, even claiming to be forwarded for this one, gets what a missing route gets.
  const res = await ctx.request({
    method: 'GET',
    url: '/api/dev/outbox',
    remoteAddress: '192.0.2.10',
    headers: { 'x-forwarded-for': '127.0.0.1', 'x-real-ip': '127.0.0.1' },
  });
  expect(res.statusCode).toBe(404);
  expect(res.json()).toMatchObject({ statusCode: 404, code: 'NOT_FOUND' });
});
