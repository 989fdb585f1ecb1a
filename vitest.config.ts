import { defineConfig } from 'vitest/config';

export default defineConfig({
  ssr: { resolve: { conditions: ['@moreau/source', 'module', 'node', 'development|production'] } },
  test: {
    include: ['core/src/**/*.test.ts', 'core/test/**/*.test.ts', 'plugins/*/src/**/*.test.ts', 'conformance/src/**/*.test.ts'],
    setupFiles: ['core/test/setup.ts'],
    pool: 'threads',
    maxWorkers: 2,
    testTimeout: 60_000,
  },
});
