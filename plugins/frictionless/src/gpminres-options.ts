// The option schema and presets of `gpminres`, apart from the manifest so the solver can import its options type without a cycle.
import { stoppingOptions, withPresets, z } from '@moreau/core/contracts';

/**
 * Paper 002 names GPMINRES's parameters (τ, η₁, η₂, N_max, M_max) but gives no values; the
 * defaults are the ones measured best on the shared problems (README). As APGD does with its passes,
 * `maxIterations` counts the inner iterations (about one product with W each), and N_max the outer ones. Names shared with other
 * solvers keep the CLI's --tol, --max-iter and --merit working.
 */
const schema = z.object({
  ...stoppingOptions({ maxIterations: 20_000, iteration: 'inner iteration', note: 'gradient projection steps and MINRES iterations (the j of paper 002 GPMINRES lines 6 and 13), summed over the outer iterations; each about one product with W' }),
  maxOuterIterations: z.number().int().positive().default(1000)
    .describe('N_max of paper 002 GPMINRES line 2: cap on outer iterations (one gradient projection phase, one MINRES run and one line search each)'),
  tau: z.number().positive().optional()
    .describe('τ of paper 002 GPMINRES line 19: also stop when ‖∇_Ω q‖∞ < τ (absolute, units of u); converged still only when the merit agrees. Unset: stop on the merit only'),
  eta1: z.number().gt(0).lt(1).default(0.01)
    .describe('η₁: the gradient projection phase stops when the active set did not change or a step lowered q by at most η₁ × the best step of the phase (line 4)'),
  eta2: z.number().gt(0).lt(1).default(1e-4)
    .describe('η₂: MINRES stops when a step lowered its residual by at most η₂ × its best step (line 14, "sluggish convergence")'),
  maxMinresIterations: z.number().int().positive().default(100).describe('M_max: cap on MINRES iterations per face (line 11)'),
  maxProjectionSteps: z.number().int().positive().default(100)
    .describe('cap on gradient projection steps per phase (lines 4–7; not in the paper): on ill-conditioned problems the active set can change at every step while q falls slowly'),
});

/**
 * `paper`: GPMINRES as paper 002 states it, stopping on its own test (line 19, ‖∇_Ω q‖∞ < τ).
 * The paper gives no number for τ; the preset takes 1e-8, the tolerance every solver here defaults to.
 */
export const gpminresOptions = withPresets(schema, {
  paper: { tau: 1e-8 },
});

export type GpminresOptions = z.output<typeof gpminresOptions>;
