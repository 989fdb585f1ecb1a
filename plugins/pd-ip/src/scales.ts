import type { FrictionContactProblem } from '@moreau/core/kernels';

/**
 * The problem's velocity scale V = max_i |q_i| and, per contact, the impulse ρ_a = V / W_NN,a
 * that stops an approach at speed V through the contact's own diagonal (the mean of the
 * positive W_NN where W_NN,a is not positive). The interior point starts at x_a = (ρ_a, 0, 0)
 * and measures its residuals in these units, so that scaling q scales its iterates alike.
 */
export function problemScales(problem: FrictionContactProblem): { V: number; rho: Float64Array } {
  const { W, q } = problem;
  const nc = problem.contacts;
  let V = 0;
  for (let i = 0; i < q.length; i++) V = Math.max(V, Math.abs(q[i]));
  if (!(V > 0 && V < Infinity)) V = 1;
  let sum = 0, count = 0;
  for (let a = 0; a < nc; a++) {
    const w = W.values[9 * W.diagIdx[a]];
    if (w > 0) { sum += w; count++; }
  }
  const mean = count > 0 ? sum / count : 1;
  const rho = new Float64Array(nc);
  for (let a = 0; a < nc; a++) {
    const w = W.values[9 * W.diagIdx[a]];
    rho[a] = V / (w > 0 ? w : mean);
  }
  return { V, rho };
}
