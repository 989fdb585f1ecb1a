/**
 * The Stryker config shared by every module: only `mutate` and the module's vitest
 * config differ. Settings that matter on this toolchain:
 * - no TypeScript checker (the installed TypeScript has no compiler API), so mutants that
 *   would not compile are run anyway and usually die as runtime errors or test failures;
 * - `tsconfigFile` names a file that does not exist, which keeps Stryker's sandbox
 *   preprocessor from rewriting the project's tsconfig (it cannot parse it);
 * - `perTest` coverage, so each mutant runs only the tests that reach it;
 * - one temp folder and one JSON report per module, so modules never share state.
 * @param {string} module the module's name: its files are mutation/<module>.*
 * @param {string[]} mutate globs of the source files to mutate
 * @returns {import('@stryker-mutator/api/core').PartialStrykerOptions}
 */
export function moduleStrykerConfig(module, mutate) {
  return {
    testRunner: 'vitest',
    vitest: { configFile: `mutation/${module}.vitest.config.ts`, related: false },
    mutate,
    coverageAnalysis: 'perTest',
    concurrency: 2,
    tsconfigFile: 'no-tsconfig.json',
    tempDirName: `.stryker-tmp/${module}`,
    cleanTempDir: true,
    // The sandbox needs the workspaces and root configs, not the benchmarks' output.
    ignorePatterns: ['/bench', '/docs', '/examples', '/tmp', '/runs', '/reports', '/.stryker-tmp', '/.ci'],
    reporters: ['json', 'clear-text', 'progress'],
    jsonReporter: { fileName: `reports/mutation/${module}.json` },
    clearTextReporter: { allowColor: false, logTests: false, reportScoreTable: true },
    thresholds: { high: 85, low: 75, break: null },
    timeoutMS: 5_000,
  };
}
