// The pages' HTML is written per request (head, preloads, first data), so no build copy of it is
// compressed: it is compressed here, for the browsers that accept it. Files keep the build's
// precompressed copies (static-files.ts); the API compresses its own answers.
import { Readable } from 'node:stream';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Brotli first (smaller), then gzip; anything else goes as it is. */
const ENCODINGS = ['br', 'gzip'] as const;
type Encoding = (typeof ENCODINGS)[number];

/** Below this, compressing saves less than its header costs (the shell's page alone is ~700). */
const MIN_BYTES = 256;

/** The encoding an Accept-Encoding header asks for, among ours (q=0 refuses one), or null. */
export function htmlEncoding(acceptEncoding: string | undefined): Encoding | null {
  if (!acceptEncoding) return null;
  return negotiate(acceptEncoding, [...ENCODINGS]) as Encoding | null;
}

/** `html` in the encoding `encoding` (brotli at quality 5: fast enough per request). */
export async function compressHtml(html: string, encoding: Encoding): Promise<Buffer> {
  return encoding === 'br'
    ? brotli(html, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: 5,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          [constants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(html),
        },
      })
    : gzipAsync(html, { level: 6 });
}

/**
 * Sends a page's HTML, compressed when the request accepts it (Vary: Accept-Encoding either way,
 * so a cache keeps the copies apart). HEAD gets GET's headers without a length: its HTML (no first
 * data) is not GET's, so its length would be wrong.
 */
export async function sendHtml(req: FastifyRequest, reply: FastifyReply, html: string) {
  reply.type('text/html; charset=utf-8').header('Vary', 'Accept-Encoding');
  const encoding =
    Buffer.byteLength(html) >= MIN_BYTES ? htmlEncoding(req.headers['accept-encoding']) : null;
  if (encoding) reply.header('Content-Encoding', encoding);
  if (req.method === 'HEAD') return reply.send(Readable.from([]));
  return reply.send(encoding ? await compressHtml(html, encoding) : html);
}
