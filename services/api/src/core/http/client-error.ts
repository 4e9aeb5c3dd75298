import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { ErrorCode } from '@slotwise/contracts';

/**
 * Answers a request Node's HTTP parser refused (a URL or headers over 16 KB: 431; a malformed
 * request: 400; too slow: 408) in the error shape, and closes the connection. Fastify's default
 * answer said nothing of closing and then cut the socket, so a keep-alive client sent its next,
 * harmless request on it and got ECONNRESET.
 */
export function answerClientError(error: NodeJS.ErrnoException, socket: Socket): void {
  // A reset connection has nobody left to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [statusCode, message] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'The request’s address or headers are too large']
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'The request took too long to arrive']
        : [400, 'The request could not be read'];
  const body = JSON.stringify({
    statusCode,
    message,
    error: STATUS_CODES[statusCode],
    ...(statusCode === 408 ? {} : { code: ErrorCode.VALIDATION_FAILED }),
  });
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  socket.end(
    `HTTP/1.1 ${statusCode} ${STATUS_CODES[statusCode]}\r\n` +
      'Content-Type: application/json; charset=utf-8\r\n' +
      `Content-Length: ${Buffer.byteLength(body)}\r\n` +
      'Cache-Control: no-store\r\n' +
      'Connection: close\r\n\r\n' +
      body,
  );
}
