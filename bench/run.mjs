// `npm run bench`: runs the benchmarks and rewrites docs/performance.md with their figures.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { root } from '../scripts/lib.mjs';
import { TARGET_KB, measureInitialJs } from './initial-js.mjs';

const kb = (n) => (n / 1024).toFixed(1);
const js = await measureInitialJs();
const ratio = (js.totalGzip / js.floorGzip).toFixed(2);
const verdict = js.totalGzip <= TARGET_KB * 1024 ? 'within' : 'OVER';

const rows = js.files.map((f) => `| \`${f.url}\` | ${kb(f.bytes)} | ${kb(f.gzip)} |`).join('\n');
const doc = `# Performance

Figures written by \`npm run bench\` (bench/run.mjs) on ${new Date().toISOString().slice(0, 10)}.
Each benchmark reports a ratio against a floor measured in the same run, so the numbers compare
across machines.

## Initial JavaScript of /book/{slug} on a phone

What Chromium downloads (production builds, gzip level 9) until step 1 'Choose a Service' is on
screen at 360 px wide. Floor: the smallest React app (createRoot and an \`<h1>\`), built in the same
run with rspack in production mode and gzipped the same way.

| measure | value |
|---|---|
| total initial JS (gzip) | **${kb(js.totalGzip)} KB** (target ≤ ${TARGET_KB} KB: ${verdict}) |
| floor: smallest React app (gzip) | ${kb(js.floorGzip)} KB |
| ratio to floor | ${ratio}× |

| file | raw KB | gzip KB |
|---|---|---|
${rows}
`;
writeFileSync(join(root, 'docs/performance.md'), doc);
console.info(doc);
if (verdict === 'OVER') process.exitCode = 1;
