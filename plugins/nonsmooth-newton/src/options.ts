// The plugin's option schema and presets, apart from the manifest so the solver can import its options type without a cycle.
import { stoppingOptions, withPresets, z } from '@moreau/core/contracts';

/**
 * Options. The defaults are the ones measured best on the shared problems (README); the
 * `siconos` and `siconos-fb` presets are Siconos' NSN_AC and NSN_FB defaults.
 */
const schema = z.object({
  ...stoppingOptions({ maxIterations: 1000, iteration: 'Newton iteration', note: "Siconos' own default is 200" }),
  function: z.enum(['alart-curnier', 'fischer-burmeister']).default('fischer-burmeister')
    .describe('the nonsmooth equation: the Alart–Curnier function (Siconos NSN_AC) or the Fischer–Burmeister function on the second-order cone (NSN_FB)'),
  rho: z.union([z.enum(['spectral', 'split-spectral']), z.number().positive()]).default('split-spectral')
    .describe("ρ per contact: spectral 1/λ_max(W_aa), split-spectral 1/W_NN and 1/λ_max of the tangential block, or a number; Fischer–Burmeister scales u by ρ_N (Siconos: 1)"),
  lineSearch: z.enum(['goldstein-price', 'armijo', 'none']).default('goldstein-price')
    .describe("on ½‖φ‖²: Goldstein's two-sided test (Siconos' default; a failed search takes the full step), Armijo's backtracking (a failed search takes its shortest step), or the full step"),
  lineSearchMaxIterations: z.number().int().positive().default(100).describe('evaluations of φ per line search'),
  regularization: z.number().nonnegative().default(1e-2)
    .describe('λ: solve (J + λ_k |diag J|) d = −φ (not in Siconos); it keeps the Newton systems of rank-deficient W solvable and damps steps along their null directions'),
  regularizationUpdate: z.enum(['fixed', 'residual']).default('residual')
    .describe('fixed: λ_k = λ; residual: λ_k = λ · min(1, ‖φ^k‖/‖φ⁰‖), vanishing near a solution so the convergence stays quadratic'),
  pivotThreshold: z.number().gt(0).max(1).default(1)
    .describe("in (0, 1]: the LU keeps a column's diagonal as its pivot when it is at least this share of the column's largest candidate; 1 is partial pivoting. Below 1 the fill stays near what the fill-reducing order planned: on the settled steps of a 1,000-sphere pour (1,800–2,600 contacts), 0.1 made Newton iterations 1.3–18× faster (README)"),
});

const siconosAc = {
  function: 'alart-curnier', rho: 'spectral', lineSearch: 'goldstein-price', lineSearchMaxIterations: 100, regularization: 0, regularizationUpdate: 'fixed',
  tolerance: 1e-8, maxIterations: 1000,
} as const;

/**
 * `siconos`: NSN_AC as Siconos sets it by default (fc3d_nsn_ac_set_default), with the
 * tolerance and the iteration cap of the reference runs (1e-8, 1000); `siconos-fb`: NSN_FB
 * likewise (ρ = 1: Siconos' Fischer–Burmeister function has none).
 */
export const options = withPresets(schema, {
  siconos: siconosAc,
  'siconos-fb': { ...siconosAc, function: 'fischer-burmeister', rho: 1 },
});

export type NonsmoothNewtonOptions = z.output<typeof options>;
