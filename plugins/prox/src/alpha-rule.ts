/**
 * The proximal parameter α of each step and the tolerance of its inner solve.
 *
 * One proximal step solves the problem with W + αI and q − α r_k (Rockafellar 1976, the
 * resolvent (I + c_k T)⁻¹ with c_k = 1/α_k applied to r_k; T the Coulomb problem's operator).
 * A small α is a step close to Newton on the problem itself, a large one a short, well-conditioned
 * step. Rockafellar 1976, Theorem 2: with c_k → ∞ (α_k → 0) the iterates converge superlinearly,
 * which is what tying α to the error does.
 *
 * - `prox` (Siconos' SICONOS_FRICTION_3D_PROXIMAL_PROX, its default): α = σ eᵛ before the first
 *   step and after every step whose inner solve converged, e the error of the outer iterate;
 *   ×10 after one that did not.
 * - `regularization` (SICONOS_FRICTION_3D_PROXIMAL_REGULARIZATION): α starts at `alpha`, ÷10
 *   after a converged inner solve, ×5 after a failed one.
 * - `fixed` (Siconos' negative `alpha`): α = `alpha` throughout.
 *
 * `scale` multiplies every α the rules compute from the error (α is in the units of W; Siconos
 * takes scale 1, the plugin's default takes the mean diagonal of W, see options.ts).
 */
export type AlphaStrategy = 'prox' | 'regularization' | 'fixed';

export interface AlphaRule {
  strategy: AlphaStrategy;
  /** The starting α of `regularization`, the α of `fixed`. */
  alpha: number;
  sigma: number;
  nu: number;
  scale: number;
}

/** α for the first step, e the error of the starting point. */
export function initialAlpha(rule: AlphaRule, e: number): number {
  return rule.strategy === 'prox' ? rule.scale * rule.sigma * e ** rule.nu : rule.alpha;
}

/** α for the next step, after one with α whose inner solve `converged` and left the error e. */
export function nextAlpha(rule: AlphaRule, alpha: number, e: number, converged: boolean): number {
  switch (rule.strategy) {
    case 'prox': return converged ? rule.scale * rule.sigma * e ** rule.nu : 10 * alpha;
    case 'regularization': return converged ? alpha / 10 : 5 * alpha;
    case 'fixed': return alpha;
  }
}

/**
 * How the inner solve's tolerance follows the outer error e (Siconos' internal error strategies):
 * `adaptive`, max(e / ratio, tolerance / nc) (its default for PROX); `adaptive-n-contact`,
 * e / (ratio · nc); `given`, the value of `innerTolerance`. An inexact proximal step whose
 * error shrinks with the outer error is Rockafellar 1976's criterion (A): Σ ε_k < ∞ suffices
 * for convergence.
 */
export type InnerToleranceRule = 'adaptive' | 'adaptive-n-contact' | 'given';

export function innerTolerance(rule: InnerToleranceRule, e: number, tolerance: number, contacts: number, ratio: number, given: number): number {
  const nc = Math.max(1, contacts);
  switch (rule) {
    case 'adaptive': return Math.max(e / ratio, tolerance / nc);
    case 'adaptive-n-contact': return e / (ratio * nc);
    case 'given': return given;
  }
}
