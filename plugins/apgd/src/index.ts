import { defineSolver } from '@moreau/core/contracts';
import { ApgdSolver } from './apgd-solver.js';
import { options } from './options.js';

export { options, type ApgdOptions } from './options.js';
export { ApgdSolver, defaultMerit } from './apgd-solver.js';
export { RelaxedProblem } from './relaxed-problem.js';
export { RHO_RULES, initialRho, type RhoChoice, type RhoRule } from './rho-rules.js';

export default defineSolver({
  name: 'apgd',
  summary: 'accelerated projected gradient descent (papers 002, 003): Nesterov, Mazhar and Acary variants, relaxed or exact Coulomb by s-updates',
  core: '^0.1.0',
  supports: { warmStart: true, cone: 'both', friction: true, rolling: true },
  options,
  create: (opts, ctx) => new ApgdSolver(opts, ctx),
});
