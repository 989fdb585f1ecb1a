import { bsrMul, type FrictionContactProblem } from '@moreau/core';

/** u = W r + q. */
export function velocity(p: FrictionContactProblem, r: Float64Array): Float64Array {
  const u = bsrMul(p.W, r, new Float64Array(p.size));
  for (let i = 0; i < p.size; i++) u[i] += p.q[i];
  return u;
}

/** Entries where a and b differ as bits (NaN equals NaN, 0 differs from −0). */
export function differing(a: Float64Array, b: Float64Array): number {
  let d = 0;
  for (let i = 0; i < a.length; i++) if (!Object.is(a[i], b[i])) d++;
  return d;
}
