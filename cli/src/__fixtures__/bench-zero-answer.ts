import type { FrictionContactProblem, SolveResult } from '@moreau/core';

/** The answer r = 0 (u = q) with the claim and error given. */
export function zeroAnswer(p: FrictionContactProblem, name: string, converged: boolean, error: number): SolveResult {
  return {
    r: new Float64Array(p.size), u: Float64Array.from(p.q), converged, reason: converged ? 'converged' : 'max-iterations',
    iterations: 1, error, merit: 'siconos', answeredBy: name, ms: 0,
  };
}
