import type fc from 'fast-check';

/** The names of the solver suite's properties, in the order it runs them. */
export const SOLVER_PROPERTY_NAMES = [
  'result lies in the friction cones',
  'u equals W r + q',
  'outputs are finite, converged or not',
  'converged implies merit within tolerance',
  'respects the iteration cap',
  'respects the time budget',
  'same input and options give bit-identical output',
  'warm start at a solution returns it within one iteration',
  'solver:end event agrees with the result',
  'analytic: separation gives r = 0',
  'analytic: sticking contact gives u = 0',
  'analytic: sliding on the cone boundary, slip opposite the friction force',
  'analytic: frictionless problems match the LCP solution',
  'invariance: permuting the contacts permutes r',
  'invariance: scaling q by c > 0 scales r by c',
  'problems without a solution are never called converged',
  'core refuses frictional problems to a frictionless-only plugin',
  'same input gives bit-identical output in another process',
  'results are not aliased with solver state',
  'inputs are not mutated',
  'a frictionless-only plugin refuses μ > 0 or claims only true solutions',
  'warm start near a solution takes fewer iterations than a cold start',
  'rolling: result lies in the cones Z of the pairs and K_μ of the other contacts',
  'rolling: converged implies siconos within tolerance',
  'rolling: same input and options give bit-identical output',
  'rolling: inputs are not mutated',
] as const;

export type SolverPropertyName = (typeof SOLVER_PROPERTY_NAMES)[number];

/** What one run of a property concluded when it did not fail: nothing (a pass) or why it could not conclude. */
export type Verdict = void | { inconclusive: string };

/** One property of the solver suite, ready to run with fast-check. */
export interface SolverPropertySpec<T extends { label: string } = { label: string }> {
  /** Why this plugin is not asked for the property (a capability it does not declare); undefined when it is. */
  skip?: string;
  arbitrary: fc.Arbitrary<T>;
  /** Checks one case: throws on a violation, returns `{ inconclusive }` when the case proves nothing. */
  predicate(c: T): Verdict;
  /** Report the first counterexample without shrinking (for timing properties, which do not shrink reliably). */
  noShrink?: boolean;
  /** At most this many runs, whatever the suite's `runs` (for costly properties). */
  maxRuns?: number;
}

/** Builds a spec with its case type checked against its predicate. */
export function spec<T extends { label: string }>(s: SolverPropertySpec<T>): SolverPropertySpec {
  return s as unknown as SolverPropertySpec;
}
