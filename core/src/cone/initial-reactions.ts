import { projectOntoCones } from './project.js';
import { projectOntoRollingCones } from './rolling-cones.js';
import { MoreauError } from '../contracts/errors.js';
import type { FrictionContactProblem } from '../problem/friction-contact-problem.js';

/**
 * True when every contact separates freely (q_N >= 0): then r = 0, u = q solves the
 * problem (De Saxcé: ũ = q + μ‖q_T‖e_N lies in K* exactly when q_N >= 0), which
 * Siconos checks before calling any solver. The torque block rows of rolling pairs are no
 * contacts and are skipped: with r = 0, Z's ũ lies in Z* exactly when u_n ≥ 0 too.
 */
export function isTrivialProblem(problem: FrictionContactProblem): boolean {
  const torque = problem.rolling?.isTorque;
  for (let a = 0; a < problem.contacts; a++) {
    if (torque !== undefined && torque[a] === 1) continue;
    if (!(problem.q[3 * a] >= 0)) return false;
  }
  return true;
}

/**
 * A solver's first iterate: r = 0 for a trivial problem (see isTrivialProblem), else
 * the warm start checked (length, finiteness) and projected onto the cones (Z for rolling
 * pairs), else r = 0.
 * @param out where to write it (problem.size numbers), instead of a new array: a solver that
 *   iterates in buffers of its own saves an allocation of the problem's size a solve
 * @returns `out`, or a new array of length problem.size
 */
export function initialReactions(problem: FrictionContactProblem, warm: Float64Array | undefined, out?: Float64Array): Float64Array {
  const r = out === undefined ? new Float64Array(problem.size) : out.fill(0);
  if (warm === undefined) return r;
  checkWarmStart(problem, warm);
  if (isTrivialProblem(problem)) return r;
  r.set(warm);
  if (problem.rolling !== undefined) return projectOntoRollingCones(r, r, problem.mu, problem.rolling);
  return projectOntoCones(r, r, problem.mu);
}

/** Checks a warm start's length and finiteness (E_PROBLEM_SHAPE, E_NOT_FINITE); the array is not modified. */
export function checkWarmStart(problem: FrictionContactProblem, warm: Float64Array | undefined): void {
  if (warm === undefined) return;
  const n = problem.size;
  if (!(warm instanceof Float64Array) || warm.length !== n) {
    throw new MoreauError('E_PROBLEM_SHAPE', `warmStart must be a Float64Array of length ${n} (3 per contact), got ${warm?.length}`, { place: 'warmStart' });
  }
  for (let i = 0; i < n; i++) {
    if (!Number.isFinite(warm[i])) {
      throw new MoreauError('E_NOT_FINITE', `warmStart[${i}] = ${warm[i]} (contact ${Math.floor(i / 3)}) is not finite`, { place: 'warmStart', index: i });
    }
  }
}
