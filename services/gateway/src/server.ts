// The single origin that `npm start` serves: the shell at /, each remote under /remotes/<name>/,
// the run-time remotes.json beside the shell, and /api proxied to the API process. Each front end
// stays a separate deployable: the gateway only maps folders to URL prefixes.
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { DEFAULT_API_UPSTREAM, defaultDirs } from './config.js';
import { embedScriptRoute } from './embed/embed-script.js';
import { apiProxy } from './edge/api-proxy.js';
import { securityHeaders } from './edge/security-headers.js';
import { allowAnyOrigin, staticFiles } from './edge/static-files.js';
import { pageHandler } from './pages/page-handler.js';
import { pageRoutes } from './pages/page-routes.js';
import { parsePublicUrl } from './pages/public-origin.js';
import { type ServerRenderOptions, serverRenderer } from './pages/server-render.js';
import { sitemapRoutes } from './pages/sitemap.js';
import { remotesConfigSource } from './remotes-config.js';

export interface GatewayOptions {
  /** The shell's build (default apps/shell/dist). */
  shellDir?: string;
  /** Each remote's build, by name (default apps/<name>-mfe/dist). */
  remoteDirs?: Record<string, string>;
  /** remotes.json (default: the shell's copy, or the defaults when it has none). */
  remotesConfigFile?: string;
  /** The API (default http://127.0.0.1:3000); null: no /api and no page data. */
  apiUpstream?: string | null;
  /**
   * The origin of the pages' absolute URLs (canonical links, sitemap, JSON-LD), e.g.
   * 'https://slotwise.com.au' (PUBLIC_URL); default: each request's own Host.
   */
  publicUrl?: string | null;
  logger?: boolean;
  /**
   * Server rendering of public pages (on by default): `false` sends every page client-rendered;
   * otherwise its time budget, the other origins whose remotes may render here, and its log.
   */
  serverRender?:
    | false
    | Pick<ServerRenderOptions, 'budgetMs' | 'limitMs' | 'allowedOrigins' | 'log' | 'workers'>;
  /** The booking widget's built loader, served as /embed.js (default: this package's dist/). */
  embedScriptFile?: string;
}

export async function createGateway(options: GatewayOptions = {}): Promise<FastifyInstance> {
  const dirs = defaultDirs();
  const shellDir = options.shellDir ?? dirs.shellDir;
  const remoteDirs = options.remoteDirs ?? dirs.remoteDirs;
  const apiUpstream =
    options.apiUpstream === null ? null : (options.apiUpstream ?? DEFAULT_API_UPSTREAM);
  const publicUrl = parsePublicUrl(options.publicUrl);
  const app = Fastify({ logger: options.logger ?? false });

  if (apiUpstream !== null) await app.register(apiProxy, { upstream: apiUpstream });

  const remotesConfig = remotesConfigSource(
    options.remotesConfigFile ?? join(shellDir, 'remotes.json'),
  );
  app.addHook('onSend', securityHeaders(remotesConfig.forRequest));
  app.get('/remotes.json', async (_req, reply) =>
    reply.header('Cache-Control', 'no-cache').type('application/json').send(remotesConfig.text()),
  );

  // The booking widget's loader; its pages (/embed/{slug}) are the booking remote's.
  embedScriptRoute(app, options.embedScriptFile);

  // Before the shell's folder: robots.txt gains its absolute Sitemap line here.
  sitemapRoutes(app, { shellDir, apiUpstream, publicUrl });

  for (const [name, dir] of Object.entries(remoteDirs)) {
    await app.register(
      async (scope) => {
        allowAnyOrigin(scope);
        await staticFiles(scope, dir, { decorateReply: false, wildcard: true });
      },
      { prefix: `/remotes/${name}` },
    );
  }

  await staticFiles(app, shellDir, {
    // Wildcard lookup (not one route per file) so /remotes.json above always wins over a built copy.
    wildcard: true,
    // '/' is a remote's page too (the marketing home): left to the page handler, which adds its
    // preloads (with no index file, the static handler would answer 403 for the folder).
    allowedPath: (pathname) => pathname !== '/',
  });

  const renderer =
    options.serverRender === false
      ? null
      : serverRenderer({ shellDir, remoteDirs, ...options.serverRender });
  if (renderer) app.addHook('onClose', () => renderer.close());
  app.setNotFoundHandler(
    pageHandler({
      shellDir,
      routes: pageRoutes({ remoteDirs, shellDir }),
      remotesConfig,
      apiUpstream,
      publicUrl,
      renderer,
    }),
  );
  return app;
}

/** A plain static host for one remote's folder, with CORS: used to prove independent deploys. */
export async function createStaticHost(dir: string): Promise<FastifyInstance> {
  const app = Fastify({ logger: false });
  allowAnyOrigin(app);
  await staticFiles(app, dir);
  return app;
}
