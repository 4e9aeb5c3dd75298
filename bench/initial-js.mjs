// Measures the JavaScript a phone downloads to show /book/{slug}: every JS response the page loads
// until the first step is on screen, gzipped as a server would send it. The floor, measured in the
// same run, is React alone (react + react-dom client + scheduler, production builds, gzipped): no
// React app can weigh less, so the ratio shows what everything else costs.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { launchBrowser, startStack } from '../tests/support/stack.mjs';

export const TARGET_KB = 150;
const gz = (buf) => gzipSync(buf, { level: 9 }).length;

function reactFloorBytes() {
  const require = createRequire(join(process.cwd(), 'apps/shell/package.json'));
  const file = (pkg, rel) =>
    readFileSync(join(dirname(require.resolve(`${pkg}/package.json`)), rel));
  return (
    gz(file('react', 'cjs/react.production.js')) +
    gz(file('react-dom', 'cjs/react-dom-client.production.js')) +
    gz(file('react-dom', 'cjs/react-dom.production.js')) +
    gz(file('scheduler', 'cjs/scheduler.production.js'))
  );
}

export async function measureInitialJs(slug = 'harbour-hair-studio') {
  const stack = await startStack();
  const browser = await launchBrowser();
  try {
    const page = await browser.newPage({ viewport: { width: 360, height: 780 } });
    const scripts = [];
    page.on('response', async (res) => {
      const type = res.request().resourceType();
      if (type === 'script' || res.url().endsWith('.js')) {
        scripts.push(
          res
            .body()
            .then((b) => ({
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
      floorGzip: reactFloorBytes(),
    };
  } finally {
    await browser.close();
    await stack.stop();
  }
}
