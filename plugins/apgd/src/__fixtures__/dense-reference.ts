/**
 * Dense reference arithmetic for the variants' hand-checked iterates: written out from the
 * papers, sharing no code with the solver (its cone projection and mat-vecs are core's).
 */

/** W x for a dense row-major n × n W. */
export function matvec(dense: readonly number[], x: ArrayLike<number>): number[] {
  const n = x.length, out: number[] = [];
  for (let i = 0; i < n; i++) {
    let s = 0;
    for (let j = 0; j < n; j++) s += dense[i * n + j] * x[j];
    out.push(s);
  }
  return out;
}

/** P_K onto Π_a {‖x_T‖ ≤ μ_a x_N}, normal first, from paper 003 eq 12. */
export function projectCones(x: readonly number[], mu: readonly number[]): number[] {
  const out = x.slice();
  for (let a = 0; a < mu.length; a++) {
    const n = x[3 * a], t1 = x[3 * a + 1], t2 = x[3 * a + 2], m = mu[a], nt = Math.hypot(t1, t2);
    if (nt <= m * n) continue; // x ∈ K
    if (m * nt <= -n) { // −x ∈ K*
      out.fill(0, 3 * a, 3 * a + 3);
      continue;
    }
    const c = (n + m * nt) / (1 + m * m);
    out[3 * a] = c;
    out[3 * a + 1] = (c * m * t1) / nt;
    out[3 * a + 2] = (c * m * t2) / nt;
  }
  return out;
}

/** null when |got_i − want_i| ≤ tol (1 + |want_i|) for every i, else the first index that differs (for the failure message). */
export function closeArrays(got: ArrayLike<number>, want: ArrayLike<number>, tol = 1e-13): string | null {
  if (got.length !== want.length) return `length ${got.length} differs from ${want.length}`;
  for (let i = 0; i < want.length; i++) {
    if (!(Math.abs(got[i] - want[i]) <= tol * (1 + Math.abs(want[i])))) return `[${i}] = ${got[i]} differs from ${want[i]}`;
  }
  return null;
}
