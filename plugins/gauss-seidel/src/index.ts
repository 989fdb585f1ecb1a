import { defineSolver } from '@moreau/core/contracts';
import { GaussSeidel } from './gauss-seidel.js';
import { options } from './options.js';

export { options, type GaussSeidelOptions } from './options.js';
export { GaussSeidel } from './gauss-seidel.js';
export { LocalSolver, SEPARATED, STICKING, SLIDING, FAILED, type LocalOutcome, type LocalSolverOptions } from './local-solver.js';

export default defineSolver({
  name: 'gauss-seidel',
  summary: 'nonlinear block Gauss–Seidel (NSGS) with an exact one-contact Coulomb solver; SOR and Jacobi variants',
  core: '^0.1.0',
  supports: { warmStart: true, cone: 'coulomb', friction: true, rolling: true },
  options,
  create: (opts, ctx) => new GaussSeidel(opts, ctx),
});
