import { defineSolver } from '@moreau/core/contracts';
import { ProxSolver } from './prox-solver.js';
import { options } from './options.js';

export { options, type ProxOptions } from './options.js';
export { ProxSolver, meanDiagonal } from './prox-solver.js';
export { InnerNewton, type InnerLimits, type InnerOutcome } from './inner-newton.js';
export { alartCurnier, alartCurnierAll } from './alart-curnier.js';
export { initialAlpha, innerTolerance, nextAlpha, type AlphaRule, type AlphaStrategy, type InnerToleranceRule } from './alpha-rule.js';

export default defineSolver({
  name: 'prox',
  summary: "proximal point (Siconos PROX): nonsmooth Newton on Alart–Curnier for W + αI, α adapted to the error",
  core: '^0.1.0',
  supports: { warmStart: true, cone: 'coulomb', friction: true },
  options,
  create: (opts, ctx) => new ProxSolver(opts, ctx),
});
