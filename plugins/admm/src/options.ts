// The plugin's option schema and presets, apart from the manifest so the solver can import its options type without a cycle.
import { stoppingOptions, withPresets, z } from '@moreau/core/contracts';

/**
 * Defaults are Siconos' ADMM (fc3d_admm.c, its set_default) except the siconos tolerance
 * 1e-8 every built-in solver has and the choice of ρ (README, "Defaults"); the `siconos`
 * preset restores Siconos' own.
 */
const schema = z.object({
  ...stoppingOptions({ maxIterations: 20_000, iteration: 'ADMM iteration', note: "Siconos' ADMM cap" }),
  rho: z.union([z.literal('norm-inf'), z.number().positive()]).default('norm-inf')
    .describe("initial penalty ρ: a number (Siconos' default, 1), or 'norm-inf', ‖W‖_∞"),
  rhoUpdate: z.enum(['constant', 'residual-balancing', 'scaled-residual-balancing']).default('residual-balancing')
    .describe('constant; residual-balancing (Boyd et al. 2011 eq. 3.13); scaled-residual-balancing (the residuals divided by their scales)'),
  tau: z.number().gt(1).default(2).describe('τ: the factor by which residual balancing changes ρ'),
  phi: z.number().gt(1).default(10).describe('φ: residual balancing changes ρ when one residual exceeds φ times the other'),
  acceleration: z.enum(['restart', 'none']).default('restart')
    .describe('restart: Nesterov momentum restarted when the combined residual stops falling (Goldstein et al. 2014 Algorithm 8); none: plain ADMM'),
  checkEvery: z.number().int().nonnegative().default(10)
    .describe("also evaluate the merit every this many iterations (0: only when Boyd et al.'s residual test passes, as Siconos)"),
  eta: z.number().gt(0).lt(1).default(0.999).describe('η: a step is accepted (no restart) when the combined residual falls below η times the last accepted one'),
});

/** Siconos' ADMM as it ships: tolerance 1e-6, ρ = 1 fixed. */
export const options = withPresets(schema, {
  siconos: { tolerance: 1e-6, maxIterations: 20_000, rho: 1, rhoUpdate: 'constant', tau: 2, phi: 2, acceleration: 'restart', eta: 0.999, checkEvery: 0 },
});

export type AdmmOptions = z.output<typeof options>;
