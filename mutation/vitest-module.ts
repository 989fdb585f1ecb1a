import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig } from 'vitest/config';
import root from '../vitest.config.js';

/**
 * The root vitest config cut down to one module's own test files, for Stryker: every
 * mutant is run against those tests only, so the score says how well the module's own
 * suite pins it down (not whether some distant test happens to notice). The resolve
 * conditions and setup file (fixed fast-check seed) are the root config's.
 */
export function moduleVitestConfig(include: string[], exclude: string[] = []) {
  return defineConfig({
    // The repository root, wherever Stryker copied it (its sandbox).
    root: fileURLToPath(new URL('..', import.meta.url)),
    ssr: root.ssr,
    test: {
      include,
      exclude: [...configDefaults.exclude, ...exclude],
      setupFiles: root.test?.setupFiles,
      pool: 'threads',
      // Stryker runs `concurrency` vitest instances side by side; one worker each.
      maxWorkers: 1,
      testTimeout: 60_000,
    },
  });
}
