import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode, ErrorMessages, ErrorResponseSchema } from '@slotwise/contracts';
import { bearer, signUpOwner } from './support/auth.js';
import { createTestContext, type TestContext } from './support/test-app.js';

// While PostgreSQL cannot be reached, requests answer 503 with Retry-After in the error shape (a
// temporary state, like /api/health says), not a generic 500; and recover once it is back.

/** A TCP proxy in front of PostgreSQL that can be cut (connections dropped, port closed). */
class CuttableProxy {
  private server: net.Server | null = null;
  private readonly sockets = new Set<net.Socket>();
  port = 0;

  constructor(private readonly target: { host: string; port: number }) {}

  async open(): Promise<void> {
    const server = net.createServer((client) => {
      const upstream = net.connect(this.target.port, this.target.host);
      for (const s of [client, upstream]) {
        this.sockets.add(s);
        s.on('close', () => this.sockets.delete(s));
        s.on('error', () => undefined);
      }
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((resolve) => server.listen(this.port, '127.0.0.1', resolve));
    this.port = (server.address() as net.AddressInfo).port;
    this.server = server;
  }

  /** The database "goes away": open connections are cut and new ones refused. */
  async cut(): Promise<void> {
    const server = this.server;
    this.server = null;
    for (const s of this.sockets) s.destroy();
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

let ctx: TestContext;
let proxy: CuttableProxy;

beforeAll(async () => {
  const base = new URL(
    process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
  );
  proxy = new CuttableProxy({ host: base.hostname, port: Number(base.port || 5432) });
  await proxy.open();
  // The app reaches its database through the proxy; ctx.db (fixtures, close) goes straight there.
  ctx = await createTestContext({
    logLevels: [],
    appDatabaseUrl: (url) => {
      const viaProxy = new URL(url);
      viaProxy.host = `127.0.0.1:${proxy.port}`;
      return viaProxy.toString();
    },
  });
});

afterAll(async () => {
  await proxy?.cut();
  await ctx?.close();
});

function expectUnavailable(res: {
  statusCode: number;
  headers: Record<string, unknown>;
  json(): unknown;
}) {
  expect(res.statusCode).toBe(503);
  expect(res.headers['retry-after']).toBe('5');
  expect(res.headers['cache-control']).toBe('no-store');
  expect(ErrorResponseSchema.parse(res.json())).toEqual({
    statusCode: 503,
    message: ErrorMessages.serviceUnavailable,
    error: 'Service Unavailable',
    code: ErrorCode.SERVICE_UNAVAILABLE,
  });
}

describe('PostgreSQL unreachable', () => {
  it('answers 503 with Retry-After on public and owner routes, then recovers', async () => {
    const bad = `/api/reschedule?token=${'x'.repeat(43)}`;
    const owner = await signUpOwner(ctx);
    const mine = () =>
      ctx.request({
        method: 'GET',
        url: `/api/business/owner/${owner.userId}`,
        headers: bearer(owner.accessToken),
      });
    expect((await mine()).statusCode).toBe(200);
    // Up: the database answers (an unknown link is the client's 400).
    expect((await ctx.get(bad)).statusCode).toBe(400);
    expect((await ctx.get('/api/health')).statusCode).toBe(200);

    await proxy.cut();
    // Pooled connections cut mid-use, then new connections refused.
    expectUnavailable(await ctx.get(bad));
    expectUnavailable(await ctx.get(bad));
    expectUnavailable(
      await ctx.post('/api/auth/login', { email: 'owner@example.com', password: 'whatever-123' }),
    );
    // Signed in: the session check cannot run either; 503, not a 401 that would sign them out.
    expectUnavailable(await mine());
    const health = await ctx.get('/api/health');
    expect(health.statusCode).toBe(503);
    expect(health.headers['retry-after']).toBe('5');

    await proxy.open();
    expect((await ctx.get(bad)).statusCode).toBe(400);
    expect((await mine()).statusCode).toBe(200);
  });
});
