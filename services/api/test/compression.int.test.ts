// JSON answers above 1 KB go compressed to clients that accept it; small ones, and clients that do
// not ask, get them as they are.
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ServiceListSchema } from '@slotwise/contracts';
import { type CreatedBusiness, createBusiness } from './support/fixtures.js';
import { createTestContext, type TestContext } from './support/test-app.js';

let ctx: TestContext;
let salon: CreatedBusiness;

beforeAll(async () => {
  ctx = await createTestContext();
  salon = await createBusiness(ctx.db, {
    name: 'Compression Salon',
    services: Array.from({ length: 30 }, (_, i) => ({ name: `Treatment number ${i + 1}` })),
  });
});

afterAll(async () => {
  await ctx?.close();
});

const servicesUrl = () => `/api/business/${salon.business.id}/services`;

describe('response compression', () => {
  it('sends a large JSON answer with brotli or gzip, whichever the client accepts', async () => {
    const plain = await ctx.request({ method: 'GET', url: servicesUrl() });
    expect(plain.headers['content-encoding']).toBeUndefined();
    const list = ServiceListSchema.parse(plain.json());
    expect(plain.rawPayload.length).toBeGreaterThan(1024);

    const br = await ctx.request({
      method: 'GET',
      url: servicesUrl(),
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString('utf8'))).toEqual(list);

    const gzip = await ctx.request({
      method: 'GET',
      url: servicesUrl(),
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString('utf8'))).toEqual(list);
  });

  it('leaves small answers as they are', async () => {
    const res = await ctx.request({
      method: 'GET',
      url: '/api/health',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
  });
});
