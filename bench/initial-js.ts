// Measures the JavaScript a phone downloads to show /book/{slug}: every JS response the page loads
// until the first step is on screen, gzipped as a server would send it. The floor, built in the
// same run with the same rspack production settings, is the smallest React app (one createRoot and
// an <h1>): no React page can weigh less, so the ratio shows what everything else costs.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { launchBrowser, startStack } from '../tests/support/stack.js';
import { buildFloorApp } from './floor-app/build.js';

/** The goal (issue 13), reported by `npm run bench` as met or missed. */
export const TARGET_KB = 120;
/**
 * What `npm test` enforces (tests/e2e/weight.test.ts): the architecture's fixed costs (React, the
 * Module Federation runtime in the shell and in the booking remote's entry, React Router, TanStack
 * Query) left the page at ~135.6 KB; hydrating server-rendered pages (the shell's hydrateRoot path
 * and server state) and the features of 2026-11-28 brought it to 136.5 KB; the team's memberships
 * and business switcher in the shell, the payment policy on the booking page and the widget's
 * shared wizard then brought it to 138.9 KB (the shell's main.js alone is 112.5 KB). The budget
 * holds that figure with a few hundred bytes to spare: any growth fails the tests, and it comes
 * down as the page does, towards TARGET_KB (now that the page paints from the server, the next
 * lever is loading less before hydration).
 */
export const BUDGET_KB = 139;
const gz = (buf: Buffer) => gzipSync(buf, { level: 9 }).length;

export interface ScriptFile {
  /** Path on the test stack's origin. */
  url: string;
  bytes: number;
  gzip: number;
}

async function reactFloorBytes() {
  const { outDir, scripts } = await buildFloorApp();
  return scripts.reduce((sum, f) => sum + gz(readFileSync(join(outDir, f))), 0);
}

export async function measureInitialJs(
  slug = 'harbour-hair-studio',
): Promise<{ files: ScriptFile[]; totalGzip: number; floorGzip: number }> {
  const stack = await startStack();
  const browser = await launchBrowser();
  try {
    const page = await browser.newPage({ viewport: { width: 360, height: 780 } });
    const scripts: Promise<ScriptFile>[] = [];
    page.on('response', async (res) => {
      const type = res.request().resourceType();
      if (type === 'script' || res.url().endsWith('.js')) {
        scripts.push(
          res.body().then((b) => ({
            url: res.url().replace(stack.baseUrl, ''),
            bytes: b.length,
            gzip: gz(b),
          })),
        );
      }
    });
    await page.goto(`${stack.baseUrl}/book/${slug}`);
    await page.getByRole('heading', { name: 'Choose a Service' }).waitFor();
    await page.waitForLoadState('networkidle');
    const files = (await Promise.all(scripts)).sort((a, b) => b.gzip - a.gzip);
    return {
      files,
      totalGzip: files.reduce((s, f) => s + f.gzip, 0),
      floorGzip: await reactFloorBytes(),
    };
  } finally {
    await browser.close();
    await stack.stop();
  }
}
