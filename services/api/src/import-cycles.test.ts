import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

// The API's modules and each front end's features depend on each other one way only: a cycle
// between two of them (through index.ts or not, type imports included) fails here. The graph is
// read from the source, so a new module or feature is checked without being listed.
const workspace = fileURLToPath(new URL('../../../', import.meta.url));

const SPECIFIER =
  /(?:^|[\s;])(?:import|export)\s+(?:type\s+)?(?:[^'"]*?\sfrom\s+)?['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && /\.(ts|tsx)$/.test(e.name))
    .map((e) => join(e.parentPath, e.name));
}

/** Which folder under `root` (a module, a feature) imports which others, from relative imports. */
export function folderGraph(root: string): Map<string, Set<string>> {
  // A folder's own path (an import of its index) counts as the folder.
  const folderOf = (path: string) => {
    const rel = relative(root, path);
    return rel === '' || rel.startsWith('..') ? undefined : rel.split(sep)[0];
  };
  const graph = new Map<string, Set<string>>();
  for (const file of sourceFiles(root)) {
    const from = folderOf(file);
    if (!from || from === relative(root, file)) continue; // files beside the folders belong to none
    if (!graph.has(from)) graph.set(from, new Set());
    for (const match of readFileSync(file, 'utf8').matchAll(SPECIFIER)) {
      const specifier = match[1] ?? match[2] ?? '';
      if (!specifier.startsWith('.')) continue;
      const to = folderOf(resolve(dirname(file), specifier));
      if (to && to !== from) graph.get(from)!.add(to);
    }
  }
  return graph;
}

/** The graph's cycles: each group of folders that reach each other (Tarjan), names sorted. */
export function cycles(graph: Map<string, Set<string>>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const found: string[][] = [];
  const visit = (node: string) => {
    index.set(node, index.size);
    low.set(node, index.get(node)!);
    stack.push(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (stack.includes(next)) {
        low.set(node, Math.min(low.get(node)!, index.get(next)!));
      }
    }
    if (low.get(node) === index.get(node)) {
      const group: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        group.push(member);
      } while (member !== node);
      if (group.length > 1) found.push(group.sort());
    }
  };
  for (const node of [...graph.keys()].sort()) if (!index.has(node)) visit(node);
  return found.sort((a, b) => a[0]!.localeCompare(b[0]!));
}

const featureRoots = readdirSync(join(workspace, 'apps'), { withFileTypes: true })
  .filter((e) => e.isDirectory())
  .map((e) => join('apps', e.name, 'src', 'features'))
  .filter((dir) => {
    try {
      return readdirSync(join(workspace, dir)).length > 0;
    } catch {
      return false;
    }
  });

describe('import cycles between modules and features', () => {
  it('has no cycle between the API modules', () => {
    const graph = folderGraph(join(workspace, 'services/api/src/modules'));
    expect(graph.size).toBeGreaterThan(5);
    expect(cycles(graph)).toEqual([]);
  });

  it('finds the front ends with features', () => {
    expect(featureRoots).toEqual(
      expect.arrayContaining(['apps/booking-mfe/src/features', 'apps/dashboard-mfe/src/features']),
    );
  });

  it.each(featureRoots)('has no cycle between the features of %s', (dir) => {
    expect(cycles(folderGraph(join(workspace, dir)))).toEqual([]);
  });
});

describe('the cycle check itself', () => {
  const scratch = mkdtempSync(join(tmpdir(), 'import-cycles-'));
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));
  const write = (path: string, text: string) => {
    mkdirSync(dirname(join(scratch, path)), { recursive: true });
    writeFileSync(join(scratch, path), text);
  };

  it('reads static, type, re-export and lazy imports, and finds each cycle once', () => {
    write('settings/index.ts', "export { SettingsPage } from './SettingsPage';\n");
    write('settings/SettingsPage.tsx', "import { ClosuresTab } from '../closures';\n");
    write('closures/index.ts', "export * from './components/ClosuresTab';\n");
    write(
      'closures/components/ClosuresTab.tsx',
      "import { type Region } from '../../settings/regions.js';\nimport '../../hours/schedule.css';\n",
    );
    write('hours/index.ts', "const Tab = lazy(() => import('../staff/StaffTab'));\n");
    write(
      'staff/StaffTab.tsx',
      "import { x } from '../hours';\nimport { y } from '../../outside';\n",
    );
    write('owner/index.ts', "import { z } from '@slotwise/ui';\n");

    const graph = folderGraph(scratch);
    expect(graph.get('closures')).toEqual(new Set(['settings', 'hours']));
    expect(cycles(graph)).toEqual([
      ['closures', 'settings'],
      ['hours', 'staff'],
    ]);
  });

  it('finds a cycle through several folders and none in a chain', () => {
    const graph = (edges: Record<string, string[]>) =>
      new Map(Object.entries(edges).map(([k, v]) => [k, new Set(v)]));
    expect(cycles(graph({ a: ['b'], b: ['c'], c: ['a'], d: ['a'] }))).toEqual([['a', 'b', 'c']]);
    expect(cycles(graph({ a: ['b'], b: ['c'], c: [], d: ['a', 'c'] }))).toEqual([]);
  });
});
