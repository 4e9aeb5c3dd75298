// Server rendering through the gateway, with small fake server entries (CommonJS, as the apps'
// builds emit them): a rendered page, the client-rendered page on a timeout or a failure (one log
// line), a rebuilt remote picked up by its new file name, and remotes elsewhere only when allowed.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type GatewayOptions, createGateway } from '../server.js';
import {
  BOOKING_PAGES,
  BUSINESS_ANSWERS,
  builtFrontEnds,
  fakeApi,
  listening,
  manifest,
  remotesFile,
} from '../test-support/fixtures.js';
import { LOADER_SCRIPT_HASH } from './page-html.js';

const closers: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

function write(file: string, content: string) {
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, content);
}

/**
 * The shell's server entry: the remote's page inside <main>, slow for a path with 'slow'. Its state
 * holds the business's answer, as the real shell's queries would.
 */
const SHELL_ENTRY = `
exports.renderPage = async (request) => {
  if (request.url.includes('slow')) await new Promise((done) => setTimeout(done, 5000));
  const page = request.remote.ServerApp({ props: {}, pageData: request.pageData });
  const answered = Object.keys(request.pageData).filter((path) => !path.endsWith('/services'));
  return {
    html: '<main>' + page + '</main>',
    state: { remote: request.remote.name, manifestUrl: request.remote.manifestUrl, year: 2026 },
    answeredPaths: answered,
  };
};`;

/** A booking remote's server entry of build `build`: the business's name, or a failure. */
const bookingEntry = (build: string) => `
exports.ServerApp = ({ pageData }) => {
  if (${JSON.stringify(build)} === 'broken') throw new Error('the page broke');
  const business = pageData['/api/business/slug/harbour-hair'];
  return '<h1 data-build-id="${build}">' + (business ? 'Harbour Hair' : 'no business') + '</h1>';
};`;

const PAGES = [...BOOKING_PAGES, { path: '/dashboard', ownerOnly: true }];

/** Front ends with server entries: the shell's and booking build `build`. */
function frontEnds(build = 'v1') {
  const dirs = builtFrontEnds(PAGES);
  write(join(dirs.shellDir, 'server/server.aaaa1111.cjs'), SHELL_ENTRY);
  write(
    join(dirs.shellDir, 'mf-manifest.json'),
    JSON.stringify({
      metaData: { ssr: { entry: 'server/server.aaaa1111.cjs', css: ['start.css'] } },
    }),
  );
  write(join(dirs.shellDir, 'start.css'), '.shell{color:teal}');
  const booking = dirs.remoteDirs.booking ?? '';
  write(join(booking, 'app.5e6f7a8b.css'), '.bk-page{margin:0}</style><script>');
  deploy(booking, build);
  return dirs;
}

/** Writes booking build `build`: its server entry under a new name, and its manifest naming it. */
function deploy(dir: string, build: string) {
  const entry = `server/server.${build}.cjs`;
  write(join(dir, entry), bookingEntry(build));
  const file = manifest(PAGES);
  write(
    join(dir, 'mf-manifest.json'),
    JSON.stringify({ ...file, metaData: { ...file.metaData, ssr: { entry } } }),
  );
}

async function gateway(
  dirs: ReturnType<typeof frontEnds>,
  options: GatewayOptions = {},
  remotes: Record<string, string> = {},
) {
  const api = await fakeApi(BUSINESS_ANSWERS);
  const log = vi.fn();
  const app = await createGateway({
    ...dirs,
    remotesConfigFile: remotesFile(dirs.root, remotes),
    apiUpstream: api.url,
    // A generous budget unless a test is about the budget: a busy CI machine can take longer than
    // the production default to render even these tiny pages.
    serverRender: { log, budgetMs: 5000, ...(options.serverRender || {}) },
    ...(options.serverRender === false ? { serverRender: false } : {}),
  });
  closers.push(
    () => app.close(),
    () => api.app.close(),
  );
  const page = async (url: string) => {
    const answer = await app.inject({ url, headers: { accept: 'text/html' } });
    const root = /<div id="root">([\s\S]*?)<\/div>\s*(?:<script|<\/body>)/.exec(answer.body)?.[1];
    return { answer, html: answer.body, root: root ?? '' };
  };
  return { app, log, page };
}

describe('server rendering', () => {
  it("renders /book/{slug} into #root, with the first paint's styles inlined and scripts loaded after it", async () => {
    const { page, log } = await gateway(frontEnds());
    const { answer, html, root } = await page('/book/harbour-hair');
    expect(answer.statusCode).toBe(200);
    expect(root).toBe('<main><h1 data-build-id="v1">Harbour Hair</h1></main>');
    // The shell's start-up styles and the remote's App's, in the head; nothing closes the element.
    const style = /<style>([\s\S]*?)<\/style>/.exec(html)?.[1] ?? '';
    expect(style).toContain('.shell{color:teal}');
    expect(style).toContain('.bk-page{margin:0}<\\/style><script>');
    expect(html.indexOf('<style>')).toBeLessThan(html.indexOf('</head>'));
    // No script preloads in the head: the loader adds them after first paint.
    expect(html).not.toMatch(/<link rel="preload"/);
    const scripts = JSON.parse(
      /<script type="application\/json" id="slotwise-scripts">(.*?)<\/script>/.exec(html)?.[1] ??
        'null',
    ) as { scripts: string[]; preload: string[] };
    expect(scripts.preload).toEqual(
      expect.arrayContaining(['/remotes.json', '/remotes/booking/remoteEntry.js']),
    );
    // The browser takes the remote from the server's state: its manifest is not fetched.
    expect(scripts.preload).not.toContain('/remotes/booking/mf-manifest.json');
    // The state the browser hydrates with: the remote the server used, by its manifest.
    const state = JSON.parse(
      /<script type="application\/json" id="slotwise-server-render">(.*?)<\/script>/.exec(
        html,
      )?.[1] ?? 'null',
    ) as { remote: string; manifestUrl: string };
    expect(state.remote).toBe('booking');
    expect(state.manifestUrl).toMatch(/^http:\/\/[^/]+\/remotes\/booking\/mf-manifest\.json$/);
    // The page's data comes with it, but not the answers the state already holds (no answer is
    // sent twice); and the CSP allows the loader by its hash.
    const data = JSON.parse(
      /<script type="application\/json" id="slotwise-page-data">(.*?)<\/script>/.exec(html)?.[1] ??
        'null',
    ) as Record<string, unknown>;
    expect(Object.keys(data)).toEqual(['/api/business/slug/harbour-hair/services']);
    expect(answer.headers['content-security-policy']).toContain(LOADER_SCRIPT_HASH);
    expect(log).not.toHaveBeenCalled();
  });

  it('sends the client-rendered page when the render takes longer than its budget, with one log line', async () => {
    const { page, log } = await gateway(frontEnds(), { serverRender: { budgetMs: 100 } });
    const started = Date.now();
    const { answer, html, root } = await page('/book/harbour-hair?slow=1');
    // The render takes 5 s: the page went out without waiting for it (a margin for busy machines).
    expect(Date.now() - started).toBeLessThan(4000);
    expect(answer.statusCode).toBe(200);
    expect(root).toBe('');
    expect(html).toMatch(
      /<link rel="preload" as="script" href="\/remotes\/booking\/remoteEntry\.js">/,
    );
    expect(html).not.toContain('slotwise-server-render');
    expect(log).toHaveBeenCalledTimes(1);
    expect(log.mock.calls[0]?.[0]).toMatch(/\/book\/harbour-hair\?slow=1 .*took over 100 ms/);
  });

  it('sends the client-rendered page when the page fails to render', async () => {
    const { page, log } = await gateway(frontEnds('broken'));
    const { answer, root, html } = await page('/book/harbour-hair');
    expect(answer.statusCode).toBe(200);
    expect(root).toBe('');
    expect(html).toContain('id="slotwise-page-data"');
    expect(log).toHaveBeenCalledTimes(1);
    expect(log.mock.calls[0]?.[0]).toContain('the page broke');
  });

  it('renders nothing for owner pages, unknown businesses, HEAD, or when turned off', async () => {
    const dirs = frontEnds();
    const { page, app } = await gateway(dirs);
    expect((await page('/dashboard')).root).toBe('');
    const missing = await page('/book/nobody-here');
    expect(missing.answer.statusCode).toBe(404);
    expect(missing.root).toBe('');
    const head = await app.inject({
      method: 'HEAD',
      url: '/book/harbour-hair',
      headers: { accept: 'text/html' },
    });
    expect(head.statusCode).toBe(200);
    const off = await gateway(dirs, { serverRender: false });
    expect((await off.page('/book/harbour-hair')).root).toBe('');
  });

  it('renders with a rebuilt remote as soon as its manifest names the new entry, without a restart', async () => {
    const dirs = frontEnds('v1');
    const { page } = await gateway(dirs);
    expect((await page('/book/harbour-hair')).root).toContain('data-build-id="v1"');
    deploy(dirs.remoteDirs.booking ?? '', 'v2');
    // The manifests are re-read every 5 s (page-routes.ts).
    await new Promise((done) => setTimeout(done, 5100));
    expect((await page('/book/harbour-hair')).root).toContain('data-build-id="v2"');
  }, 15_000);

  it('renders a remote from another origin only when that origin is allowed', async () => {
    const dirs = frontEnds();
    const files = dirs.remoteDirs.booking ?? '';
    const requested: string[] = [];
    const elsewhere = await listening((app) =>
      app.get('/*', (req, reply) => {
        requested.push(req.url);
        const file = join(files, req.url.slice(1).split('?')[0] ?? '');
        return reply.type('text/plain').send(readFileSync(file, 'utf8'));
      }),
    );
    closers.push(() => elsewhere.app.close());
    const origin = new URL(elsewhere.url).origin;
    const remotes = { booking: `${origin}/mf-manifest.json` };

    const closed = await gateway(dirs, {}, remotes);
    expect((await closed.page('/book/harbour-hair')).root).toBe('');
    expect(requested.some((url) => url.includes('server/'))).toBe(false);
    expect(closed.log.mock.calls[0]?.[0]).toContain('not allowed');

    const open = await gateway(dirs, { serverRender: { allowedOrigins: [origin] } }, remotes);
    expect((await open.page('/book/harbour-hair')).root).toBe(
      '<main><h1 data-build-id="v1">Harbour Hair</h1></main>',
    );
    expect(requested).toContain('/server/server.v1.cjs');
  });

  it('renders in a worker thread, and stops a worker whose render runs past the limit', async () => {
    const { page, log } = await gateway(frontEnds(), {
      serverRender: { workers: 1, budgetMs: 10_000, limitMs: 10_000 },
    });
    const first = await page('/book/harbour-hair');
    expect(first.root).toBe('<main><h1 data-build-id="v1">Harbour Hair</h1></main>');
    expect(log).not.toHaveBeenCalled();
    const stuck = await gateway(frontEnds(), {
      serverRender: { workers: 1, budgetMs: 10_000, limitMs: 4000 },
    });
    // The slow page (5 s) runs past the 4 s limit: its worker is stopped, the page goes out
    // client-rendered, and a new worker renders the next page (the limit leaves a busy machine
    // time to start it).
    expect((await stuck.page('/book/harbour-hair?slow=1')).root).toBe('');
    expect(stuck.log.mock.calls[0]?.[0]).toContain('its worker was stopped');
    await new Promise((done) => setTimeout(done, 1500));
    expect((await stuck.page('/book/harbour-hair')).root).toContain('Harbour Hair');
  }, 40_000);
});
