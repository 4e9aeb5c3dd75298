import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    environment: 'node',
    // The first test of a file also pays for its imports; on a busy shared CI machine that alone
    // has passed vitest's 5 s default.
    testTimeout: 30_000,
  },
});
