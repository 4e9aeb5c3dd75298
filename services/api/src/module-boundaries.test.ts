import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The workspace's ESLint config, run on code placed in a module's folder: the rule that keeps
// modules behind their index.ts must refuse a deep import and accept the others.
const root = fileURLToPath(new URL('../../..', import.meta.url));
const inBusinessModule = fileURLToPath(
  new URL('./modules/business/services/boundary-check.ts', import.meta.url),
);

async function boundaryErrors(code: string): Promise<string[]> {
  const eslint = new ESLint({ cwd: root });
  const [result] = await eslint.lintText(code, { filePath: inBusinessModule });
  return (result?.messages ?? [])
    .filter((m) => m.ruleId === 'boundaries/dependencies')
    .map((m) => m.message);
}

describe('module boundaries (ESLint)', () => {
  it("refuses an import of another module's files other than its index.ts", async () => {
    const errors = await boundaryErrors(
      "import { CatalogService } from '../../catalog/services/catalog.service.js';\n" +
        'export const used = [CatalogService];\n',
    );
    expect(errors).toEqual([
      'Import another module only through its index.ts (../../catalog/services/catalog.service.js)',
    ]);
  });

  it("accepts another module's index.ts, the module's own files and core", async () => {
    const errors = await boundaryErrors(
      "import { CatalogService } from '../../catalog/index.js';\n" +
        "import { BusinessService } from './business.service.js';\n" +
        "import { CLOCK } from '../../../core/clock/clock.js';\n" +
        'export const used = [CatalogService, BusinessService, CLOCK];\n',
    );
    expect(errors).toEqual([]);
  });
});
