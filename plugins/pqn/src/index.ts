import { defineSolver, z } from '@moreau/core';
import { Pqn } from './pqn.js';

const deltaReference = z.enum(['none', 'minWii', 'avgWii', 'maxWii']);

/** Defaults are paper 000 Table 1; names shared with other solvers keep the CLI's --tol, --max-iter, --merit working. */
export const options = z.object({
  tolerance: z.number().positive().default(1e-8).describe('γ: stop when the merit is below this'),
  maxIterations: z.number().int().positive().default(1000).describe('n: Newton step cap'),
  merit: z.string().min(1).default('energy').describe('registered merit of the stopping test; energy is paper 000 eq 40'),
  variant: z.enum(['gmres', 'diagonal']).default('gmres')
    .describe('gmres: paper 000 Algorithm 1; diagonal: paper 001 (A = diagonal 3x3 blocks of ∇C, θ-damped, no GMRES)'),
  omega: z.number().nonnegative().optional()
    .describe('ω: absolute smoothing width of C_ω; default 1e-3 × tolerance (Table 1: 1E-3·γ)'),
  delta: z.union([
    z.number().nonnegative(),
    z.strictObject({ value: z.number().nonnegative(), relativeTo: deltaReference.default('none') }),
  ]).default(0).describe('δ of A = ∇C_ω + δI: a number, or { value, relativeTo: none | minWii | avgWii | maxWii } for δ·(min, mean, max of W\'s diagonal) (§8.1.2)'),
  gmresIterations: z.number().int().positive().default(10).describe('m: GMRES iterations per Newton step'),
  gmresTolerance: z.number().positive().default(0.25).describe('ε: GMRES stops at the absolute residual ε‖C_ω^k‖'),
  restart: z.number().int().positive().default(20).describe('GMRES restart (Krylov subspace size)'),
  maxMatVecs: z.number().int().positive().default(100_000).describe('cap on GMRES mat-vec products over the whole solve'),
  theta: z.number().gt(0).lte(1).default(0.25).describe('θ in (0, 1]: damping of the diagonal variant (paper 001); unused by gmres'),
});

export type PqnOptions = z.output<typeof options>;
export { Pqn, type PqnStats } from './pqn.js';
export { Linearization } from './linearization.js';
export { effectiveDelta, type DeltaOption, type DeltaReference } from './relative-delta.js';

export default defineSolver({
  name: 'pqn',
  summary: 'projected quasi-Newton (paper 000 Algorithm 1: GMRES on ∇C_ω + δI; paper 001 diagonal variant)',
  core: '^0.1.0',
  supports: { warmStart: true, cone: 'coulomb', friction: true },
  options,
  create: (opts, ctx) => new Pqn(opts, ctx),
});
