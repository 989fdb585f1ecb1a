// The plugin's option schema and presets, apart from the manifest so the solver can import its options type without a cycle.
import { stoppingOptions, withPresets, z } from '@moreau/core/contracts';
import { RHO_RULES } from './rho-rules.js';

const schema = z.object({
  ...stoppingOptions({ maxIterations: 50_000, iteration: 'APGD iteration', note: 'summed over every pass' }),
  // No default merit: the cone chooses it.
  merit: z.string().min(1).optional()
    .describe("registered merit judging convergence; default 'siconos' for cone coulomb, 'projected-gradient' (paper 003 eq 10) for relaxed"),
  variant: z.enum(['nesterov', 'mazhar', 'acary']).default('mazhar')
    .describe('nesterov: paper 002 NAPG, fixed step 1/λ_max; mazhar: adaptive Lipschitz step, restart, best iterate; acary: paper 003 Algorithm 1'),
  cone: z.enum(['coulomb', 'relaxed']).default('coulomb')
    .describe('coulomb: the exact problem by s-updates (paper 003 Algorithm 3); relaxed: the convex relaxation (s = 0)'),
  rho: z.union([z.enum(RHO_RULES), z.number().positive()]).optional()
    .describe("variant acary: ρ_0 by a rule of paper 003 §2.4.1, or a number; default 'wrho'"),
  rhoUpdate: z.enum(['none', 'ratio1', 'ratio2']).optional()
    .describe("variant acary: adaptive ρ of paper 003 Algorithm 2 on eq 20 or 21 (L 0.9, L_min 0.3, w 2/3); default 'ratio1'"),
  carryMomentum: z.boolean().optional()
    .describe('variant mazhar: continue the momentum across s-updates instead of restarting each pass; default true (false with passStart zero)'),
  restart: z.enum(['objective', 'gradient']).optional()
    .describe("variant mazhar: drop the momentum when the objective rises, or on Mazhar et al.'s gradient test ∇f(y)ᵀ(γ' − γ) > 0; default 'objective'"),
  gd: z.number().positive().default(1e-6).describe('the step g_d of the stopping metric, paper 003 eq 10'),
  innerReduction: z.number().min(0).lt(1).default(0.5)
    .describe('a pass stops when eq 10 has dropped below this fraction of its value at the start of the pass'),
  innerTolerance: z.number().nonnegative().default(0)
    .describe('a pass also stops when eq 10 is at or below this (ε of paper 003 Algorithm 1, in the units of eq 10)'),
  innerMaxIterations: z.number().int().positive().default(1000).describe('iteration cap of one pass (Iter_max of Algorithm 1; the paper runs 200)'),
  passStart: z.enum(['previous', 'zero']).default('previous')
    .describe('each pass starts from the previous pass\'s r, or from r = 0 as paper 003 Algorithm 1 does'),
  outerTolerance: z.number().nonnegative().default(1e-10)
    .describe('ε_ext: the solve stops when eq 22 (max norm) is at most this and the passes can do no better (the last reached innerTolerance, or ten in a row ran their whole innerMaxIterations without lowering the merit)'),
  maxOuterIterations: z.number().int().positive().default(1000).describe('cap on s-updates (Iter_max of Algorithm 3)'),
}).superRefine((o, ctx) => {
  if (o.variant !== 'acary') {
    for (const key of ['rho', 'rhoUpdate'] as const) {
      if (o[key] !== undefined) ctx.addIssue({ code: 'custom', path: [key], message: `${key} applies to variant 'acary' only, not '${o.variant}'` });
    }
  }
  if (o.variant !== 'mazhar') {
    for (const key of ['carryMomentum', 'restart'] as const) {
      if (o[key] !== undefined) ctx.addIssue({ code: 'custom', path: [key], message: `${key} applies to variant 'mazhar' only, not '${o.variant}'` });
    }
  }
  if (o.carryMomentum === true && o.passStart === 'zero') {
    ctx.addIssue({ code: 'custom', path: ['carryMomentum'], message: "carryMomentum continues the previous pass, and passStart 'zero' starts every pass from r = 0: drop one of them" });
  }
});

/**
 * `paper`: paper 003 as published — Algorithm 1 (variant acary, whose default ρ is WRho with
 * Algorithm 2's ratio 1, the paper's best) to ε = 1e-3 in at most 200 iterations from r = 0,
 * inside Algorithm 3 until eq 22 ≤ ε_ext = 1e-3.
 */
export const options = withPresets(schema, {
  paper: {
    variant: 'acary', innerTolerance: 1e-3, innerReduction: 0, innerMaxIterations: 200, passStart: 'zero', outerTolerance: 1e-3,
  },
});

export type ApgdOptions = z.output<typeof options>;
