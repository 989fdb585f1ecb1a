import { defineSolver } from '@moreau/core/contracts';
import { AdmmSolver } from './admm-solver.js';
import { options } from './options.js';

export { options, type AdmmOptions } from './options.js';
export { AdmmSolver } from './admm-solver.js';
export { ShiftedSystem } from './shifted-system.js';
export { extrapolate, Restart } from './acceleration.js';
export { initialRho, nextRho, normInf, type InitialRho, type Residuals, type RhoUpdate } from './rho-rules.js';

export default defineSolver({
  name: 'admm',
  summary: "ADMM (Siconos ADMM): one factorisation of W + ρI, projection on the cones, restarted acceleration, residual balancing",
  core: '^0.1.0',
  supports: { warmStart: true, cone: 'coulomb', friction: true },
  options,
  create: (opts, ctx) => new AdmmSolver(opts, ctx),
});
