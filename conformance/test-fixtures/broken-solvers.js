// The negative fixtures: the reference projected Jacobi with one defect each, and the
// property each breaks. Caps are small so a solver ignoring the suite's budget still ends soon.
import { jacobiPlugin } from './jacobi-solvers.js';

export const brokenSolvers = {
  'leaves-cone': { plugin: jacobiPlugin('leaves-cone', { boxFriction: true }, { maxIterations: 2000 }), breaks: 'result lies in the friction cones' },
  'leaves-cone-at-last-contact': { plugin: jacobiPlugin('leaves-cone-at-last-contact', { unprojectedLast: true }, { maxIterations: 2000 }), breaks: 'result lies in the friction cones' },
  'claims-convergence': { plugin: jacobiPlugin('claims-convergence', { claimsConvergence: true }, { maxIterations: 2000 }), breaks: 'converged implies merit within tolerance' },
  'returns-nan': { plugin: jacobiPlugin('returns-nan', { unguardedSnap: true }, { maxIterations: 2000 }), breaks: 'outputs are finite, converged or not' },
  'ignores-cap': { plugin: jacobiPlugin('ignores-cap', { ignoresCap: true }, { maxIterations: 300 }), breaks: 'respects the iteration cap' },
  'stale-velocity': { plugin: jacobiPlugin('stale-velocity', { staleVelocity: true }, { maxIterations: 2000 }), breaks: 'u equals W r + q' },
  'ignores-time-budget': { plugin: jacobiPlugin('ignores-time-budget', { slowIterationMs: 1 }, { maxIterations: 300 }), breaks: 'respects the time budget' },
  // Gaming tricks each of which an earlier suite let through.
  'reports-smallest-merit': { plugin: jacobiPlugin('reports-smallest-merit', { smallestMerit: true }, { maxIterations: 2000 }), breaks: 'converged implies merit within tolerance' },
  'loose-above-60-contacts': { plugin: jacobiPlugin('loose-above-60-contacts', { looseAbove: 60 }, { maxIterations: 2000 }), breaks: 'converged implies merit within tolerance' },
  'ignores-cap-below-1e-10': { plugin: jacobiPlugin('ignores-cap-below-1e-10', { ignoresCapBelow: 1e-10 }, { maxIterations: 300 }), breaks: 'respects the iteration cap' },
  'nan-at-zero-mu': { plugin: jacobiPlugin('nan-at-zero-mu', { nanAtZeroMu: true }, { maxIterations: 2000 }), breaks: 'outputs are finite, converged or not' },
  'claims-on-no-solution': { plugin: jacobiPlugin('claims-on-no-solution', { claimsOnStall: true }, { maxIterations: 2000 }), breaks: 'problems without a solution are never called converged' },
  // Promises of the guide that no numerical property sees: each passes every other property.
  'returns-workspace': { plugin: jacobiPlugin('returns-workspace', { returnsWorkspace: true }, { maxIterations: 2000 }), breaks: 'results are not aliased with solver state' },
  'overwrites-warm-start': { plugin: jacobiPlugin('overwrites-warm-start', { overwritesWarmStart: true }, { maxIterations: 2000 }), breaks: 'inputs are not mutated' },
  // Defects every other property lets through: core refuses μ > 0 for the first, and the second
  // returns a warm start that is a solution at once.
  'silently-frictionless': {
    plugin: jacobiPlugin('silently-frictionless', { solvesAsFrictionless: true }, { maxIterations: 2000, supports: { friction: false } }),
    breaks: 'a frictionless-only plugin refuses μ > 0 or claims only true solutions',
  },
  'warm-starts-only-at-solution': {
    plugin: jacobiPlugin('warm-starts-only-at-solution', { warmStartOnlyAtSolution: true }, { maxIterations: 2000 }),
    breaks: 'warm start near a solution takes fewer iterations than a cold start',
  },
};

/** Plugins whose defect only another process or core's capability check exposes (see their modules). */
export const pidNoise = jacobiPlugin('pid-noise', { pidNoise: true }, { maxIterations: 2000 });
export const frictionlessOnFrictional = jacobiPlugin('frictionless-on-frictional', { ignoresMu: true }, { maxIterations: 2000, supports: { friction: false } });
/** A correct frictionless-only plugin: called directly with μ > 0, it refuses with E_UNSUPPORTED. */
export const refusesFriction = jacobiPlugin('refuses-friction', { refusesMu: true }, { maxIterations: 2000, supports: { friction: false } });
/** The same, refusing with a plain Error: not a refusal a caller can tell from a bug. */
export const refusesFrictionUncoded = jacobiPlugin('refuses-friction-uncoded', { refusesMu: 'uncoded' }, { maxIterations: 2000, supports: { friction: false } });

/** The fixtures of the first suite, as a package exporting several plugins (`moreau conformance <this file>`): all but the slow one. */
export const plugins = ['leaves-cone', 'claims-convergence', 'returns-nan', 'ignores-cap', 'stale-velocity'].map((k) => brokenSolvers[k].plugin);
