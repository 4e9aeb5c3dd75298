// Built front ends and an API, small and fake, for the gateway's unit tests.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Business, Service } from '@slotwise/contracts';
import type { GatewayDirs } from '../config.js';
import type { ManifestFile, PublishedPage } from '../pages/page-routes.js';

/** The shell's index.html, as apps/shell/index.html writes its head. */
export const INDEX_HTML = `<!doctype html>
<html lang="en-AU">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta
      name="description"
      content="Slotwise: easy appointment scheduling for small businesses. Book in a few taps."
    />
    <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
    <title>Slotwise</title>
  </head>
  <body>
    <noscript>Slotwise needs JavaScript to book appointments.</noscript>
    <div id="root"></div>
  </body>
</html>
`;

/** The booking remote's pages, as its src/routes.json declares them. */
export const BOOKING_PAGES: PublishedPage[] = [
  { path: '/partners' },
  {
    path: '/book/:businessSlug',
    data: [
      { route: 'GET business/slug/:slug', params: { slug: 'businessSlug' } },
      { route: 'GET business/slug/:slug/services', params: { slug: 'businessSlug' } },
    ],
    assets: ['page-booking.0a1b2c3d.js'],
  },
  {
    path: '/embed/:businessSlug',
    bare: true,
    data: [
      { route: 'GET business/slug/:slug', params: { slug: 'businessSlug' } },
      { route: 'GET business/slug/:slug/services', params: { slug: 'businessSlug' } },
    ],
  },
];

export function manifest(pages: PublishedPage[]): ManifestFile {
  return {
    metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' }, routes: pages },
    exposes: [
      { assets: { js: { sync: ['app.1a2b3c4d.js'] }, css: { sync: ['app.5e6f7a8b.css'] } } },
    ],
  };
}

function write(file: string, content: string | Buffer) {
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, content);
}

/**
 * A shell (index.html, shell-routes.json, robots.txt) and a booking remote (its manifest, a hashed
 * script with .br and .gz copies) in a temporary folder.
 */
export function builtFrontEnds(pages = BOOKING_PAGES): GatewayDirs & { root: string } {
  const root = mkdtempSync(join(tmpdir(), 'slotwise-gateway-'));
  const shellDir = join(root, 'shell');
  const bookingDir = join(root, 'booking');
  write(join(shellDir, 'index.html'), INDEX_HTML);
  write(join(shellDir, 'shell-routes.json'), JSON.stringify({ auth: '/auth' }));
  write(join(shellDir, 'robots.txt'), 'User-agent: *\n');
  write(join(bookingDir, 'mf-manifest.json'), JSON.stringify(manifest(pages)));
  write(join(bookingDir, 'remoteEntry.js'), 'var booking;');
  const script = 'console.log("booking app");'.repeat(50);
  write(join(bookingDir, 'app.1a2b3c4d.js'), script);
  write(join(bookingDir, 'app.1a2b3c4d.js.br'), brotliCompressSync(script));
  write(join(bookingDir, 'app.1a2b3c4d.js.gz'), gzipSync(script));
  return { root, shellDir, remoteDirs: { booking: bookingDir } };
}

/** remotes.json in `dir`, naming the booking remote's manifest (this gateway's copy by default). */
export function remotesFile(dir: string, config: Record<string, string> = {}): string {
  const file = join(dir, 'remotes.json');
  write(
    file,
    JSON.stringify({ apiBaseUrl: '', booking: '/remotes/booking/mf-manifest.json', ...config }),
  );
  return file;
}

/** A fake API that answers every GET with its path, and a JSON host for a remote elsewhere. */
export async function listening(
  setup: (app: FastifyInstance) => void,
): Promise<{ app: FastifyInstance; url: string }> {
  const app = Fastify();
  setup(app);
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, url };
}

/**
 * A fake API: `answers` by URL path (a status and a body), and every other GET with its path. Its
 * `calls` are the paths it was asked for.
 */
export async function fakeApi(answers: Record<string, { status: number; body: unknown }> = {}) {
  const calls: string[] = [];
  const server = await listening((app) =>
    app.get('/*', async (req, reply) => {
      calls.push(req.url);
      const answer = answers[req.url];
      if (answer) return reply.code(answer.status).send(answer.body);
      return { path: req.url, name: '</script><script>alert(1)</script>' };
    }),
  );
  return { ...server, calls };
}

/** A business as the API answers it, with a name and texts that must be escaped. */
export const BUSINESS: Business = {
  id: 7,
  name: 'Harbour <Hair> & "Co"',
  slug: 'harbour-hair',
  description: 'Cuts & colour.</script><!-- in Surry Hills',
  address: '112 Crown Street, Surry Hills NSW 2010',
  businessHours: null,
  phone: '02 9361 4820',
  email: null,
  website: null,
  logo: null,
  timeZone: 'Australia/Sydney',
  region: 'NSW',
  minNoticeMinutes: 60,
  maxAdvanceDays: 60,
  cancelCutoffMinutes: 120,
  slotInterval: 30,
  subscriptionPlan: 'free',
};

const service = (id: number, name: string, price: number, isActive = true): Service => ({
  id,
  businessId: BUSINESS.id,
  name,
  description: `${name}, done well`,
  price,
  duration: 30,
  bufferBeforeMinutes: 0,
  bufferAfterMinutes: 0,
  isActive,
});

export const SERVICES: Service[] = [
  service(1, "Men's Cut", 4500),
  service(2, 'Colour </script>', 16505),
  service(3, 'Retired', 1000, false),
];

const ok = (body: unknown) => ({ status: 200, body });
const notFound = {
  status: 404,
  body: { statusCode: 404, message: 'Not found', error: 'Not Found' },
};

/** The API's answers about BUSINESS: by slug (also its old slug), by id, its services, the list. */
export const BUSINESS_ANSWERS = {
  '/api/business/slug/harbour-hair': ok(BUSINESS),
  '/api/business/slug/harbour-hair/services': ok(SERVICES),
  '/api/business/slug/old-harbour': ok(BUSINESS),
  '/api/business/slug/Harbour-Hair': ok(BUSINESS),
  '/api/business/slug/old-harbour/services': ok(SERVICES),
  '/api/business/7': ok(BUSINESS),
  '/api/business/999': notFound,
  '/api/business/slug/nobody-here': notFound,
  '/api/business/slug/nobody-here/services': notFound,
  '/api/businesses': ok([BUSINESS, { ...BUSINESS, id: 8, slug: 'bondi-physio' }]),
};
