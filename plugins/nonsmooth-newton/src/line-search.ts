/**
 * Line searches on the Newton merit q(α) = ½‖φ(r + α d)‖² along the Newton direction d, given
 * q(0) and its slope q'(0) = φᵀ J d (−2 q(0) for an exact Newton step). `trial(α)` evaluates
 * q(α). Each returns the step to take and how it went.
 */
export type LineSearchName = 'goldstein-price' | 'armijo' | 'none';

export interface LineSearchOutcome {
  /** The step to take. */
  alpha: number;
  /** Evaluations of q made. */
  trials: number;
  /** True when no step met the search's conditions within its cap (alpha is then its fallback). */
  failed: boolean;
}

/** Goldstein's two conditions (sufficient decrease, step not too short), Siconos NSN's defaults. */
const GP_DECREASE = 0.01;
const GP_CURVATURE = 0.99;
/** Armijo's sufficient decrease. */
const ARMIJO_DECREASE = 1e-4;

/**
 * Goldstein's test (Goldstein & Price, "An effective algorithm for minimization", Numer. Math.
 * 10, 1967), as Siconos' nonsmooth Newton driver applies it: α is accepted when
 * m₂ q'(0) ≤ (q(α) − q(0))/α ≤ m₁ q'(0), m₁ = 0.01, m₂ = 0.99; a step that decreases q too little
 * is an upper bound, one that decreases it too steeply (too short) a lower bound, and the next
 * α bisects the bracket — or doubles α while there is no upper bound (Siconos jumps to the middle
 * of [α, 1e10] instead, which from a full step is 5e9). A search that fails within `maxTrials`
 * takes the full step α = 1, as Siconos does.
 */
export function goldsteinPrice(q0: number, slope0: number, trial: (alpha: number) => number, maxTrials: number): LineSearchOutcome {
  let lo = 0, hi = Infinity, alpha = 1;
  for (let i = 1; i <= maxTrials; i++) {
    const slope = (trial(alpha) - q0) / alpha;
    if (!(slope <= GP_DECREASE * slope0)) hi = alpha; // too little decrease (or NaN): shorter
    else if (slope < GP_CURVATURE * slope0) lo = alpha; // steeper than the tangent allows: longer
    else return { alpha, trials: i, failed: false };
    alpha = hi < Infinity ? 0.5 * (lo + hi) : 2 * alpha;
  }
  return { alpha: 1, trials: maxTrials, failed: true };
}

/**
 * Armijo's backtracking: α = 1, ½, ¼, … until q(α) ≤ q(0) + γ α q'(0), γ = 1e-4. A search
 * that fails within `maxTrials` takes its last, shortest step: the merit never rises much.
 */
export function armijo(q0: number, slope0: number, trial: (alpha: number) => number, maxTrials: number): LineSearchOutcome {
  let alpha = 1;
  for (let i = 1; i <= maxTrials; i++) {
    if (trial(alpha) <= q0 + ARMIJO_DECREASE * alpha * slope0) return { alpha, trials: i, failed: false };
    if (i < maxTrials) alpha *= 0.5;
  }
  return { alpha, trials: maxTrials, failed: true };
}
