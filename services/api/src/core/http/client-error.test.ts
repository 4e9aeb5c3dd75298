import { createServer, type Server } from 'node:http';
import { type AddressInfo, connect } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { answerClientError } from './client-error.js';

let server: Server | undefined;
afterEach(
  () => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())),
);

/** A real HTTP server using the handler; sends `raw` on one socket and returns what came back. */
async function exchange(raw: string): Promise<{ answer: string; closedByServer: boolean }> {
  server = createServer((_req, res) => res.end('ok'));
  server.on('clientError', answerClientError);
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk));
    socket.on('end', () => resolve({ answer, closedByServer: true }));
    socket.on('error', () => resolve({ answer, closedByServer: false }));
    socket.write(raw);
  });
}

describe('answerClientError', () => {
  it('answers an over-long address 431 in the error shape and says the connection closes', async () => {
    const { answer, closedByServer } = await exchange(
      `GET /api/x?code=${'x'.repeat(20_000)} HTTP/1.1\r\nHost: a\r\n\r\n`,
    );
    expect(answer).toMatch(/^HTTP\/1\.1 431 /);
    expect(answer).toMatch(/\r\nConnection: close\r\n/i);
    expect(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4))).toEqual({
      statusCode: 431,
      message: 'The request’s address or headers are too large',
      error: 'Request Header Fields Too Large',
      code: 'VALIDATION_FAILED',
    });
    expect(closedByServer).toBe(true);
  });

  it('answers a request the parser cannot read 400 and closes', async () => {
    const { answer } = await exchange('NOT HTTP AT ALL\r\n\r\n');
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    expect(answer).toMatch(/\r\nConnection: close\r\n/i);
    expect(answer).toContain('"code":"VALIDATION_FAILED"');
  });
});
