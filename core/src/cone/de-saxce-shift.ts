/**
 * The De Saxcé normal shift of a Coulomb problem, s_a = μ_a ‖u_T‖ with u = W r + q (paper 003
 * eq 4): with s fixed, the cone complementarity problem W r + q + s e_N ∈ K* ⟂ r ∈ K is convex,
 * and at a Coulomb solution its s is this one. The solvers that reach the exact law by a fixed
 * point on s (APGD, P-SPG-FB, the interior point) update it here.
 *
 * Writes sN[a] ← μ_a ‖(wr + q)_T‖ for every contact a, given wr = W r.
 * @returns the relative change of s, paper 003 eq 22 in the max norm:
 *   max_a |s'_a − s_a| / max_a s_a (0 when both are zero, Infinity when only the new one is not)
 */
export function updateDeSaxceShift(q: Float64Array, mu: Float64Array, wr: Float64Array, sN: Float64Array): number {
  let change = 0, scale = 0;
  for (let a = 0; a < mu.length; a++) {
    const o = 3 * a;
    const u1 = wr[o + 1] + q[o + 1], u2 = wr[o + 2] + q[o + 2];
    const next = mu[a] * Math.sqrt(u1 * u1 + u2 * u2);
    const old = sN[a];
    const d = Math.abs(next - old);
    if (d > change) change = d;
    if (old > scale) scale = old;
    sN[a] = next;
  }
  if (change === 0) return 0;
  const rel = change / scale;
  return rel === rel ? rel : Infinity;
}
