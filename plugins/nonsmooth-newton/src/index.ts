import { defineSolver } from '@moreau/core/contracts';
import { NonsmoothNewton } from './nonsmooth-newton.js';
import { options } from './options.js';

export { options, type NonsmoothNewtonOptions } from './options.js';
export { NonsmoothNewton } from './nonsmooth-newton.js';
export { NewtonIteration, type NewtonIterationOptions, type StepOutcome } from './newton-iteration.js';
export { alartCurnier } from './alart-curnier.js';
export { fischerBurmeister } from './fischer-burmeister.js';
export { evaluateFunction, type FunctionName } from './contact-functions.js';
export { NewtonMatrix } from './newton-matrix.js';
export { contactRho, type RhoRule } from './rho.js';
export { armijo, goldsteinPrice, type LineSearchName, type LineSearchOutcome } from './line-search.js';

export default defineSolver({
  name: 'nonsmooth-newton',
  summary: 'nonsmooth Newton on the Alart–Curnier or Fischer–Burmeister function with a line search (Siconos NSN_AC, NSN_FB)',
  core: '^0.1.0',
  supports: { warmStart: true, cone: 'coulomb', friction: true },
  options,
  create: (opts, ctx) => new NonsmoothNewton(opts, ctx),
});
