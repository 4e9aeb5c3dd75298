// The single origin that `npm start` serves: the shell at /, each remote under /remotes/<name>/,
// the run-time remotes.json beside the shell, and /api proxied to the API process.
// Each front end stays a separate deployable: the gateway only maps folders to URL prefixes.
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { Readable } from 'node:stream';
import Fastify from 'fastify';
import fastifyStatic from '@fastify/static';
import { PAGE_DATA_ELEMENT_ID, allApiRoutes, apiPath } from '@slotwise/contracts';
import {
  apiProxy,
  cacheControlFor,
  matchPage,
  pageRoutes,
  securityHeaders,
} from './gateway-edge.mjs';

export { matchPage };

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
 * Hashed assets may be cached for ever; everything else (entry documents, manifests, remote
 * entries) must be revalidated so a redeploy shows at the next load. (@fastify/static passes the
 * Fastify reply.)
 */
function cacheHeaders(reply, path) {
  reply.header('Cache-Control', cacheControlFor(path));
}

const PUBLIC_GET_ROUTES = new Map(
  allApiRoutes()
    .filter((route) => route.method === 'GET')
    .map((route) => [route.key, route]),
);
const PAGE_DATA_TIMEOUT_MS = 800;

/**
 * A page's first data, embedded in its HTML (the remotes declare it per page in their manifest's
 * metaData.routes `data`): the browser then shows the page's first screen without a request of
 * its own, and loads the API client's transport only when the visitor acts. Whatever cannot be
 * fetched quickly is simply left out; the page then fetches it as usual.
 */
function pageDataEmbedder({ apiUpstream, shellDir }) {
  /** The API calls a page declares, as URL paths ('/api/business/slug/x'). */
  function declaredCalls(match, remotesConfig) {
    // The browser only uses embedded answers from its own origin's API.
    if ((remotesConfig.apiBaseUrl ?? '') !== '') return [];
    if (!match || !Array.isArray(match.page.data)) return [];
    return match.page.data.flatMap(({ route: key, params: from = {} }) => {
      const route = PUBLIC_GET_ROUTES.get(key);
      if (!route) return [];
      const values = Object.fromEntries(
        Object.entries(from).map(([apiParam, pageParam]) => [apiParam, match.params[pageParam]]),
      );
      try {
        return [apiPath(route, values)];
      } catch {
        return [];
      }
    });
  }

  /**
   * The remote's entry, its exposed App's scripts and the page's own scripts and styles (the
   * manifest's metaData.routes `assets`), which the shell would otherwise find one hop at a time
   * (remotes.json, the manifest, remoteEntry.js, the App, the page): preloaded with the page.
   */
  function preloads(match) {
    if (!match) return [];
    const base = new URL(match.url, 'http://gateway/');
    const entry = match.manifest?.metaData?.remoteEntry;
    const files = [
      // The remote's manifest, which the shell fetch()es (preloaded as fetch, like remotes.json).
      match.url,
      ...(entry?.name ? [`${entry.path ? `${entry.path}/` : ''}${entry.name}`] : []),
      ...(match.manifest?.exposes ?? []).flatMap((e) => [
        ...(e?.assets?.js?.sync ?? []),
        ...(e?.assets?.css?.sync ?? []),
      ]),
      ...(Array.isArray(match.page.assets) ? match.page.assets : []),
    ];
    const hrefs = [...new Set(files)].map((file) => {
      const href = new URL(file, base);
      return href.origin === 'http://gateway' ? href.pathname : href.href;
    });
    // remotes.json, beside the shell, is what the shell reads first to find the page's remote.
    return ['/remotes.json', ...hrefs];
  }

  async function answers(calls) {
    const found = await Promise.all(
      calls.map(async (path) => {
        try {
          const response = await fetch(`${apiUpstream}${path}`, {
            headers: { Accept: 'application/json' },
            signal: AbortSignal.timeout(PAGE_DATA_TIMEOUT_MS),
          });
          return response.ok ? [[path, await response.json()]] : [];
        } catch {
          return [];
        }
      }),
    );
    return Object.fromEntries(found.flat());
  }

  /**
   * The shell's index.html with the page's preloads and data, for a remote's page (`match`, from
   * pageRoutes). Without `withData` (HEAD) the data is not fetched: `complete` then says whether
   * the HTML is still the one GET would send.
   */
  return async function pageHtml(match, remotesConfig, { withData = true } = {}) {
    const calls = declaredCalls(match, remotesConfig);
    const data = withData ? await answers(calls) : {};
    // JSON in a script block: escape '<' so no value can close the block.
    const json = JSON.stringify(data).replace(/</g, '\\u003c');
    const block =
      Object.keys(data).length > 0
        ? `<script type="application/json" id="${PAGE_DATA_ELEMENT_ID}">${json}</script>`
        : '';
    const links = preloads(match)
      .map((href) => {
        const as = href.endsWith('.json') ? 'fetch' : href.endsWith('.css') ? 'style' : 'script';
        // fetch() asks in CORS mode: the preload must match it to be used.
        const cors = as === 'fetch' ? ' crossorigin' : '';
        return `<link rel="preload" as="${as}"${cors} href="${encodeURI(href)}">`;
      })
      .join('');
    const html = readFileSync(join(shellDir, 'index.html'), 'utf8').replace(
      '</head>',
      `${links}${block}</head>`,
    );
    return { html, complete: withData || calls.length === 0 };
  };
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
    await app.register(apiProxy, { upstream: options.apiUpstream ?? 'http://127.0.0.1:3000' });
  }

  // remotes.json is read on every request so a redeploy (or an operator's edit) needs no restart;
  // parsed once per request (its pages, then its security headers).
  const remotesConfigText = () => {
    const file = options.remotesConfigFile ?? join(shellDir, 'remotes.json');
    return existsSync(file) ? readFileSync(file, 'utf8') : JSON.stringify(defaultRemotesConfig());
  };
  const parsedConfigs = new WeakMap();
  const readRemotesConfig = (req) => {
    let parsed = parsedConfigs.get(req);
    if (!parsed) {
      try {
        parsed = { config: JSON.parse(remotesConfigText()) };
      } catch (error) {
        parsed = { error };
      }
      parsedConfigs.set(req, parsed);
    }
    if (parsed.error) throw parsed.error;
    return parsed.config;
  };
  app.addHook('onSend', securityHeaders(readRemotesConfig));
  app.get('/remotes.json', async (_req, reply) => {
    reply.header('Cache-Control', 'no-cache').type('application/json').send(remotesConfigText());
  });
  const pageHtml =
    options.apiUpstream === null
      ? async () => null
      : pageDataEmbedder({ apiUpstream: options.apiUpstream ?? 'http://127.0.0.1:3000', shellDir });

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
          // The build's .br and .gz copies, to browsers that accept them.
          preCompressed: true,
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
    preCompressed: true,
    // '/' is a remote's page too (the marketing home): left to the handler below, which adds its
    // preloads (with no index file, the static handler would answer 403 for the folder).
    allowedPath: (pathname) => pathname !== '/',
  });

  const lookupPage = pageRoutes({ remoteDirs, shellDir });
  // The shell owns client-side routing (including its 404 page): pages get index.html, with 404
  // for a path no app claims (HEAD answers as GET, without the body).
  app.setNotFoundHandler(async (req, reply) => {
    const wantsPage =
      (req.method === 'GET' || req.method === 'HEAD') &&
      !req.url.startsWith('/api/') &&
      !req.url.startsWith('/remotes/');
    const accept = req.headers.accept ?? '';
    if (wantsPage && (accept.includes('text/html') || accept.includes('*/*') || accept === '')) {
      reply.header('Cache-Control', 'no-cache');
      const pathname = new URL(req.url, 'http://gateway').pathname;
      let config = null;
      let page = { status: 'unsure', match: null };
      try {
        config = readRemotesConfig(req);
        page = await lookupPage(pathname, config);
      } catch {
        // An unreadable remotes.json: the shell, which shows its own message.
      }
      if (page.status === 'unknown') reply.code(404);
      const found = page.match
        ? await pageHtml(page.match, config, { withData: req.method !== 'HEAD' }).catch(() => null)
        : null;
      if (found) {
        reply.type('text/html; charset=utf-8');
        // HEAD skips the page's data, so its HTML is shorter than GET's: sent without a length
        // (a Content-Length must be GET's or none).
        return reply.send(found.complete ? found.html : Readable.from([found.html]));
      }
      return reply.sendFile('index.html', shellDir);
    }
    return reply
      .code(404)
      .send({ statusCode: 404, message: `Not found: ${req.url}`, error: 'Not Found' });
  });

  return app;
}

/** A plain static host for one remote's folder, with CORS: used to prove independent deploys. */
export async function createStaticHost(dir) {
  const app = Fastify({ logger: false });
  app.addHook('onSend', async (_req, reply) => {
    reply.header('Access-Control-Allow-Origin', '*');
  });
  await app.register(fastifyStatic, {
    root: dir,
    prefix: '/',
    setHeaders: cacheHeaders,
    preCompressed: true,
  });
  return app;
}
