import type { BlockSparseMatrix } from '@moreau/core/kernels';

/**
 * The penalty ρ of ADMM: where it starts and how it follows the residuals.
 *
 * Initial ρ (Siconos' SICONOS_FRICTION_3D_ADMM_IPARAM_INITIAL_RHO):
 * - a number (GIVEN, Siconos' default 1);
 * - `norm-inf` (NORM_INF): ‖W‖_∞, the largest absolute row sum, so that ρI weighs like W in
 *   W + ρI whatever the units. Siconos computes the column sums under that name (‖W‖₁, its
 *   local problem's "‖M‖₁ / ‖H‖₁" with H = I); they are equal for a symmetric W and differ by
 *   the asymmetry (below 3e-4 relative on the shared problems) otherwise.
 *
 * Updates (IPARAM_RHO_STRATEGY), after each iteration with primal residual r_p = ‖r − z‖ and
 * dual residual s = ρ‖ẑ − z‖:
 * - `constant`: ρ stays (Siconos' default);
 * - `residual-balancing`: Boyd, Parikh, Chu, Peleato & Eckstein 2011, §3.4.1, eq. 3.13: ρ ← τρ
 *   when r_p > φ s, ρ ← ρ/τ when s > φ r_p;
 * - `scaled-residual-balancing`: the same test on the residuals each divided by the scale of its
 *   stopping criterion (Boyd et al. 2011, §3.3.1, eq. 3.12): r_p / max(‖r‖, ‖z‖) against
 *   s / ‖ρξ‖, so that the rule does not depend on the units of r and u (Wohlberg 2017,
 *   "ADMM penalty parameter selection by residual balancing", arXiv:1704.06209).
 */
export type InitialRho = number | 'norm-inf';
export type RhoUpdate = 'constant' | 'residual-balancing' | 'scaled-residual-balancing';

/** ρ to start with; a W of zero norm falls back on 1. */
export function initialRho(rule: InitialRho, W: BlockSparseMatrix): number {
  if (typeof rule === 'number') return rule;
  const norm = normInf(W);
  return norm > 0 && norm < Infinity ? norm : 1;
}

/** ‖W‖_∞ = max_i Σ_j |W_ij|. */
export function normInf(W: BlockSparseMatrix): number {
  const { rowPtr, values } = W;
  let best = 0;
  for (let a = 0; a < W.blockRows; a++) {
    for (let i = 0; i < 3; i++) {
      let s = 0;
      for (let k = rowPtr[a]; k < rowPtr[a + 1]; k++) {
        const v = 9 * k + 3 * i;
        s += Math.abs(values[v]) + Math.abs(values[v + 1]) + Math.abs(values[v + 2]);
      }
      if (s > best) best = s;
    }
  }
  return best;
}

/** The residuals and norms of one iteration that the updates read. */
export interface Residuals {
  /** ‖r − z‖. */
  primal: number;
  /** ρ‖ẑ − z‖. */
  dual: number;
  /** ‖r‖, ‖z‖, ‖ρξ‖: the scales of the two residuals. */
  normR: number;
  normZ: number;
  normRhoXi: number;
}

/**
 * ρ for the next iteration. Under the scaled rule a zero scale makes its residual infinite
 * (a nonzero residual over a zero scale is infinitely unbalanced, as in Siconos' IEEE
 * arithmetic): with ξ = 0, z = r inside the cones and ρ too large, ADMM is a proximal point
 * iteration on W alone, and only a smaller ρ speeds it up. 0/0 leaves ρ as it is.
 */
export function nextRho(update: RhoUpdate, rho: number, res: Residuals, tau: number, phi: number): number {
  if (update === 'constant') return rho;
  let p = res.primal, d = res.dual;
  if (update === 'scaled-residual-balancing') {
    p /= Math.max(res.normR, res.normZ);
    d /= res.normRhoXi;
  }
  if (p > phi * d) return tau * rho;
  if (d > phi * p) return rho / tau;
  return rho;
}
