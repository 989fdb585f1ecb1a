import type { SolverPlugin } from '@moreau/core';
import type { SolverPropertyName } from '../src/solver-property.js';

/** A deliberately broken solver and the property its defect breaks. */
export interface BrokenSolver {
  plugin: SolverPlugin;
  breaks: SolverPropertyName;
}

export const brokenSolvers: Record<'leaves-cone' | 'claims-convergence' | 'returns-nan' | 'ignores-cap' | 'stale-velocity' | 'ignores-time-budget', BrokenSolver>;
export const plugins: SolverPlugin[];
