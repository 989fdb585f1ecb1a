import { defineConfig } from 'vitest/config';

// `npm run test:hostile`: the hostile-input tier, fast and slow (scale) cases. Each file runs
// in a child process (pool "forks") with Node's default stack, as the `moreau` command does.
export default defineConfig({
  ssr: { resolve: { conditions: ['@moreau/source', 'module', 'node', 'development|production'] } },
  test: {
    include: ['cli/src/**/hostile*.test.ts'],
    setupFiles: ['core/test/setup.ts'],
    env: { MOREAU_TEST_HOSTILE: '1' },
    pool: 'forks',
    maxWorkers: 1,
    testTimeout: 300_000,
  },
});
