import { defineSolver } from '@moreau/core/contracts';
import { PdIpSolver } from './pd-ip-solver.js';
import { options } from './options.js';

export { options, type PdIpOptions } from './options.js';
export { PdIpSolver, defaultMerit } from './pd-ip-solver.js';
export { InteriorPoint, type IpParameters } from './interior-point.js';
export { NesterovTodd } from './nesterov-todd.js';
export { addBarrierBlock, coneConstraint, maxConeStep } from './barrier.js';

export default defineSolver({
  name: 'pd-ip',
  summary: 'primal–dual interior point by sparse LU, relaxed or exact Coulomb with the De Saxcé shift in every Newton step: Nesterov–Todd scaling with Mehrotra\'s predictor–corrector, or paper 002\'s PD-IP on the barrier of the cone constraints',
  core: '^0.1.0',
  supports: { warmStart: true, cone: 'both', friction: true },
  options,
  create: (opts, ctx) => new PdIpSolver(opts, ctx),
});
