/// <reference types="node" />
import { readFileSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import SHARED_EXPORTS from '../../shared-exports.json';

// Shared react-router and react-query are built with only the exports listed in
// apps/shared-exports.json (phone weight budget). An import outside that list would be undefined at
// run time in whichever app did not provide it, so every app's imports are checked here.
const workspace = resolve(import.meta.dirname, '../../..');
const SOURCE_DIRS = [
  'apps/shell/src',
  'apps/booking-mfe/src',
  'apps/dashboard-mfe/src',
  'apps/marketing-mfe/src',
  'libs/ui/src',
];

/**
 * Files that end up in a browser build: tests, test helpers (`testing/`) and the server entries
 * (`server.tsx`, built for Node with the shared packages external) never do.
 */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter(
      (f) =>
        /\.tsx?$/.test(f) &&
        !/\.test\.tsx?$/.test(f) &&
        !/(^|\/)testing\//.test(f) &&
        f !== 'server.tsx',
    )
    .map((f) => join(dir, f));
}

function importedNames(pkg: string): Map<string, string> {
  const names = new Map<string, string>();
  const pattern = new RegExp(
    `import\\s*\\{([^}]*)\\}\\s*from\\s*'${pkg.replace('/', '\\/')}'`,
    'g',
  );
  for (const dir of SOURCE_DIRS) {
    for (const file of sourceFiles(join(workspace, dir))) {
      for (const match of readFileSync(file, 'utf8').matchAll(pattern)) {
        for (const part of (match[1] ?? '').split(',')) {
          const name = part.trim();
          if (name && !name.startsWith('type ')) names.set(name.split(/\s+as\s+/)[0] ?? name, file);
        }
      }
    }
  }
  return names;
}

describe('tree-shaken shared packages', () => {
  for (const [pkg, allowed] of Object.entries(SHARED_EXPORTS)) {
    it(`every app imports only listed exports of ${pkg}`, () => {
      const used = importedNames(pkg);
      expect(used.size).toBeGreaterThan(0);
      const missing = [...used.keys()].filter((name) => !allowed.includes(name));
      expect(missing, `add these to apps/shared-exports.json: ${missing.join(', ')}`).toEqual([]);
    });

    it(`no app imports ${pkg} as a namespace or default`, () => {
      for (const dir of SOURCE_DIRS) {
        for (const file of sourceFiles(join(workspace, dir))) {
          const text = readFileSync(file, 'utf8');
          expect(text, file).not.toMatch(new RegExp(`import\\s+(\\*|\\w+)[^{]*from\\s*'${pkg}'`));
        }
      }
    });
  }
});
