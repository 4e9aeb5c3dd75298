// /embed.js, the booking widget's loader (built from src/embed/loader/embed.ts into
// dist/embed-loader/embed.js by `npm run build`). Read and compressed once; host pages load it
// from their own pages, so it is cacheable across sites and allowed cross-origin.
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { htmlEncoding } from '../edge/compress-html.js';

/** The built loader: this package's dist/, whether the gateway runs from src/ or dist/. */
export const DEFAULT_EMBED_SCRIPT = resolve(
  import.meta.dirname,
  '../../dist/embed-loader/embed.js',
);

/** The loader's weight budget: a host page pays for it on every visit. */
export const EMBED_SCRIPT_BUDGET_GZIP = 5 * 1024;

/**
 * Not hashed (host pages keep one address), so cached briefly and revalidated by ETag; a stale
 * copy may serve for a day while the new one is fetched.
 */
export const EMBED_CACHE_CONTROL = 'public, max-age=3600, stale-while-revalidate=86400';

export interface EmbedScript {
  text: Buffer;
  gzip: Buffer;
  br: Buffer;
  etag: string;
}

export function compressEmbedScript(text: Buffer): EmbedScript {
  return {
    text,
    gzip: gzipSync(text, { level: 9 }),
    br: brotliCompressSync(text, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_MODE]: 1 },
    }),
    etag: `"${createHash('sha256').update(text).digest('base64url').slice(0, 22)}"`,
  };
}

/** GET /embed.js. `file`: the built loader (a missing build answers 503 with the reason). */
export function embedScriptRoute(app: FastifyInstance, file: string = DEFAULT_EMBED_SCRIPT) {
  let loaded: Promise<EmbedScript> | null = null;
  const load = () => {
    loaded ??= readFile(file).then(compressEmbedScript);
    // A failed read (no build yet) is tried again on the next request.
    loaded.catch(() => (loaded = null));
    return loaded;
  };

  app.get('/embed.js', async (req, reply) => {
    let script: EmbedScript;
    try {
      script = await load();
    } catch {
      return reply
        .code(503)
        .header('Cache-Control', 'no-store')
        .send({ statusCode: 503, message: `The widget's loader is not built (${join(file)})` });
    }
    reply
      .type('text/javascript; charset=utf-8')
      .header('Cache-Control', EMBED_CACHE_CONTROL)
      .header('ETag', script.etag)
      .header('Vary', 'Accept-Encoding')
      .header('Access-Control-Allow-Origin', '*')
      // Host pages that isolate themselves (Cross-Origin-Embedder-Policy) may still load it.
      .header('Cross-Origin-Resource-Policy', 'cross-origin');
    if (req.headers['if-none-match'] === script.etag) return reply.code(304).send();
    const encoding = htmlEncoding(req.headers['accept-encoding']);
    if (encoding) reply.header('Content-Encoding', encoding);
    return reply.send(
      encoding === 'br' ? script.br : encoding === 'gzip' ? script.gzip : script.text,
    );
  });
}
