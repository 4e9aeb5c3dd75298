import { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorResponseSchema, HealthResponseSchema } from '@slotwise/contracts';
import { createTestContext, type TestContext } from './support/test-app.js';

let ctx: TestContext;

beforeAll(async () => {
  // This file stops the database on purpose: keep the expected error logs out of the output.
  ctx = await createTestContext({ logLevels: [] });
});

afterAll(async () => {
  await ctx?.close();
});

describe('GET /api/health when the database goes away', () => {
  it('answers 200 while the database is up', async () => {
    const res = await ctx.get('/api/health');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = HealthResponseSchema.parse(res.json());
    expect(body).toEqual({ status: 'ok', database: 'up', version: expect.any(String) });
    expect(body.version).toMatch(/^\d+\.\d+\.\d+/);
  });

  it('answers 503 degraded when the database is down, and other routes answer 500 cleanly', async () => {
    await ctx.app.get(DataSource).destroy();
    const res = await ctx.get('/api/health');
    expect(res.statusCode).toBe(503);
    expect(HealthResponseSchema.parse(res.json())).toMatchObject({
      status: 'degraded',
      database: 'down',
    });

    // A server fault (not the client's input) is a 500 in the error shape, without internals.
    const list = await ctx.get('/api/businesses');
    expect(list.statusCode).toBe(500);
    expect(ErrorResponseSchema.parse(list.json())).toEqual({
      statusCode: 500,
      message: 'Internal server error',
      error: 'Internal Server Error',
      code: 'INTERNAL',
    });
  });
});
