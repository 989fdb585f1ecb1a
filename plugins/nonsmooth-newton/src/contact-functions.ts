import type { FrictionContactProblem } from '@moreau/core/kernels';
import { alartCurnier } from './alart-curnier.js';
import { fischerBurmeister } from './fischer-burmeister.js';

/** The nonsmooth equation φ(r, W r + q) = 0 the Newton method solves. */
export type FunctionName = 'alart-curnier' | 'fischer-burmeister';

/**
 * φ(r, u) of every contact into F (length 3·nc) and, with A and B (9·nc), its Jacobian
 * blocks A_a = ∂φ_a/∂u_a and B_a = ∂φ_a/∂r_a, row-major. The Fischer–Burmeister function
 * scales u by ρ_N (fischer-burmeister.ts); Alart–Curnier uses both ρ_N and ρ_T.
 */
export function evaluateFunction(
  name: FunctionName, problem: FrictionContactProblem, r: Float64Array, u: Float64Array,
  rhoN: Float64Array, rhoT: Float64Array, F: Float64Array, A?: Float64Array, B?: Float64Array,
): void {
  const mu = problem.mu;
  if (name === 'alart-curnier') {
    for (let a = 0; a < problem.contacts; a++) alartCurnier(r, u, 3 * a, mu[a], rhoN[a], rhoT[a], F, A, B);
  } else {
    for (let a = 0; a < problem.contacts; a++) fischerBurmeister(r, u, 3 * a, mu[a], rhoN[a], F, A, B);
  }
}
