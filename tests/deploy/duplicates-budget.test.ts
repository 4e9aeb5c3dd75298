// The repetition budget (`scripts/duplicates.mjs`, run by `npm test`): the repository is within it,
// and a copy of a block of code is found, so a new copy would push the count over the budget.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { MAX_CLONES, findClones } from '../../scripts/duplicates.mjs';

const root = resolve(import.meta.dirname, '../..');

const block = (name: string) => `export function ${name}(rows: { start: number; end: number }[]) {
  const sorted = [...rows].sort((a, b) => a.start - b.start);
  const merged: { start: number; end: number }[] = [];
  for (const row of sorted) {
    const last = merged[merged.length - 1];
    if (last && row.start <= last.end) last.end = Math.max(last.end, row.end);
    else merged.push({ ...row });
  }
  return merged.filter((row) => row.end > row.start).map((row) => row.end - row.start);
}
`;

describe('repetition budget', () => {
  it('holds for the repository', () => {
    const clones = findClones();
    assert.ok(clones.length <= MAX_CLONES, `${clones.length} copies:\n${clones.join('\n')}`);
  });

  it('finds a copied block, and none in distinct code', () => {
    const dir = mkdtempSync(join(tmpdir(), 'budget-'));
    try {
      copyFileSync(join(root, '.jscpd.json'), join(dir, '.jscpd.json'));
      for (const folder of ['apps', 'libs', 'services', 'scripts']) mkdirSync(join(dir, folder));
      writeFileSync(join(dir, 'libs/a.ts'), block('spans'));
      writeFileSync(join(dir, 'libs/b.ts'), 'export const b = 1;\n');
      assert.deepEqual(findClones(dir), []);
      writeFileSync(join(dir, 'libs/b.ts'), block('copiedSpans'));
      assert.equal(findClones(dir).length, 1);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
