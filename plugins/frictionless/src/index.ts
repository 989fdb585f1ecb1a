import { defineSolver } from '@moreau/core/contracts';
import { FrictionlessSolver } from './frictionless-solver.js';
import { Gpminres } from './gpminres.js';
import { gpminresOptions } from './gpminres-options.js';
import { Mprgp } from './mprgp.js';
import { mprgpOptions } from './mprgp-options.js';

export { gpminresOptions, type GpminresOptions } from './gpminres-options.js';
export { mprgpOptions, type MprgpOptions } from './mprgp-options.js';
export { FrictionlessSolver, type FrictionlessOptions } from './frictionless-solver.js';
export { NormalQp } from './normal-qp.js';
export { Gpminres } from './gpminres.js';
export { Mprgp } from './mprgp.js';
export { Minres } from './minres.js';

// warmStart: false — a start near the solution does not shorten a small problem: both methods end
// a face in as many steps from there as from zero (README, "Warm starts").
export const gpminres = defineSolver({
  name: 'gpminres',
  summary: 'gradient projected minimum residual (paper 002), frictionless problems only: projected gradient steps, then MINRES on the free face',
  core: '^0.1.0',
  supports: { warmStart: false, cone: 'coulomb', friction: false },
  options: gpminresOptions,
  create: (opts, ctx) => new FrictionlessSolver('gpminres', opts, ctx, new Gpminres(opts)),
});

export const mprgp = defineSolver({
  name: 'mprgp',
  summary: 'modified proportioning with reduced gradient projections (paper 002, Dostál & Schöberl 2005), frictionless problems only',
  core: '^0.1.0',
  supports: { warmStart: false, cone: 'coulomb', friction: false },
  options: mprgpOptions,
  create: (opts, ctx) => new FrictionlessSolver('mprgp', opts, ctx, new Mprgp(opts)),
});

/** The package's two solvers; the plugin loader registers every one. */
export const plugins = [gpminres, mprgp];

export default gpminres;
