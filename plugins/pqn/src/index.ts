import { defineSolver } from '@moreau/core/contracts';
import { Pqn } from './pqn.js';
import { options } from './options.js';

export { options, type PqnOptions } from './options.js';
export { Pqn, type PqnStats } from './pqn.js';
export { Linearization } from './linearization.js';
export { diagonalStatistic, effectiveDelta, residualDelta, type DeltaOption, type DeltaReference } from './relative-delta.js';
export { effectiveReactionScale } from './reaction-scale.js';

export default defineSolver({
  name: 'pqn',
  summary: 'projected quasi-Newton (paper 000 Algorithm 1: GMRES on ∇C_ω + δI; paper 001 diagonal variant)',
  core: '^0.1.0',
  supports: { warmStart: true, cone: 'coulomb', friction: true },
  options,
  create: (opts, ctx) => new Pqn(opts, ctx),
});
