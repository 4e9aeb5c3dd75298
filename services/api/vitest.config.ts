import swc from 'unplugin-swc';
import { defineConfig } from 'vitest/config';

// Two projects, run apart: `unit` (src/**/*.test.ts: no database, no Redis) is the Nx `test`
// target, `integration` (everything under test/, and any *.int.test.ts, against a real PostgreSQL
// and Redis) is the Nx `integration` target. `vitest run` alone runs both.
const INTEGRATION = '**/*.int.test.ts';

// SWC instead of esbuild: NestJS dependency injection needs emitted decorator metadata.
export default defineConfig({
  plugins: [swc.vite({ module: { type: 'es6' } })],
  // SWC transforms the TypeScript (*.ts); Vite's own (Oxc) transform would drop decorator metadata.
  // Oxc handles only the .mts fakes shared with the browser tests (tests/support): SWC's plugin
  // skips .mts files, and those have no decorators.
  oxc: { include: /\.mts$/ },
  test: {
    environment: 'node',
    testTimeout: 20_000,
    hookTimeout: 30_000,
    projects: [
      {
        extends: true,
        test: { name: 'unit', include: ['src/**/*.test.ts'], exclude: [INTEGRATION] },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          // Every test file under test/, whatever its name, so none can silently drop out.
          include: ['test/**/*.test.ts', `src/${INTEGRATION}`],
          // Each integration file owns a throwaway database, so files can run side by side.
          fileParallelism: true,
        },
      },
    ],
  },
});
