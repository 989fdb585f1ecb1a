import { BlockSparseMatrix } from '../src/problem/block-sparse-matrix.js';
import { FrictionContactProblem } from '../src/problem/friction-contact-problem.js';

/**
 * Hand-made problems with one contact with rolling and spinning resistance, whose W is
 * diagonal, so each group of the law is decided alone and the solution is in closed form
 * (docs/writing-a-solver.md §1): γ_n = −q_n / w_n; a group g sticks, r_g = −q_g / w_g, when
 * that fits its radius c_g γ_n, else r_g = −c_g γ_n q_g / ‖q_g‖ and it moves with
 * v_g = q_g + w_g r_g, along q_g (opposite r_g).
 *
 * Block rows: 0 is the pair's torque block, 1 an ordinary contact, 2 the pair's force block
 * (out of order on purpose: a pair may sit anywhere in W).
 */
export interface RollingCase {
  problem: FrictionContactProblem;
  /** The exact solution, block rows as in the problem. */
  r: Float64Array;
  u: Float64Array;
}

const MU = 0.5, RHO = 0.1, SIGMA = 0.05;
/** The ordinary contact (block row 1): q = (−2, 0, 0), W = I, μ = 0.3: r = (2, 0, 0), u = 0. */
const ORDINARY_Q = [-2, 0, 0];

function build(qForce: number[], qTorque: number[], name: string): FrictionContactProblem {
  const diag = (a: number, b: number, c: number) => [a, 0, 0, 0, b, 0, 0, 0, c];
  const W = BlockSparseMatrix.fromBlocks(3, [
    { row: 0, col: 0, values: diag(2, 2, 4) },
    { row: 1, col: 1, values: diag(1, 1, 1) },
    { row: 2, col: 2, values: diag(1, 1, 1) },
  ]);
  const q = Float64Array.of(...qTorque, ...ORDINARY_Q, ...qForce);
  return new FrictionContactProblem(W, q, Float64Array.of(0, 0.3, MU), name, {
    force: Int32Array.of(2), torque: Int32Array.of(0), rho: Float64Array.of(RHO), sigma: Float64Array.of(SIGMA),
  });
}

/** Everything sticks: tangential 0.1 ≤ μ γ_n = 0.5, rolling 0.1/2 ≤ ρ γ_n = 0.1, spinning 0.1/4 ≤ σ γ_n = 0.05. */
export function stickingCase(): RollingCase {
  const problem = build([-1, 0.1, 0], [0.1, 0, 0.1], 'sticking');
  return {
    problem,
    r: Float64Array.of(-0.05, 0, -0.025, 2, 0, 0, 1, -0.1, 0),
    u: new Float64Array(9),
  };
}

/**
 * Rolling and spinning at their thresholds, sliding stuck: γ_n = 1, q_r = (0.3, 0.4) gives
 * τ_r = −ρ γ_n (0.6, 0.8) and w_r = q_r + 2 τ_r = (0.18, 0.24); q_s = 0.4 gives τ_n = −σ γ_n and
 * w_n = 0.4 − 4 · 0.05 = 0.2.
 */
export function rollingCase(): RollingCase {
  const problem = build([-1, 0.1, 0], [0.3, 0.4, 0.4], 'rolling');
  return {
    problem,
    r: Float64Array.of(-0.06, -0.08, -0.05, 2, 0, 0, 1, -0.1, 0),
    u: Float64Array.of(0.18, 0.24, 0.2, 0, 0, 0, 0, 0, 0),
  };
}
