// Lighthouse's mobile audit (its default: a mid-range phone, simulated slow 4G and 4× CPU
// slowdown) of the booking page and the marketing home on the production stack (builds, gateway,
// API, PostgreSQL), median of 3 runs each. The floor, audited in the same run and the same
// browser, is the smallest React app (bench/floor-app: createRoot and an <h1>) built with rspack in
// production mode and served precompressed by the gateway's static host: no React page can do
// better, so the ratios show what everything else costs on this machine.
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { createStaticHost } from '@slotwise/gateway';
import { CHROMIUM_ARGS, startStack } from '../tests/support/stack.js';
import { buildFloorApp } from './floor-app/build.js';

export const LIGHTHOUSE_RUNS = 3;

/** What the pages must reach (the floor is reported beside them, not held to these). */
export const LIGHTHOUSE_TARGETS = {
  booking: { score: 95, lcpMs: 1500, cls: 0.02, tbtMs: 100 },
  home: { score: 90, cls: 0.05 },
} as const;

export interface LighthouseFigures {
  /** Performance score, 0–100. */
  score: number;
  lcpMs: number;
  cls: number;
  tbtMs: number;
}

export interface LighthouseResult {
  booking: LighthouseFigures;
  home: LighthouseFigures;
  floor: LighthouseFigures;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** The floor app as a page: index.html, its script, and the .br/.gz copies the gateway serves. */
async function buildFloorSite(): Promise<string> {
  const { outDir, scripts } = await buildFloorApp();
  writeFileSync(
    join(outDir, 'index.html'),
    `<!doctype html><html lang="en-AU"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Floor</title>${scripts.map((s) => `<script defer src="/${s}"></script>`).join('')}</head><body><div id="root"></div></body></html>`,
  );
  for (const file of readdirSync(outDir)) {
    const data = readFileSync(join(outDir, file));
    writeFileSync(join(outDir, `${file}.br`), brotliCompressSync(data));
    writeFileSync(join(outDir, `${file}.gz`), gzipSync(data, { level: 9 }));
  }
  return outDir;
}

export async function measureLighthouse(
  slug = 'harbour-hair-studio',
  runs = LIGHTHOUSE_RUNS,
): Promise<LighthouseResult> {
  const floorHost = await createStaticHost(await buildFloorSite());
  await floorHost.listen({ port: 0, host: '127.0.0.1' });
  const floorUrl = `http://127.0.0.1:${(floorHost.server.address() as AddressInfo).port}/`;
  const stack = await startStack();
  const chrome = await launch({
    chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromeFlags: CHROMIUM_ARGS,
  });
  try {
    const audit = async (url: string): Promise<LighthouseFigures> => {
      const all: LighthouseFigures[] = [];
      for (let i = 0; i < runs; i++) {
        // The default configuration is the mobile one with simulated throttling.
        const result = await lighthouse(url, {
          port: chrome.port,
          logLevel: 'error',
          onlyCategories: ['performance'],
        });
        const lhr = result?.lhr;
        const value = (id: string) => lhr?.audits[id]?.numericValue;
        const score = lhr?.categories.performance?.score;
        const lcp = value('largest-contentful-paint');
        const cls = value('cumulative-layout-shift');
        const tbt = value('total-blocking-time');
        if (score == null || lcp == null || cls == null || tbt == null) {
          throw new Error(
            `Lighthouse gave no performance figures for ${url}: ${lhr?.runtimeError?.message ?? ''}`,
          );
        }
        all.push({ score: score * 100, lcpMs: lcp, cls, tbtMs: tbt });
      }
      // Each figure's own median: the runs vary independently.
      return {
        score: median(all.map((f) => f.score)),
        lcpMs: median(all.map((f) => f.lcpMs)),
        cls: median(all.map((f) => f.cls)),
        tbtMs: median(all.map((f) => f.tbtMs)),
      };
    };
    // The gateway renders public pages on the server; the first render of a build (loading it, a
    // cold JIT) may miss its budget and send the client-rendered page, as a fresh deploy's first
    // visitor would get. What is measured is the page as every later visitor gets it.
    for (const path of [`/book/${slug}`, '/'])
      await (await fetch(`${stack.baseUrl}${path}`)).text();
    await new Promise((done) => setTimeout(done, 500));
    const floor = await audit(floorUrl);
    const booking = await audit(`${stack.baseUrl}/book/${slug}`);
    const home = await audit(`${stack.baseUrl}/`);
    return { booking, home, floor };
  } finally {
    chrome.kill();
    await stack.stop();
    await floorHost.close();
  }
}

// `node --import tsx bench/lighthouse.ts`: this benchmark alone, printed.
if (import.meta.url === `file://${process.argv[1]}`) {
  console.info(JSON.stringify(await measureLighthouse(), null, 2));
}
