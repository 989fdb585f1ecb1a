// The negative fixtures: the reference projected Jacobi with one defect each, and the
// property each breaks. Caps are small so a solver ignoring the suite's budget still ends soon.
import { jacobiPlugin } from './jacobi-solvers.js';

export const brokenSolvers = {
  'leaves-cone': { plugin: jacobiPlugin('leaves-cone', { boxFriction: true }, { maxIterations: 2000 }), breaks: 'result lies in the friction cones' },
  'claims-convergence': { plugin: jacobiPlugin('claims-convergence', { claimsConvergence: true }, { maxIterations: 2000 }), breaks: 'converged implies merit within tolerance' },
  'returns-nan': { plugin: jacobiPlugin('returns-nan', { unguardedSnap: true }, { maxIterations: 2000 }), breaks: 'outputs are finite, converged or not' },
  'ignores-cap': { plugin: jacobiPlugin('ignores-cap', { ignoresCap: true }, { maxIterations: 300 }), breaks: 'respects the iteration cap' },
  'stale-velocity': { plugin: jacobiPlugin('stale-velocity', { staleVelocity: true }, { maxIterations: 2000 }), breaks: 'u equals W r + q' },
  'ignores-time-budget': { plugin: jacobiPlugin('ignores-time-budget', { slowIterationMs: 1 }, { maxIterations: 300 }), breaks: 'respects the time budget' },
};

/** A package exporting several plugins (`moreau conformance <this file>`): all but the slow one. */
export const plugins = Object.entries(brokenSolvers).filter(([k]) => k !== 'ignores-time-budget').map(([, b]) => b.plugin);
