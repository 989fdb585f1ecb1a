import type { SolverPlugin } from '@moreau/core';
import type { SolverPropertyName } from '../src/solver-property.js';

/** A deliberately broken solver and the property its defect breaks. */
export interface BrokenSolver {
  plugin: SolverPlugin;
  breaks: SolverPropertyName;
}

export const brokenSolvers: Record<
  | 'leaves-cone' | 'leaves-cone-at-last-contact' | 'claims-convergence' | 'returns-nan' | 'ignores-cap' | 'stale-velocity' | 'ignores-time-budget'
  | 'reports-smallest-merit' | 'loose-above-60-contacts' | 'ignores-cap-below-1e-10' | 'nan-at-zero-mu' | 'claims-on-no-solution'
  | 'returns-workspace' | 'overwrites-warm-start' | 'silently-frictionless' | 'warm-starts-only-at-solution',
  BrokenSolver
>;
export const pidNoise: SolverPlugin;
export const frictionlessOnFrictional: SolverPlugin;
export const refusesFriction: SolverPlugin;
export const refusesFrictionUncoded: SolverPlugin;
export const plugins: SolverPlugin[];
