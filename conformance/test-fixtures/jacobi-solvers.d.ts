import type { SolverPlugin } from '@moreau/core';

/** The deliberate defects a fixture solver can carry. */
export interface Defects {
  /** Clips r_T1 and r_T2 separately to [−μ r_N, μ r_N] (a box, not the cone). */
  boxFriction?: boolean;
  /** Reports converged: true whenever its loop ends. */
  claimsConvergence?: boolean;
  /** "Snaps" sliding contacts onto the boundary as μ r_N r_T/‖r_T‖ without guarding r_T = 0. */
  unguardedSnap?: boolean;
  /** Ignores SolveOptions.maxIterations. */
  ignoresCap?: boolean;
  /** Ignores SolveOptions.timeBudgetMs and spends this much CPU time per iteration, ms. */
  slowIterationMs?: number;
  /** Returns u = q, forgetting W r. */
  staleVelocity?: boolean;
  /** Keeps u as a workspace between solves and returns it (a later solve overwrites an earlier result). */
  returnsWorkspace?: boolean;
  /** Iterates in the caller's warm-start array (overwriting it) instead of a fresh r. */
  overwritesWarmStart?: boolean;
  /** Skips the cone projection at the last contact (keeps only r_N >= 0 there). */
  unprojectedLast?: boolean;
}

export function jacobiPlugin(
  name: string,
  defects?: Defects,
  o?: { supports?: Partial<SolverPlugin['supports']>; maxIterations?: number },
): SolverPlugin;
