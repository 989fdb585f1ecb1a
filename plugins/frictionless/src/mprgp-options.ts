// The option schema and presets of `mprgp`, apart from the manifest so the solver can import its options type without a cycle.
import { stoppingOptions, withPresets, z } from '@moreau/core/contracts';

/**
 * Paper 002 states MPRGP with Γ > 0, ᾱ ∈ (0, ‖N‖⁻¹] and ε > 0 but gives no values; the
 * defaults are the ones measured best on the shared problems (README). Names shared with other
 * solvers keep the CLI's --tol, --max-iter and --merit working.
 */
const schema = z.object({
  ...stoppingOptions({ maxIterations: 20_000, iteration: 'MPRGP iteration', note: 'each a conjugate gradient, expansion or proportioning step: one or two products with W' }),
  tau: z.number().positive().optional()
    .describe('ε of paper 002 MPRGP line 4: also stop when ‖g̃(x)‖ ≤ ε, g̃ the reduced projected gradient (absolute, units of u); converged still only when the merit agrees. Unset: stop on the merit only'),
  gamma: z.number().positive().default(1)
    .describe('Γ of the proportioning test ‖β‖² ≤ Γ² φ̃ᵀφ (line 5): larger stays longer on a face'),
  stepScale: z.number().gt(0).lt(2).default(1)
    .describe('s in ᾱ = s / λ_max(W_NN), the step of the expansion and proportioning steps; paper 002 takes ᾱ ∈ (0, ‖N‖⁻¹] for MPRGP (s ≤ 1)'),
});

/**
 * `paper`: MPRGP as paper 002 states it, stopping on its own test (line 4, ‖g̃‖ ≤ ε) with ᾱ at
 * the top of its interval, ‖N‖⁻¹. The paper gives no number for ε or Γ; the preset takes
 * ε = 1e-8 (the tolerance every solver here defaults to) and Γ = 1 (Dostál's usual choice).
 */
export const mprgpOptions = withPresets(schema, {
  paper: { tau: 1e-8, gamma: 1, stepScale: 1 },
});

export type MprgpOptions = z.output<typeof mprgpOptions>;
