import type { Kinematics } from '@moreau/core';
import { contactMatrix, placePoint, poseOf } from './kinematics-harness.js';
import { norm3, type V3 } from './kinematics-math.js';

/**
 * The steps the engine's integrators take (plugins/integrators), written again against the
 * Kinematics contract alone so the suite can drive any model through them without an engine,
 * a detector or a solver: contacts are replaced by impulses the suite chooses (`Impact`),
 * applied as the engine applies reactions, u = b + A⁻¹ Hᵀ r.
 */

/** The integrators of the engine, by the name a config gives them. */
export const SCHEMES = ['moreau-midpoint', 'linearly-implicit', 'implicit-euler'] as const;
export type SchemeName = (typeof SCHEMES)[number];

/**
 * An impulse on one body at a material point: it changes the velocity of that point by `speed`
 * along `direction` in the world (what the engine's W block at the point says an impulse does),
 * the impulse r = s d with s = speed / |H A⁻¹ Hᵀ d| computed at the configuration where it acts.
 */
export interface Impact {
  body: number;
  /** The material point, in reference coordinates (see `placePoint`). */
  X: ArrayLike<number>;
  /** A unit world vector. */
  direction: V3;
  speed: number;
}

const IDENTITY = Float64Array.of(1, 0, 0, 0, 1, 0, 0, 0, 1);

/**
 * One step of `scheme` over h from time t:
 * - `moreau-midpoint` / `linearly-implicit` (paper 000 eqs 1-5, A = M + c K with c = 0 or h²/4):
 *   advance h/2; b = u + h A⁻¹ f(t + h/2); the impacts; advance h/2;
 * - `implicit-euler` (paper 004 eqs 22-24): free velocities zeroed; A = M + h² K at q^t;
 *   b = h A⁻¹ f(t + h); the impacts; advance h.
 * The force is asked with dt = h, as the engine asks it.
 */
export function schemeStep(k: Kinematics, scheme: SchemeName, h: number, t: number, gravity: Float64Array, impacts: readonly Impact[]): void {
  if (scheme === 'implicit-euler') {
    for (let i = 0; i < k.count; i++) if (k.isFree(i)) k.velocity(i).fill(0);
    k.prepareOperator(h * h);
    freeVelocities(k, h, t + h, gravity);
    for (const impact of impacts) kick(k, impact);
    k.advance(h, t);
    return;
  }
  k.advance(h / 2, t);
  k.prepareOperator(scheme === 'moreau-midpoint' ? 0 : (h * h) / 4);
  freeVelocities(k, h, t + h / 2, gravity);
  for (const impact of impacts) kick(k, impact);
  k.advance(h / 2, t + h / 2);
}

/** u += dt A⁻¹ f(t) for every free body (the engine's b, kept in u). */
function freeVelocities(k: Kinematics, dt: number, t: number, gravity: Float64Array): void {
  const n = k.dofs;
  const f = new Float64Array(n), a = new Float64Array(n);
  for (let i = 0; i < k.count; i++) {
    if (!k.isFree(i)) continue;
    k.force(i, t, gravity, f, 0, dt);
    k.applyInverse(i, f, 0, a, 0);
    const u = k.velocity(i);
    for (let j = 0; j < n; j++) u[j] += dt * a[j];
  }
}

/** u += A⁻¹ Hᵀ r for one impact (H in the world frame at the point's current place). */
function kick(k: Kinematics, impact: Impact): void {
  const n = k.dofs, i = impact.body;
  const H = contactMatrix(k, i, placePoint(poseOf(k, i), impact.X), IDENTITY);
  const y = new Float64Array(n), du = new Float64Array(n);
  const d = impact.direction;
  for (let j = 0; j < n; j++) y[j] = H[j] * d[0] + H[n + j] * d[1] + H[2 * n + j] * d[2];
  k.applyInverse(i, y, 0, du, 0);
  const dv: V3 = [0, 0, 0];
  for (let r = 0; r < 3; r++) for (let j = 0; j < n; j++) dv[r] += H[r * n + j] * du[j];
  const response = norm3(dv);
  if (!(response > 0)) return;
  const s = impact.speed / response;
  const u = k.velocity(i);
  for (let j = 0; j < n; j++) u[j] += s * du[j];
}
