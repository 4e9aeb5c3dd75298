import { defineConfig } from 'vitest/config';

// Unit tests of the gateway's pieces (src/**/*.test.ts): Fastify's inject() and temporary folders,
// no network, no database.
export default defineConfig({
  test: {
    environment: 'node',
    include: ['src/**/*.test.ts'],
    // Renders and worker threads start slowly on a busy shared CI machine.
    testTimeout: 30_000,
  },
});
