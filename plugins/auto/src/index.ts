import { defineSolver, z } from '@moreau/core/contracts';
import { AutoSolver } from './auto-solver.js';

export const options = z.object({
  tolerance: z.number().positive().default(1e-8).describe('every link of the chosen chain stops at this siconos error'),
  merit: z.literal('siconos').default('siconos')
    .describe('the measure every link stops in: siconos only, the one the rules were chosen by'),
  maxIterations: z.number().int().positive().max(1e9).optional()
    .describe('cap on the iterations of all links together (absent: each link stops at its own cap)'),
});

export type AutoSolverOptions = z.output<typeof options>;
export { AutoSolver } from './auto-solver.js';
export { problemFeatures, type ProblemFeatures } from './features.js';
export { AUTO_RULES, type AutoRule } from './rules.js';

export default defineSolver({
  name: 'auto',
  summary: "picks the measured best configuration of the built-in solvers for the problem's size and friction, with fallbacks",
  core: '^0.1.0',
  supports: { warmStart: true, cone: 'coulomb', friction: true, rolling: true },
  options,
  create: (opts, ctx) => new AutoSolver(opts, ctx),
});
