import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeApi } from '../test-support/fixtures.js';
import { apiProxy, isDevPath, isLoopbackAddress } from './api-proxy.js';

const closers: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

async function proxyTo(upstream: string) {
  const app = Fastify();
  await app.register(apiProxy, { upstream });
  closers.push(() => app.close());
  return app;
}

describe('isDevPath', () => {
  it('sees /api/dev however it is spelled', () => {
    for (const path of ['/api/dev/outbox', '/api/%64ev/outbox', '//api//DEV', '/api/./dev/x'])
      expect(isDevPath(path), path).toBe(true);
    for (const path of ['/api/devices', '/api/business/dev', '/dev/outbox', '/api/%zz'])
      expect(isDevPath(path), path).toBe(false);
  });
});

describe('isLoopbackAddress', () => {
  it('is this machine only', () => {
    for (const address of ['127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.1'])
      expect(isLoopbackAddress(address)).toBe(true);
    for (const address of ['10.0.0.1', '::ffff:10.0.0.1', '', undefined, '1270::1'])
      expect(isLoopbackAddress(address)).toBe(false);
  });
});

describe('apiProxy', () => {
  it("passes /api on with the socket's address, and keeps the mailbox for this machine", async () => {
    const api = await fakeApi();
    closers.push(() => api.app.close());
    const app = await proxyTo(api.url);
    const local = await app.inject({ url: '/api/dev/outbox', remoteAddress: '127.0.0.1' });
    expect(local.json()).toMatchObject({ path: '/api/dev/outbox' });
    const away = await app.inject({
      url: '/api/%64ev/outbox',
      remoteAddress: '203.0.113.9',
      headers: { 'x-forwarded-for': '127.0.0.1' },
    });
    expect(away.statusCode).toBe(404);
    expect(away.json()).toMatchObject({ statusCode: 404, code: 'NOT_FOUND' });
    expect(api.calls).toEqual(['/api/dev/outbox']);
  });

  it('refuses a GET with a body and a body over the limit, in the error shape', async () => {
    const app = await proxyTo('http://127.0.0.1:1');
    const get = await app.inject({ method: 'GET', url: '/api/x', payload: 'body' });
    expect(get.statusCode).toBe(400);
    expect(get.headers.connection).toBe('close');
    const big = await app.inject({ method: 'POST', url: '/api/x', payload: 'x'.repeat(70_000) });
    expect(big.statusCode).toBe(413);
    expect(big.json()).toMatchObject({ statusCode: 413, error: 'Payload Too Large' });
  });

  it('answers 503 with Retry-After while the API cannot be reached', async () => {
    const app = await proxyTo('http://127.0.0.1:1');
    app.log.level = 'silent';
    const answer = await app.inject({ url: '/api/health' });
    expect(answer.statusCode).toBe(503);
    expect(answer.headers['retry-after']).toBe('5');
    expect(answer.json()).toMatchObject({ statusCode: 503, code: 'SERVICE_UNAVAILABLE' });
  });

  it('streams the live diary (text/event-stream) as it is written: no buffering, no compression', async () => {
    // The API's side: one event now, the next only once the client has seen the first.
    let release!: () => void;
    const second = new Promise<void>((resolve) => (release = resolve));
    const api = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
      res.write('id: 1\nevent: booking\ndata: {"n":1}\n\n');
      void second.then(() => res.end('id: 2\nevent: booking\ndata: {"n":2}\n\n'));
    });
    await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve));
    closers.push(() => new Promise((resolve) => api.close(resolve)));
    const app = await proxyTo(`http://127.0.0.1:${(api.address() as AddressInfo).port}`);
    const url = await app.listen({ port: 0, host: '127.0.0.1' });

    const res = await fetch(`${url}/api/business/1/events`, {
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(res.headers.get('content-type')).toBe('text/event-stream');
    expect(res.headers.get('content-encoding')).toBeNull();
    const reader = res.body!.getReader();
    const first = new TextDecoder().decode((await reader.read()).value);
    // Received while the API still holds the second event back.
    expect(first).toContain('data: {"n":1}');
    release();
    let rest = '';
    for (let r = await reader.read(); !r.done; r = await reader.read()) {
      rest += new TextDecoder().decode(r.value);
    }
    expect(rest).toContain('data: {"n":2}');
  });
});
