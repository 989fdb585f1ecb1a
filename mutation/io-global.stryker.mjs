import { withExampleProblems } from './io.stryker.mjs';
import { moduleStrykerConfig } from './stryker-module.mjs';

// The global-form reduction (W = H M⁻¹ Hᵀ, q = H M⁻¹ f + w) and the JSON problem format,
// split from io to keep each run short. Same tests as io.
export default withExampleProblems(
  moduleStrykerConfig('io-global', ['core/src/io/global-reduction.ts', 'core/src/io/problem-json.ts']),
);
