// The plugin's option schema and presets, apart from the manifest so the solver can import its options type without a cycle.
import { stoppingOptions, withPresets, z } from '@moreau/core/contracts';

const deltaReference = z.enum(['none', 'minWii', 'avgWii', 'maxWii']);

/**
 * Defaults are paper 000 Table 1 except where the README's measurements chose otherwise: the
 * siconos merit (every built-in solver's), δ = 10 · avg W_ii (§8.1.2) shrinking with ‖C_ω‖, and
 * the reaction scale s capped so that s · avg W_ii <= 10 (reaction-scale.ts).
 * Names shared with other solvers keep the CLI's --tol, --max-iter, --merit working.
 */
const schema = z.object({
  ...stoppingOptions({ maxIterations: 1000, iteration: 'Newton step', note: 'n of paper 000 (γ is the tolerance; the energy merit is its eq 40)' }),
  variant: z.enum(['gmres', 'diagonal']).default('gmres')
    .describe('gmres: paper 000 Algorithm 1; diagonal: paper 001 (A = diagonal 3x3 blocks of ∇C, θ-damped, no GMRES)'),
  omega: z.number().nonnegative().optional()
    .describe('ω: absolute smoothing width of C_ω; default 1e-3 × tolerance (Table 1: 1E-3·γ)'),
  delta: z.union([
    z.number().nonnegative(),
    z.strictObject({ value: z.number().nonnegative(), relativeTo: deltaReference.default('none') }),
  ]).default({ value: 10, relativeTo: 'avgWii' })
    .describe('δ of A = ∇C_ω + δI: a number, or { value, relativeTo: none | minWii | avgWii | maxWii } for δ·(min, mean, max of W\'s diagonal) (§8.1.2)'),
  deltaUpdate: z.enum(['fixed', 'residual']).default('residual')
    .describe('fixed: δ at every step (paper 000); residual: δ_k = δ · min(1, ‖C_ω^k‖/‖C_ω^0‖), pseudo-transient continuation'),
  reactionScale: z.number().positive().default(1)
    .describe('s: iterate on R/s against s W (1: R is the impulse, paper 000 eq 2; the time step h: the mean force, as Solfec does)'),
  maxScaledWii: z.number().positive().nullable().default(10)
    .describe('lower s so that the mean diagonal entry of s W is at most this (null: never); see reaction-scale.ts'),
  gmresIterations: z.number().int().positive().default(10).describe('m: GMRES iterations per Newton step'),
  gmresTolerance: z.number().positive().default(0.25).describe('ε: GMRES stops at the absolute residual ε‖C_ω^k‖'),
  restart: z.number().int().positive().default(20).describe('GMRES restart (Krylov subspace size)'),
  maxMatVecs: z.number().int().positive().default(100_000).describe('cap on GMRES mat-vec products over the whole solve'),
  theta: z.number().gt(0).lte(1).default(0.25).describe('θ in (0, 1]: damping of the diagonal variant (paper 001); unused by gmres'),
  stallIterations: z.number().int().nonnegative().default(0)
    .describe('stop as stalled when the merit has not fallen 10 % below its best in this many Newton steps (hand the problem to the fallback); 0: never'),
});

/** Paper 000 Table 1, which is also what Solfec's rotating-drum script runs (NEWTON_SOLVER with its defaults). */
const table1 = {
  tolerance: 1e-8, maxIterations: 1000, merit: 'energy', delta: 0, deltaUpdate: 'fixed', maxScaledWii: null,
  gmresIterations: 10, gmresTolerance: 0.25, restart: 20, maxMatVecs: 100_000,
} as const;

// Solfec's unknown is the mean force over the step (its W is h H M⁻¹ Hᵀ): on the drum, h = 1e-3.
export const options = withPresets(schema, {
  paper: table1,
  'solfec-drum': { ...table1, reactionScale: 1e-3 },
});

export type PqnOptions = z.output<typeof options>;
