import { defineSolver } from '@moreau/core/contracts';
import { SemismoothNewton } from './semismooth-newton.js';
import { options } from './options.js';

export { options, type SemismoothNewtonOptions } from './options.js';
export { SemismoothNewton } from './semismooth-newton.js';
export { Scsol, type ScsolOptions, type StepOutcome } from './scsol.js';
export { NewtonSystem, type RowCounts } from './newton-system.js';
export { classifyContact, contactRow, SEPARATED, STICK, ZERO_BOUND, SLIP, type ContactRow, type RowKind, type Variant } from './contact-rows.js';
export { constraints, contactConstraint, merit, meritAlong } from './constraints.js';
export { LinearSolver, type LinearMethod, type LinearSolverOptions, type LinearStats } from './linear-solver.js';

export default defineSolver({
  name: 'semismooth-newton',
  summary: 'semismooth Newton (paper 004): UNIL, NEWT, HYB or FIX linearisations under SCSOL with line search and penalty scaling',
  core: '^0.1.0',
  supports: { warmStart: true, cone: 'coulomb', friction: true },
  options,
  create: (opts, ctx) => new SemismoothNewton(opts, ctx),
});
