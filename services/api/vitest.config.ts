import swc from 'unplugin-swc';
import { defineConfig } from 'vitest/config';

// SWC instead of esbuild: NestJS dependency injection needs emitted decorator metadata.
export default defineConfig({
  plugins: [swc.vite({ module: { type: 'es6' } })],
  // SWC transforms the TypeScript; Vite's own (Oxc) transform would drop decorator metadata.
  oxc: false,
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    environment: 'node',
    testTimeout: 20_000,
    hookTimeout: 30_000,
    // Each integration file owns a throwaway database, so files can run side by side.
    fileParallelism: true,
  },
});
