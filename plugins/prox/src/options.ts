// The plugin's option schema and presets, apart from the manifest so the solver can import its options type without a cycle.
import { stoppingOptions, withPresets, z } from '@moreau/core/contracts';

/**
 * Defaults are Siconos' PROX (fc3d_proximal.c, its set_default, and NSN_AC's for the inner
 * solver) except the siconos tolerance 1e-8 every built-in solver has: the `siconos` preset
 * restores Siconos' 1e-4. `alphaScale: 'diagonal'` is this plugin's own (README, "α's units").
 */
const schema = z.object({
  ...stoppingOptions({ maxIterations: 1000, iteration: 'proximal step', note: "Siconos' PROX cap; each step runs up to innerMaxIterations Newton steps" }),
  strategy: z.enum(['prox', 'regularization', 'fixed']).default('prox')
    .describe('α rule: prox, α = σ·eᵛ after a converged inner solve, ×10 after a failed one; regularization, from alpha, ÷10 / ×5; fixed, alpha throughout'),
  alpha: z.number().positive().default(1e4)
    .describe("starting α of 'regularization', the α of 'fixed' (Siconos' dparam ALPHA, 1e4); unused by 'prox'"),
  sigma: z.number().positive().default(5).describe('σ of α = σ·eᵛ (prox)'),
  nu: z.number().positive().default(1).describe('ν of α = σ·eᵛ (prox)'),
  alphaScale: z.enum(['none', 'diagonal']).default('none')
    .describe("none: α = σ·eᵛ in W's units, as Siconos; diagonal: times the mean of W's diagonal (fewer Newton steps on the shared problems, far fewer solved when W's diagonal spans decades)"),
  innerTolerance: z.union([z.enum(['adaptive', 'adaptive-n-contact']), z.number().positive()]).default('adaptive')
    .describe('inner solve tolerance: adaptive, max(e / innerErrorRatio, tolerance / nc); adaptive-n-contact, e / (innerErrorRatio · nc); a number, that value'),
  innerErrorRatio: z.number().gt(1).default(10).describe("ratio of the adaptive inner tolerances (Siconos' INTERNAL_ERROR_RATIO)"),
  innerMaxIterations: z.number().int().positive().default(200).describe('Newton steps per inner solve (Siconos NSN_AC: 200)'),
  lineSearchIterations: z.number().int().positive().default(100).describe('trials per Goldstein–Price line search (Siconos: 100)'),
  pivotThreshold: z.number().gt(0).max(1).default(1)
    .describe("in (0, 1]: the Newton systems' LU keeps a column's diagonal as its pivot when it is at least this share of the column's largest candidate; 1 is partial pivoting. Below 1 the fill stays near what the fill-reducing order planned (README)"),
});

/** Siconos' PROX as it ships: its tolerance 1e-4. */
export const options = withPresets(schema, {
  siconos: { tolerance: 1e-4, maxIterations: 1000, strategy: 'prox', sigma: 5, nu: 1, alphaScale: 'none' },
});

export type ProxOptions = z.output<typeof options>;
