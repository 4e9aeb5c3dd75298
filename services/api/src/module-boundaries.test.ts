import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The workspace's ESLint config, run on code placed in a chosen folder: each architecture rule
// must refuse the import it is there for and accept the others.
const root = fileURLToPath(new URL('../../..', import.meta.url));
const at = (path: string) => fileURLToPath(new URL(path, new URL('../../../', import.meta.url)));
const inBusinessModule = at('services/api/src/modules/business/services/boundary-check.ts');
const inCore = at('services/api/src/core/clock/boundary-check.ts');
const inDashboardFeature = at('apps/dashboard-mfe/src/features/staff/components/boundary-check.ts');
const inDashboardApp = at('apps/dashboard-mfe/src/boundary-check.ts');
const inUiLibrary = at('libs/ui/src/components/boundary-check.ts');

async function lintMessages(code: string, filePath: string, ruleId: string): Promise<string[]> {
  const eslint = new ESLint({ cwd: root });
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((m) => m.ruleId === ruleId).map((m) => m.message);
}

const boundaryErrors = (code: string, filePath = inBusinessModule) =>
  lintMessages(code, filePath, 'boundaries/dependencies');

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

  it('refuses core importing a module, even through its index.ts', async () => {
    const errors = await boundaryErrors(
      "import { CatalogService } from '../../modules/catalog/index.js';\n" +
        "import { CatalogService as Deep } from '../../modules/catalog/services/catalog.service.js';\n" +
        'export const used = [CatalogService, Deep];\n',
      inCore,
    );
    expect(errors).toEqual([
      'core must not import a module (../../modules/catalog/index.js)',
      'core must not import a module (../../modules/catalog/services/catalog.service.js)',
    ]);
  });

  it('accepts core importing core', async () => {
    const errors = await boundaryErrors(
      "import { APP_CONFIG } from '../config/app-config.js';\n" +
        "import { CLOCK } from './clock.js';\n" +
        'export const used = [APP_CONFIG, CLOCK];\n',
      inCore,
    );
    expect(errors).toEqual([]);
  });
});

describe('front-end feature boundaries (ESLint)', () => {
  it("refuses an import of another feature's files, styles included, other than its index.ts", async () => {
    const errors = await boundaryErrors(
      "import { SectionHead } from '../../owner/SectionHead';\n" +
        "import '../../hours/schedule.css';\n" +
        'export const used = [SectionHead];\n',
      inDashboardFeature,
    );
    expect(errors).toEqual([
      'Import another feature only through its index.ts (../../owner/SectionHead)',
      'Import another feature only through its index.ts (../../hours/schedule.css)',
    ]);
  });

  it("accepts another feature's index.ts and the feature's own files", async () => {
    const errors = await boundaryErrors(
      "import { SectionHead } from '../../owner';\n" +
        "import { useOwnerStaff } from '../api';\n" +
        "import '../staff.css';\n" +
        'export const used = [SectionHead, useOwnerStaff];\n',
      inDashboardFeature,
    );
    expect(errors).toEqual([]);
  });
});

describe('apps do not import each other (ESLint)', () => {
  const appImportErrors = (source: string, filePath = inDashboardFeature) =>
    lintMessages(
      `import { x } from '${source}';\nexport const used = x;\n`,
      filePath,
      'no-restricted-imports',
    );

  it.each([
    ['../../../../booking-mfe/src/features/booking', inDashboardFeature],
    ['../../../../shell/src/session/session-store', inDashboardFeature],
    ['../../shell/src/App', inDashboardApp],
    ['../../../../../apps/marketing-mfe/src/App', inDashboardFeature],
    ['@slotwise/booking-mfe', inDashboardFeature],
    ['@slotwise/shell/src/App', inDashboardApp],
    ['../../../../apps/shell/src/App', inUiLibrary],
  ])('refuses %s', async (source, filePath) => {
    expect(await appImportErrors(source, filePath)).toEqual([
      `'${source}' import is restricted from being used by a pattern. Apps must not import each other; share through libs/.`,
    ]);
  });

  it.each(['@slotwise/ui', '@slotwise/contracts', '../../owner', '../../api/shell-api'])(
    'accepts %s',
    async (source) => {
      expect(await appImportErrors(source)).toEqual([]);
    },
  );
});
