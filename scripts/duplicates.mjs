// The repetition budget of `npm test`: jscpd (exact copies of 6+ lines and 50+ tokens in non-test
// source; settings in `.jscpd.json`) may find at most MAX_CLONES. A new copy fails the build;
// whoever removes one lowers the budget. Migrations are history, and tests' fixtures are left out.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { root } from './lib.mjs';

export const MAX_CLONES = 2;

/** The copies jscpd finds under `cwd` with the settings of `cwd/.jscpd.json`, one line each. */
export function findClones(cwd = root) {
  const out = mkdtempSync(join(tmpdir(), 'jscpd-'));
  try {
    const jscpd = join(root, 'node_modules/.bin/jscpd');
    const args = ['--config', '.jscpd.json', '--reporters', 'json', '--output', out];
    const r = spawnSync(jscpd, args, { cwd, encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`jscpd failed (${r.status ?? r.signal}): ${r.stderr}`);
    const report = JSON.parse(readFileSync(join(out, 'jscpd-report.json'), 'utf8'));
    return report.duplicates.map(
      ({ firstFile: a, secondFile: b }) =>
        `${a.name}:${a.start}-${a.end} ~ ${b.name}:${b.start}-${b.end}`,
    );
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const clones = findClones();
  if (clones.length > MAX_CLONES) {
    console.error(
      `Repeated code: jscpd finds ${clones.length} copies; the budget (scripts/duplicates.mjs) is ${MAX_CLONES}.\n` +
        'Share the new copy instead (a helper, a component, a CSS class):\n  ' +
        clones.join('\n  '),
    );
    process.exit(1);
  }
  console.info(`Repeated code: ${clones.length} copies, within the budget of ${MAX_CLONES}.`);
}
