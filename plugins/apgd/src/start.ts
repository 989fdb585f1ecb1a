import { isTrivialProblem, projectOntoCones, projectOntoRollingCones, type FrictionContactProblem } from '@moreau/core/kernels';

/**
 * True when r = 0 solves the problem at once. For the Coulomb problem that is every
 * q_N >= 0 (Siconos checks it before any solver): then ũ = q + μ‖q_T‖e_N lies in K*.
 * For the relaxation it is q_a ∈ K*_a, μ_a‖q_T‖ <= q_N, at every contact. With rolling pairs
 * (solved for the Coulomb law only) it is core's test, which skips the torque blocks.
 */
export function zeroSolves(problem: FrictionContactProblem, coulomb: boolean): boolean {
  if (problem.rolling !== undefined) return isTrivialProblem(problem);
  const { q, mu } = problem;
  for (let a = 0; a < problem.contacts; a++) {
    const o = 3 * a;
    if (coulomb) {
      if (!(q[o] >= 0)) return false;
    } else if (!(mu[a] * Math.sqrt(q[o + 1] * q[o + 1] + q[o + 2] * q[o + 2]) <= q[o])) {
      return false;
    }
  }
  return true;
}

/** r ← the warm start projected onto the cones (Z for rolling pairs), or 0. @returns r */
export function startingPoint(problem: FrictionContactProblem, warm: Float64Array | undefined, r: Float64Array): Float64Array {
  if (warm === undefined) return r.fill(0);
  r.set(warm);
  if (problem.rolling !== undefined) return projectOntoRollingCones(r, r, problem.mu, problem.rolling);
  return projectOntoCones(r, r, problem.mu);
}
