// The plugin's option schema and presets, apart from the manifest so the solver can import its options type without a cycle.
import { stoppingOptions, withPresets, z } from '@moreau/core/contracts';

/**
 * Options; the SCSOL parameters default to paper 004 Table 2 except the line search: J = 0
 * (Armijo's, HYB(A)) solves all ten shared problems where the paper's J = 10 (HYB(G)) solves
 * seven. The `paper` preset restores Table 2.
 */
const schema = z.object({
  ...stoppingOptions({ maxIterations: 1000, iteration: 'Newton iteration', note: 'K of paper 004 Table 2' }),
  variant: z.enum(['hyb', 'newt', 'fix', 'unil']).default('hyb')
    .describe('linearisation: hyb (hybrid), newt (full semismooth Newton), fix (Tresca fixed point), unil (frictionless only)'),
  stop: z.enum(['either', 'merit', 'step']).default('either')
    .describe("stop on the merit test, on the paper's ‖δR‖/‖R‖ ≤ epsilon (or UNIL's repeated active set), or on either; only the merit decides convergence"),
  epsilon: z.number().positive().default(1e-10).describe("ε: the paper's relative step test, and FIX's inner test before a bound update"),
  sigma: z.number().gt(0).lt(1).default(0.9).describe('σ: line-search step reduction'),
  gamma: z.number().gt(0).lt(1).default(0.1).describe('γ: sufficient decrease of the line search (eq 64)'),
  beta: z.number().gt(0).lt(1).default(0.034).describe('β: the line search gives up once the step is at or below this'),
  memory: z.number().int().nonnegative().default(0).describe("J: merit memory; 0 is Armijo's monotone search, J > 0 Grippo's nonmonotone one (Table 2: 10)"),
  phi: z.number().gte(1).default(10).describe('φ: SCALE multiplies ρ_α by this on a stick/slip switch'),
  scaleLimit: z.number().int().nonnegative().max(255).default(6)
    .describe('L: at most this many ρ_α increases per contact, and none before iteration L'),
  modifiedTangent: z.boolean().default(true).describe('use F̃ of eq 59 (true) or the consistent F of eq 56 in the slip rows'),
  rowScaling: z.boolean().default(true).describe("multiply the rows of lines 5, 8, 9 by W's diagonal entries"),
  regularization: z.number().nonnegative().default(1e-6)
    .describe('λ: solve (Ω + λ|diag Ω|) δR = Π; not in paper 004, it keeps the Newton systems of singular W (most real ones) solvable; 0 is the paper'),
  initialVelocity: z.enum(['auto', 'zero', 'consistent']).default('auto')
    .describe("U⁰: zero as in the paper's runs (the residual T carries W R⁰ + q), or W R⁰ + q; auto: W R⁰ + q when a nonzero warm start is given, else zero, so a warm start near a solution starts near it"),
  linearSolver: z.enum(['auto', 'sparse-lu', 'dense-lu', 'gmres', 'direct']).default('auto')
    .describe("Ω δR = Π by sparse LU (fill-reducing order, threshold pivoting), dense LU (up to directMaxSize unknowns, GMRES above) or block-Jacobi preconditioned GMRES; auto: sparse LU when at most 30 % of Ω's blocks are stored, else dense LU; 'direct' is the earlier name of auto"),
  linearTolerance: z.number().positive().default(1e-10).describe('GMRES relative residual tolerance'),
  linearMaxIterations: z.number().int().positive().default(1000).describe('GMRES iteration cap per Newton system'),
  gmresRestart: z.number().int().positive().default(60).describe('GMRES restart length'),
  directMaxSize: z.number().int().positive().default(3000)
    .describe('largest n = 3·contacts the dense LU takes (8n² bytes; above it dense-lu uses GMRES, auto sparse LU)'),
  conditionEstimate: z.boolean().default(false)
    .describe('estimate cond₁ of every factored Newton system of full rank (Hager–Higham, from the LU factors) into stats.linear: conditionEstimates, conditionLogSum (Σ ln, for the geometric mean of eq 69), conditionMax; a statistic (paper 004 Fig. 5 e, f), off by default'),
});

/** Paper 004 Table 2: HYB with Grippo's nonmonotone search, J = 10 (the paper's best). */
export const options = withPresets(schema, {
  paper: {
    variant: 'hyb', sigma: 0.9, gamma: 0.1, beta: 0.034, memory: 10, epsilon: 1e-10, maxIterations: 1000, phi: 10, scaleLimit: 6,
  },
});

export type SemismoothNewtonOptions = z.output<typeof options>;
