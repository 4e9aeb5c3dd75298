// Requests the gateway must not pass on as they are (a GET or HEAD with a body, a body larger than
// the API takes): each gets a clean 4xx and the next visitor's request is answered as usual, over
// raw sockets, the way a careless or hostile client sends them. Also: the development mailbox
// answers only this machine, and the API hears the visitor's address from the gateway.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { once } from 'node:events';
import { createServer } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { createGateway } from '@slotwise/gateway';
import { startStack, type Stack } from '../support/stack.js';

let stack: Stack;
let port: number;

before(async () => {
  stack = await startStack();
  port = Number(new URL(stack.baseUrl).port);
});
after(async () => {
  await stack?.stop();
});

/** Whether an HTTP/1.1 answer has arrived whole (by its Content-Length; HEAD has no body). */
function complete(answer: string, head: boolean) {
  const end = answer.indexOf('\r\n\r\n');
  if (end < 0) return false;
  const length = /\r\ncontent-length: *(\d+)/i.exec(answer.slice(0, end))?.[1];
  return head || length === undefined || answer.length - end - 4 >= Number(length);
}

/** Sends raw bytes on a new connection; resolves with the answer (whole, or when it closes). */
function raw(text: string): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    let answer = '';
    socket.on('data', (chunk) => {
      answer += chunk;
      if (complete(answer, text.startsWith('HEAD '))) socket.destroy();
    });
    socket.on('close', () => resolve(answer));
    // A client still writing when the gateway hangs up gets EPIPE; the answer is what counts.
    socket.on('error', () => undefined);
    socket.write(text);
    setTimeout(() => socket.destroy(), 10_000).unref();
  });
}

const status = (answer: string) => Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1] ?? 0);
const bodyOf = (answer: string) => answer.slice(answer.indexOf('\r\n\r\n') + 4);

/** Another visitor's request right after: must be answered as usual. */
async function nextVisitor() {
  const answer = await raw('GET /api/health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
  assert.equal(status(answer), 200, `the next request is answered:\n${answer.slice(0, 300)}`);
  assert.match(bodyOf(answer), /"status":"ok"/);
}

describe('gateway requests', () => {
  it('refuses a GET or HEAD with a body, and the next request is answered', async () => {
    for (const method of ['GET', 'HEAD']) {
      for (let i = 0; i < 3; i += 1) {
        const answer = await raw(
          `${method} /api/health HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n` +
            `Content-Length: 10\r\nConnection: close\r\n\r\n{"a":1234}`,
        );
        assert.equal(status(answer), 400, `${method} with a body:\n${answer.slice(0, 300)}`);
        if (method === 'GET') assert.match(bodyOf(answer), /"code":"VALIDATION_FAILED"/);
        await nextVisitor();
      }
    }
  });

  it('refuses a body the API would refuse (413), declared or chunked, and the next is answered', async () => {
    for (const size of [100_000, 1024 * 1024, 3 * 1024 * 1024]) {
      for (let i = 0; i < 2; i += 1) {
        const body = `{"notes":"${'x'.repeat(size)}"}`;
        const answer = await raw(
          'POST /api/appointments HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n' +
            `Content-Length: ${body.length}\r\nConnection: close\r\n\r\n${body}`,
        );
        assert.equal(status(answer), 413, `${size} bytes:\n${answer.slice(0, 300)}`);
        assert.match(bodyOf(answer), /"code":"PAYLOAD_TOO_LARGE"/);
        await nextVisitor();
      }
    }
    const chunk = 'x'.repeat(100_000);
    const chunked = await raw(
      'POST /api/appointments HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n' +
        'Transfer-Encoding: chunked\r\nConnection: close\r\n\r\n' +
        `${(10).toString(16)}\r\n{"notes":"\r\n${chunk.length.toString(16)}\r\n${chunk}\r\n` +
        `2\r\n"}\r\n0\r\n\r\n`,
    );
    assert.equal(status(chunked), 413, chunked.slice(0, 300));
    await nextVisitor();
  });

  it('passes ordinary bodies on unchanged, declared or chunked', async () => {
    // An incomplete booking: the API itself reads it and answers its validation error.
    const json = '{"notes":"hello"}';
    const declared = await raw(
      'POST /api/appointments HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n' +
        `Content-Length: ${json.length}\r\nConnection: close\r\n\r\n${json}`,
    );
    assert.equal(status(declared), 400, declared.slice(0, 300));
    assert.match(bodyOf(declared), /"code":"VALIDATION_FAILED"/);
    assert.match(bodyOf(declared), /businessId|serviceId|issues/);
    const chunked = await raw(
      'POST /api/appointments HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n' +
        'Transfer-Encoding: chunked\r\nConnection: close\r\n\r\n' +
        `${json.length.toString(16)}\r\n${json}\r\n0\r\n\r\n`,
    );
    assert.equal(status(chunked), 400, chunked.slice(0, 300));
    assert.match(bodyOf(chunked), /"code":"VALIDATION_FAILED"/);
    await nextVisitor();
  });

  it('answers the development mailbox to this machine only, whatever X-Forwarded-For says', async () => {
    const gateway = await createGateway({ apiUpstream: stack.apiUrl });
    try {
      const local = await gateway.inject({ url: '/api/dev/outbox', remoteAddress: '127.0.0.1' });
      assert.equal(local.statusCode, 200);
      assert.ok(Array.isArray(local.json()));
      for (const url of ['/api/dev/outbox', '/api/%64ev/outbox', '/api/DEV/outbox?to=x']) {
        const away = await gateway.inject({
          url,
          remoteAddress: '192.0.2.10',
          headers: { 'x-forwarded-for': '127.0.0.1', 'x-real-ip': '127.0.0.1' },
        });
        assert.equal(away.statusCode, 404, url);
        assert.equal(away.json().code, 'NOT_FOUND', url);
        assert.doesNotMatch(away.body, /@|\+61|token/);
      }
    } finally {
      await gateway.close();
    }
  });

  it('answers 503 in the error shape with Retry-After while the API cannot be reached', async () => {
    // A port nothing listens on: what the gateway meets while the API restarts.
    const closed = createServer();
    closed.listen(0, '127.0.0.1');
    await once(closed, 'listening');
    const deadPort = (closed.address() as AddressInfo).port;
    closed.close();
    await once(closed, 'close');
    const gateway = await createGateway({ apiUpstream: `http://127.0.0.1:${deadPort}` });
    try {
      const answer = await gateway.inject({ url: '/api/business/slug/x/services' });
      assert.equal(answer.statusCode, 503);
      assert.equal(answer.headers['retry-after'], '5');
      assert.deepEqual(answer.json(), {
        statusCode: 503,
        message: 'Slotwise is briefly unavailable. Please try again in a moment.',
        error: 'Service Unavailable',
        code: 'SERVICE_UNAVAILABLE',
      });
    } finally {
      await gateway.close();
    }
  });

  it('tells the API the visitor’s socket address in X-Forwarded-For, replacing the visitor’s', async () => {
    const seen: (string | undefined)[] = [];
    const upstream = createServer((req, res) => {
      seen.push(req.headers['x-forwarded-for'] as string | undefined);
      res.setHeader('content-type', 'application/json');
      res.end('{}');
    });
    upstream.listen(0, '127.0.0.1');
    await once(upstream, 'listening');
    const gateway = await createGateway({
      apiUpstream: `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`,
    });
    try {
      await gateway.inject({
        url: '/api/health',
        remoteAddress: '192.0.2.10',
        headers: { 'x-forwarded-for': '10.9.8.7' },
      });
      assert.deepEqual(seen, ['192.0.2.10']);
    } finally {
      await gateway.close();
      upstream.close();
    }
  });
});
