import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gunzipSync } from 'node:zlib';
import ts from 'typescript';
import { afterEach, describe, expect, it } from 'vitest';
import { type GatewayOptions, createGateway } from '../server.js';
import { builtFrontEnds, fakeApi, remotesFile } from '../test-support/fixtures.js';
import {
  EMBED_CACHE_CONTROL,
  EMBED_SCRIPT_BUDGET_GZIP,
  compressEmbedScript,
} from './embed-script.js';

const LOADER_SOURCE = resolve(import.meta.dirname, 'loader/embed.ts');

/** The loader as `npm run build` emits it (tsconfig.loader.json's settings). */
function builtLoader(): string {
  const config = ts.readConfigFile(
    resolve(import.meta.dirname, '../../tsconfig.loader.json'),
    ts.sys.readFile,
  ).config as { compilerOptions: object };
  const { options } = ts.convertCompilerOptionsFromJson(
    config.compilerOptions,
    resolve(import.meta.dirname, '../..'),
  );
  return ts.transpileModule(readFileSync(LOADER_SOURCE, 'utf8'), { compilerOptions: options })
    .outputText;
}

const closers: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

async function gateway(options: GatewayOptions = {}) {
  const dirs = builtFrontEnds();
  const api = await fakeApi();
  const file = join(mkdtempSync(join(tmpdir(), 'embed-')), 'embed.js');
  writeFileSync(file, builtLoader());
  const app = await createGateway({
    ...dirs,
    remotesConfigFile: remotesFile(dirs.root),
    apiUpstream: api.url,
    embedScriptFile: file,
    ...options,
  });
  closers.push(
    () => app.close(),
    () => api.app.close(),
  );
  return app;
}

describe('/embed.js', () => {
  it('stays within its budget of 5 KB gzip', () => {
    const script = compressEmbedScript(Buffer.from(builtLoader()));
    expect(script.gzip.length).toBeLessThanOrEqual(EMBED_SCRIPT_BUDGET_GZIP);
    // The check itself fails above the budget: the same script padded with random text does.
    const padded = Buffer.concat([
      script.text,
      Buffer.from(
        `/*${Buffer.from(crypto.getRandomValues(new Uint8Array(6000))).toString('base64')}*/`,
      ),
    ]);
    expect(compressEmbedScript(padded).gzip.length).toBeGreaterThan(EMBED_SCRIPT_BUDGET_GZIP);
  });

  it('is a classic script (no import or export) that defines Slotwise and reads its queue', () => {
    const code = builtLoader();
    expect(code).not.toMatch(/^\s*(import|export)\s/m);
    expect(code).toContain('w.Slotwise = api');
    expect(code).toContain('existing.q');
    expect(code).not.toMatch(/\beval\(|new Function/);
  });

  it('answers compressed, cacheable, allowed from any origin, and 304 by ETag', async () => {
    const app = await gateway();
    const answer = await app.inject({ url: '/embed.js', headers: { 'accept-encoding': 'gzip' } });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(answer.headers['content-encoding']).toBe('gzip');
    expect(answer.headers['cache-control']).toBe(EMBED_CACHE_CONTROL);
    expect(answer.headers['access-control-allow-origin']).toBe('*');
    expect(answer.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(answer.rawPayload.length).toBeLessThanOrEqual(EMBED_SCRIPT_BUDGET_GZIP);
    expect(gunzipSync(answer.rawPayload).toString()).toBe(builtLoader());

    const again = await app.inject({
      url: '/embed.js',
      headers: { 'if-none-match': String(answer.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('answers 503 with the reason while the loader is not built', async () => {
    const app = await gateway({ embedScriptFile: '/nonexistent/embed.js' });
    const answer = await app.inject({ url: '/embed.js' });
    expect(answer.statusCode).toBe(503);
    expect(answer.json()).toMatchObject({ message: expect.stringContaining('not built') });
  });
});

describe('framing', () => {
  const html = { accept: 'text/html' };

  it('lets any site frame /embed/{slug} and no other page', async () => {
    const app = await gateway();
    const embed = await app.inject({ url: '/embed/harbour-hair?service=3', headers: html });
    expect(embed.statusCode).toBe(200);
    expect(embed.headers['content-security-policy']).toContain('frame-ancestors *');
    expect(embed.headers['content-security-policy']).not.toContain("frame-ancestors 'none'");
    expect(embed.headers['x-frame-options']).toBeUndefined();
    expect(embed.headers['x-robots-tag']).toBe('noindex');

    for (const url of ['/book/harbour-hair', '/', '/embed', '/embed/a/b', '/embedded/x', '/auth']) {
      const page = await app.inject({ url, headers: html });
      expect(page.headers['content-security-policy'], url).toContain("frame-ancestors 'none'");
      expect(page.headers['content-security-policy'], url).not.toContain('frame-ancestors *');
      expect(page.headers['x-frame-options'], url).toBe('DENY');
      expect(page.headers['x-robots-tag'], url).toBeUndefined();
    }
  });
});
