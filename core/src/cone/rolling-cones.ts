import { gatherPair, scatterPair, type RollingPairs } from '../problem/rolling-pairs.js';
import { projectOntoCones } from './project.js';
import { projectOntoRollingCone } from './rolling-cone.js';

/**
 * `projectOntoCones` for a problem with rolling pairs (see FrictionContactProblem): each
 * ordinary contact of x onto its K_μ, each pair's six entries (force block, then torque block)
 * onto its cone Z with the pair's μ (that of its force block), ρ and σ. out may be x.
 * @returns out
 */
export function projectOntoRollingCones(out: Float64Array, x: Float64Array, mu: Float64Array, pairs: RollingPairs): Float64Array {
  const six = new Float64Array(6);
  const pairsOf = new Float64Array(6 * pairs.count);
  // The pairs' entries first: out may be x, and the K_μ pass writes over them.
  for (let p = 0; p < pairs.count; p++) gatherPair(pairsOf, 6 * p, x, pairs, p);
  projectOntoCones(out, x, mu);
  for (let p = 0; p < pairs.count; p++) {
    projectOntoRollingCone(six, 0, pairsOf, 6 * p, mu[pairs.force[p]], pairs.rho[p], pairs.sigma[p]);
    scatterPair(out, pairs, p, six, 0);
  }
  return out;
}
