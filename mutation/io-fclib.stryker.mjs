import { withExampleProblems } from './io.stryker.mjs';
import { moduleStrykerConfig } from './stryker-module.mjs';

// The FCLIB HDF5 reader and writer, split from io to keep each run short. Same tests as io.
export default withExampleProblems(
  moduleStrykerConfig('io-fclib', ['core/src/io/fclib-reader.ts', 'core/src/io/fclib-writer.ts']),
);
