// The single origin that `npm start` serves: the shell at /, each remote under /remotes/<name>/,
// the run-time remotes.json beside the shell, and /api proxied to the API process.
// Each front end stays a separate deployable: the gateway only maps folders to URL prefixes.
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import Fastify from 'fastify';
import fastifyStatic from '@fastify/static';
import fastifyProxy from '@fastify/http-proxy';

export const REMOTE_NAMES = ['booking', 'dashboard', 'marketing'];

const root = resolve(import.meta.dirname, '..');

/** Default folders: each app's own build output. */
export function defaultDirs() {
  return {
    shellDir: join(root, 'apps/shell/dist'),
    remoteDirs: Object.fromEntries(REMOTE_NAMES.map((n) => [n, join(root, `apps/${n}-mfe/dist`)])),
  };
}

/**
 * The shell's run-time configuration (remotes.json): the API's base URL ('' for this same origin,
 * where /api is proxied) and each remote's manifest. The shell takes every page from the remotes'
 * manifests, so a remote listed here needs no shell rebuild.
 */
export function defaultRemotesConfig() {
  return {
    apiBaseUrl: '',
    ...Object.fromEntries(REMOTE_NAMES.map((n) => [n, `/remotes/${n}/mf-manifest.json`])),
  };
}

/**
 * Hashed assets may be cached for ever; entry documents, manifests and remote entries must be
 * revalidated so a redeploy shows at the next load. (@fastify/static passes the Fastify reply.)
 */
function cacheHeaders(reply, path) {
  const revalidate = /\.(html|json)$/.test(path) || path.endsWith('remoteEntry.js');
  reply.header('Cache-Control', revalidate ? 'no-cache' : 'public, max-age=31536000, immutable');
}

/**
 * @param {{ shellDir?: string, remoteDirs?: Record<string,string>, remotesConfigFile?: string,
 *   apiUpstream?: string | null, logger?: boolean }} options
 */
export async function createGateway(options = {}) {
  const dirs = defaultDirs();
  const shellDir = options.shellDir ?? dirs.shellDir;
  const remoteDirs = options.remoteDirs ?? dirs.remoteDirs;
  const app = Fastify({ logger: options.logger ?? false });

  if (options.apiUpstream !== null) {
    await app.register(fastifyProxy, {
      upstream: options.apiUpstream ?? 'http://127.0.0.1:3000',
      prefix: '/api',
      rewritePrefix: '/api',
      http: { requestOptions: { timeout: 30_000 } },
    });
  }

  // remotes.json is read on every request so a redeploy (or an operator's edit) needs no restart.
  app.get('/remotes.json', async (_req, reply) => {
    const file = options.remotesConfigFile ?? join(shellDir, 'remotes.json');
    const body = existsSync(file)
      ? readFileSync(file, 'utf8')
      : JSON.stringify(defaultRemotesConfig());
    reply.header('Cache-Control', 'no-store').type('application/json').send(body);
  });

  for (const [name, dir] of Object.entries(remoteDirs)) {
    await app.register(
      async (scope) => {
        // Remotes may live on other origins; the federation runtime fetch()es their manifests.
        scope.addHook('onSend', async (_req, reply) => {
          reply.header('Access-Control-Allow-Origin', '*');
        });
        await scope.register(fastifyStatic, {
          root: dir,
          prefix: '/',
          decorateReply: false,
          setHeaders: cacheHeaders,
          wildcard: true,
        });
      },
      { prefix: `/remotes/${name}` },
    );
  }

  await app.register(fastifyStatic, {
    root: shellDir,
    prefix: '/',
    setHeaders: cacheHeaders,
    // Wildcard lookup (not one route per file) so /remotes.json above always wins over a built copy.
    wildcard: true,
  });

  // The shell owns client-side routing (including its 404 page): unknown paths get index.html.
  app.setNotFoundHandler((req, reply) => {
    const wantsPage =
      req.method === 'GET' && !req.url.startsWith('/api/') && !req.url.startsWith('/remotes/');
    const accept = req.headers.accept ?? '';
    if (wantsPage && (accept.includes('text/html') || accept.includes('*/*') || accept === '')) {
      reply.header('Cache-Control', 'no-cache');
      return reply.sendFile('index.html', shellDir);
    }
    reply.code(404).send({ statusCode: 404, message: `Not found: ${req.url}`, error: 'Not Found' });
  });

  return app;
}

/** A plain static host for one remote's folder, with CORS: used to prove independent deploys. */
export async function createStaticHost(dir) {
  const app = Fastify({ logger: false });
  app.addHook('onSend', async (_req, reply) => {
    reply.header('Access-Control-Allow-Origin', '*');
  });
  await app.register(fastifyStatic, { root: dir, prefix: '/', setHeaders: cacheHeaders });
  return app;
}
