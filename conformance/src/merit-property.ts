import type { SolverPropertySpec } from './solver-property.js';

/** The names of the merit suite's properties, in the order it runs them. */
export const MERIT_PROPERTY_NAMES = [
  'is a finite number ≥ 0 for finite r',
  'is zero at an exact solution',
  'is positive where r is not a solution',
  'a non-finite r gives Infinity, never NaN',
  'does not depend on the order of the contacts',
  'same input gives bit-identical output',
  'leaves the problem, r and u unchanged',
] as const;

export type MeritPropertyName = (typeof MERIT_PROPERTY_NAMES)[number];

/** One property of the merit suite: the solver property's shape, so both share one runner. */
export type MeritPropertySpec = SolverPropertySpec;
