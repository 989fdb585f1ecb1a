import { defineConfig } from 'vitest/config';

// Two lanes (docs/architecture.md, "Tests"). `unit`: one module at a time — kernels, readers,
// contracts, a plugin's own algorithm — in under a minute on a 2-core machine
// (`npm run test:unit`). `integration`: whole runs — the commands and their processes, the
// conformance suites on every plugin, real problems, scenes, the browser and the queue.
// `npm test` runs both. The unit lane shares one module graph per worker (`isolate: false`: the
// imports, not the tests, were most of its time), so a unit test leaves no mock or global behind.
const ALL = ['scripts/**/*.test.mjs', 'bench/**/*.test.mjs', 'core/src/**/*.test.ts', 'core/test/**/*.test.ts', 'cli/src/**/*.test.ts', 'cli/test/**/*.test.ts', 'plugins/*/src/**/*.test.ts', 'conformance/src/**/*.test.ts'];
const INTEGRATION = [
  'cli/src/**/*.test.ts',
  'cli/test/**/*.test.ts',
  'conformance/src/**/*.test.ts',
  'core/src/run/**/*.test.ts',
  'core/src/io/shared-problems.test.ts',
  '**/conformance.test.ts',
  '**/real-problems.test.ts',
  '**/closed-form.test.ts',
  '**/*drum*.test.ts',
  '**/*scenes.test.ts',
  '**/rigid-limit.test.ts',
  'bench/**/rapier-*.test.mjs',
  'bench/peers/engines.test.mjs',
  'bench/drum-problems-configs.test.mjs',
  'bench/memory.test.mjs',
];

export default defineConfig({
  ssr: { resolve: { conditions: ['@moreau/source', 'module', 'node', 'development|production'] } },
  test: {
    setupFiles: ['core/test/setup.ts'],
    pool: 'threads',
    maxWorkers: 2,
    testTimeout: 60_000,
    projects: [
      { extends: true, test: { name: 'unit', include: ALL, exclude: ['**/node_modules/**', ...INTEGRATION], isolate: false } },
      { extends: true, test: { name: 'integration', include: INTEGRATION, exclude: ['**/node_modules/**', 'cli/templates/**'] } },
    ],
  },
});
