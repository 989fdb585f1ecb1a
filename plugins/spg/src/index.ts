import { defineSolver } from '@moreau/core/contracts';
import { SpgSolver } from './spg-solver.js';
import { options } from './options.js';

export { options, type SpgOptions } from './options.js';
export { SpgSolver, defaultMerit } from './spg-solver.js';
export { ShiftedProblem } from './shifted-problem.js';
export { NonmonotoneWindow, acceptsStep, shortenStep } from './nonmonotone.js';

export default defineSolver({
  name: 'spg',
  summary: 'preconditioned spectral projected gradient with fallback, P-SPG-FB (paper 002): nonmonotone line search, best KKT point, relaxed or exact Coulomb by s-updates',
  core: '^0.1.0',
  supports: { warmStart: true, cone: 'both', friction: true },
  options,
  create: (opts, ctx) => new SpgSolver(opts, ctx),
});
