import { siconosErrorOf } from '@moreau/core';

// One contact's q, r, u, μ laid out as siconosErrorOf reads them, and its scratch. Private to
// this module and filled then read within one synchronous call, so sharing them is safe.
const Q = new Float64Array(3), R = new Float64Array(3), U = new Float64Array(3);
const MU = new Float64Array(1), E = new Float64Array(3), X = new Float64Array(3);

/**
 * Relative natural-map residual of one contact, ‖r − P_K(r − ũ)‖ / max(‖q‖, ‖r‖, ‖u‖)
 * with ũ = (u_N + μ‖u_T‖, u_T): the Siconos error (FORMATS §4) of a single contact,
 * computed by core's merit (`siconosErrorOf`). Infinity instead of NaN.
 */
export function naturalMapResidual(
  r0: number, r1: number, r2: number, u0: number, u1: number, u2: number,
  q0: number, q1: number, q2: number, mu: number,
): number {
  Q[0] = q0; Q[1] = q1; Q[2] = q2;
  R[0] = r0; R[1] = r1; R[2] = r2;
  U[0] = u0; U[1] = u1; U[2] = u2;
  MU[0] = mu;
  return siconosErrorOf(Q, MU, R, U, E, X);
}
