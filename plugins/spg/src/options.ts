// The plugin's option schema and presets, apart from the manifest so the solver can import its options type without a cycle.
import { stoppingOptions, withPresets, z } from '@moreau/core/contracts';

const schema = z.object({
  ...stoppingOptions({ maxIterations: 100_000, iteration: 'SPG iteration', note: 'summed over every pass; one product with W each' }),
  // No default merit: the cone chooses it.
  merit: z.string().min(1).optional()
    .describe("registered merit judging convergence; default 'siconos' for cone coulomb, 'projected-gradient' (paper 003 eq 10) for relaxed"),
  cone: z.enum(['coulomb', 'relaxed']).default('coulomb')
    .describe('coulomb: the exact problem, passes on the relaxed problem with the De Saxcé shift s = μ‖u_T‖ updated after each; relaxed: the cone complementarity problem of paper 002 (s = 0)'),
  preconditioner: z.enum(['contact', 'diagonal', 'none']).default('contact')
    .describe("P of line 4: 'diagonal' is diag(W), the paper's; 'contact' the mean of each contact's three diagonal entries (a descent direction always); 'none' a multiple of the identity"),
  memory: z.number().int().nonnegative().default(10)
    .describe('N_GLL of line 13: the nonmonotone test compares with the largest of the last N_GLL + 1 objective values (0: monotone Armijo)'),
  gamma: z.number().gt(0).lt(1).default(1e-4).describe('γ of line 13, the sufficient-decrease fraction'),
  sigmaMin: z.number().gt(0).lt(1).default(0.1).describe('σ_min of line 14: a rejected step shrinks to at least this fraction'),
  sigmaMax: z.number().gt(0).lt(1).default(0.9).describe('σ_max of line 14: … and at most this fraction'),
  alphaMin: z.number().positive().default(1e-30).describe('α_min of line 23 (α̂ is relative to P)'),
  alphaMax: z.number().positive().default(1e30).describe('α_max of line 23'),
  gd: z.number().positive().default(1e-6).describe('τ_g of line 24, the step of the KKT residual (g_d of paper 003 eq 10)'),
  innerReduction: z.number().min(0).lt(1).default(0.5)
    .describe('cone coulomb: a pass stops when its KKT residual has dropped below this fraction of its value at the start of the pass'),
  innerTolerance: z.number().nonnegative().default(0)
    .describe('a pass also stops when its KKT residual (line 24, divided by m τ_g) is at or below this'),
  innerMaxIterations: z.number().int().positive().default(100).describe('iteration cap of one pass'),
  outerTolerance: z.number().nonnegative().default(1e-10)
    .describe('cone coulomb: the solve stops when the relative change of s is at most this and the passes can do no better (the last reached innerTolerance, or ten in a row ran their whole innerMaxIterations without lowering the merit)'),
  maxOuterIterations: z.number().int().positive().default(1000).describe('cap on updates of s'),
}).superRefine((o, ctx) => {
  if (o.sigmaMin > o.sigmaMax) ctx.addIssue({ code: 'custom', path: ['sigmaMin'], message: `sigmaMin ${o.sigmaMin} exceeds sigmaMax ${o.sigmaMax}: line 14 needs σ_min ≤ σ_max` });
  if (o.alphaMin > o.alphaMax) ctx.addIssue({ code: 'custom', path: ['alphaMin'], message: `alphaMin ${o.alphaMin} exceeds alphaMax ${o.alphaMax}: line 23 needs α_min ≤ α_max` });
});

/**
 * `paper`: paper 002's P-SPG-FB as the slide gives it — the diagonal preconditioner diag(W), on
 * the relaxed (cone complementarity) problem, stopping on its KKT residual.
 */
export const options = withPresets(schema, {
  paper: { preconditioner: 'diagonal', cone: 'relaxed' },
});

export type SpgOptions = z.output<typeof options>;
