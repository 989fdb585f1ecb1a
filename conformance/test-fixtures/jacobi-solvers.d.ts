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
  /** Ignores SolveOptions.timeBudgetMs and spends about this long per iteration, ms. */
  slowIterationMs?: number;
  /** Returns u = q, forgetting W r. */
  staleVelocity?: boolean;
}

export function jacobiPlugin(
  name: string,
  defects?: Defects,
  o?: { supports?: Partial<SolverPlugin['supports']>; maxIterations?: number },
): SolverPlugin;
