// The plugin's option schema and presets, apart from the manifest so the solver can import its options type without a cycle.
import { stoppingOptions, withPresets, z } from '@moreau/core/contracts';
import type { IpParameters } from './interior-point.js';

const schema = z.object({
  ...stoppingOptions({ maxIterations: 500, iteration: 'Newton step', note: 'summed over every pass; one sparse LU each' }),
  // No default merit: the cone chooses it.
  merit: z.string().min(1).optional()
    .describe("registered merit judging convergence; default 'siconos' for cone coulomb, 'projected-gradient' (paper 003 eq 10) for relaxed"),
  method: z.enum(['nesterov-todd', 'barrier']).default('nesterov-todd')
    .describe("nesterov-todd: primal and dual iterates, Nesterov–Todd scaling, Mehrotra's predictor–corrector; barrier: paper 002's PD-IP, Newton steps on the barrier of scalar cone constraints"),
  cone: z.enum(['coulomb', 'relaxed']).default('coulomb')
    .describe('coulomb: the exact problem, the De Saxcé shift s = μ‖u_T‖ added to the dual residual (see shift); relaxed: the cone complementarity problem of paper 002 (s = 0)'),
  shift: z.enum(['newton', 'passes']).default('newton')
    .describe("cone coulomb: 'newton' recomputes s at every Newton step with its derivative in the Newton matrix; 'passes' (method barrier) is the outer fixed point, s held for a pass of Newton steps"),
  lagShiftOnStall: z.boolean().optional()
    .describe("method nesterov-todd, cone coulomb: when the steps stall with the shift's derivative in the Newton matrix, go on once from the same iterate with s recomputed at every step but its derivative left out; default true, false stops there"),
  lineSearch: z.enum(['boundary', 'residual']).optional()
    .describe("method barrier, line 4: 'boundary' (default) takes 0.99 of the largest step keeping x in the cones and λ > 0; 'residual' then backtracks on ‖r_t‖ (Boyd and Vandenberghe)"),
  warmDepth: z.number().gt(0).max(1).default(1e-2)
    .describe('a warm start is moved this fraction of the contact\'s impulse scale into its cone, and starts that much further along the central path (1: as far as a cold start)'),
  centering: z.number().gt(1).optional().describe('method barrier: μ of line 2 (t = μ m / η̂), how far each step aims past the current duality gap; default 10'),
  alpha: z.number().gt(0).lt(0.5).optional().describe("method barrier, lineSearch 'residual': a step s is accepted when ‖r_t‖ drops to (1 − α s) of its value; default 0.01"),
  beta: z.number().gt(0).lt(1).optional().describe("method barrier, lineSearch 'residual': the factor s is shrunk by until it is accepted; default 0.5"),
  gd: z.number().positive().default(1e-6).describe('g_d of the passes\' KKT residual, paper 003 eq 10'),
  innerReduction: z.number().min(0).lt(1).default(0.5)
    .describe('shift passes: a pass (Newton steps for one s) stops when eq 10 has dropped below this fraction of its value at the start of the pass'),
  innerTolerance: z.number().nonnegative().default(0).describe('a pass also stops when eq 10 is at or below this'),
  innerMaxIterations: z.number().int().positive().default(1).describe('shift passes: Newton steps in one pass at most'),
  outerTolerance: z.number().nonnegative().default(1e-10)
    .describe('shift passes: the solve stops when the relative change of s is at most this after a pass that reached innerTolerance'),
  maxOuterIterations: z.number().int().positive().default(1000).describe('shift passes: cap on updates of s'),
}).superRefine((o, ctx) => {
  if (o.method === 'barrier') {
    if (o.lagShiftOnStall !== undefined) ctx.addIssue({ code: 'custom', path: ['lagShiftOnStall'], message: "lagShiftOnStall applies to method 'nesterov-todd' only, not 'barrier'" });
    return;
  }
  for (const key of BARRIER_ONLY) {
    if (o[key] !== undefined) ctx.addIssue({ code: 'custom', path: [key], message: `${key} applies to method 'barrier' only, not '${o.method}'` });
  }
  if (o.shift === 'passes') ctx.addIssue({ code: 'custom', path: ['shift'], message: `shift 'passes' applies to method 'barrier' only, not '${o.method}'` });
});

/** The options of paper 002's barrier method that the Nesterov–Todd method has no use for. */
const BARRIER_ONLY = ['lineSearch', 'centering', 'alpha', 'beta'] as const;

/** The barrier method's constants as given, else Boyd and Vandenberghe's (μ = 10, α = 0.01, β = 0.5) and the boundary step. */
export function barrierParameters(o: PdIpOptions): IpParameters {
  return { lineSearch: o.lineSearch ?? 'boundary', centering: o.centering ?? 10, alpha: o.alpha ?? 0.01, beta: o.beta ?? 0.5 };
}

/**
 * `paper`: paper 002's PD-IP as the slide gives it, on the relaxed (cone complementarity) problem,
 * with Boyd and Vandenberghe's line search and constants (μ = 10, α = 0.01, β = 0.5).
 */
export const options = withPresets(schema, {
  paper: { method: 'barrier', cone: 'relaxed', lineSearch: 'residual' },
});

export type PdIpOptions = z.output<typeof options>;
