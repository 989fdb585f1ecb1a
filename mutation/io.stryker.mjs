import { moduleStrykerConfig } from './stryker-module.mjs';

/** The FCLIB tests read examples/problems, which the shared config keeps out of the sandbox. */
export function withExampleProblems(config) {
  const ignorePatterns = config.ignorePatterns.filter((p) => p !== '/examples');
  return { ...config, ignorePatterns: [...ignorePatterns, '/examples/*', '!/examples/problems'] };
}

// The text path every file goes through: format detection, the Siconos .dat reader and its
// scanner, the error mapping. FCLIB (io-fclib) and the global-form reduction with the JSON
// format (io-global) are their own modules, so each run stays short: FCLIB's mutants run the
// slow HDF5 tests. The HDF5 glue (hdf5-lib/-reader/-writer) binds h5wasm and is left out; so
// are the output-only writers (VTK, JSON lines, solutions).
export default withExampleProblems(
  moduleStrykerConfig('io', [
    'core/src/io/siconos-dat.ts',
    'core/src/io/read-problem.ts',
    'core/src/io/file-errors.ts',
    'core/src/io/text-scanner.ts',
  ]),
);
