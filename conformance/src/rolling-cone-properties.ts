import fc from 'fast-check';
import { ROLLING_CONTACT, projectOntoRollingCone, projectOntoRollingPolarCone } from '@moreau/core';
import { arbRollingConeCase, arbSignedFraction, type RollingConeCase } from './generators.js';

/**
 * The rolling-cone kernels under test (signatures of @moreau/core's), part of `ConeImpl`:
 * the projections onto Z = { γ_n ≥ 0, μγ_n ≥ ‖γ_t‖, ργ_n ≥ ‖τ_r‖, σγ_n ≥ |τ_n| } (paper 002,
 * "Modeling Rolling/Spinning") and onto its polar, six entries in the layout `ROLLING_CONTACT`.
 */
export interface RollingConeImpl {
  projectOntoRollingCone(out: Float64Array, oo: number, x: Float64Array, o: number, mu: number, rho: number, sigma: number): void;
  projectOntoRollingPolarCone(out: Float64Array, oo: number, x: Float64Array, o: number, mu: number, rho: number, sigma: number): void;
}

/** @moreau/core's rolling-cone kernels. */
export const coreRollingConeImpl: RollingConeImpl = { projectOntoRollingCone, projectOntoRollingPolarCone };

/** The names of the properties `rollingConeProperties` returns, in the order the suite runs them. */
export const ROLLING_CONE_PROPERTY_NAMES = [
  'rolling projection lands in Z',
  'rolling projection is idempotent',
  'rolling projection is non-expansive',
  'rolling projection is the identity inside Z',
  'rolling projection sends the polar cone to 0',
  'rolling Moreau decomposition x = P_Z x + P_Z° x with orthogonal parts',
  'rolling projection with rho = 0 or sigma = 0 zeroes that group and ignores it',
  'rolling projection reduces to K_mu when rho = sigma = 0',
] as const;

export type RollingConePropertyName = (typeof ROLLING_CONE_PROPERTY_NAMES)[number];

const { size: D, normal: N, tangent: T, rolling: R, spinning: S } = ROLLING_CONTACT;

/** Relative tolerance of the checks, scaled by ‖x‖ and (1 + μ + ρ + σ)², as for K_μ. */
const REL = 1e-12;

const norm6 = (x: ArrayLike<number>): number => Math.hypot(x[0], x[1], x[2], x[3], x[4], x[5]);
const dist6 = (x: ArrayLike<number>, y: ArrayLike<number>): number =>
  Math.hypot(x[0] - y[0], x[1] - y[1], x[2] - y[2], x[3] - y[3], x[4] - y[4], x[5] - y[5]);
const dot6 = (x: ArrayLike<number>, y: ArrayLike<number>): number =>
  x[0] * y[0] + x[1] * y[1] + x[2] * y[2] + x[3] * y[3] + x[4] * y[4] + x[5] * y[5];

/** The largest broken inequality of Z at y (0 inside). */
function excessOverZ(y: ArrayLike<number>, c: RollingConeCase): number {
  return Math.max(0, -y[N], Math.hypot(y[T], y[T + 1]) - c.mu * y[N],
    Math.hypot(y[R], y[R + 1]) - c.rho * y[N], Math.abs(y[S]) - c.sigma * y[N]);
}

/** y_n + μ‖y_t‖ + ρ‖y_r‖ + σ|y_s|: ≤ 0 exactly on the polar cone Z°. */
function polarExcess(y: ArrayLike<number>, c: RollingConeCase): number {
  return y[N] + c.mu * Math.hypot(y[T], y[T + 1]) + c.rho * Math.hypot(y[R], y[R + 1]) + c.sigma * Math.abs(y[S]);
}

/** Throws with a readable message; fast-check reports it with the counterexample and seed. */
function check(ok: boolean, message: () => string): void {
  if (!ok) throw new Error(message());
}

/**
 * The rolling-cone properties, one fast-check property per name in ROLLING_CONE_PROPERTY_NAMES,
 * over `k` (whose `projectOntoCone` is the reference of the ρ = σ = 0 reduction). Together,
 * P ∈ Z, x − P ∈ Z° and ⟨P, x − P⟩ = 0 (the Moreau property) characterise the projection.
 */
export function rollingConeProperties(
  k: RollingConeImpl & { projectOntoCone(out: Float64Array, oo: number, x: Float64Array, o: number, mu: number): void },
): Record<RollingConePropertyName, fc.IProperty<unknown>> {
  const p = new Float64Array(D), q = new Float64Array(D), r = new Float64Array(D), y = new Float64Array(D);
  const k3 = new Float64Array(3);
  const tol = (c: RollingConeCase, scale = norm6(c.x)): number => REL * (1 + c.mu + c.rho + c.sigma) ** 2 * scale;
  const describe = (c: RollingConeCase): string => `(μ, ρ, σ) = (${c.mu}, ${c.rho}, ${c.sigma}), x = [${c.x}]`;

  return {
    'rolling projection lands in Z': fc.property(arbRollingConeCase(), (c) => {
      k.projectOntoRollingCone(p, 0, c.x, 0, c.mu, c.rho, c.sigma);
      check(excessOverZ(p, c) <= tol(c), () => `P(x) = [${p}] is outside Z by ${excessOverZ(p, c)} for ${describe(c)}`);
    }),

    'rolling projection is idempotent': fc.property(arbRollingConeCase(), (c) => {
      k.projectOntoRollingCone(p, 0, c.x, 0, c.mu, c.rho, c.sigma);
      k.projectOntoRollingCone(q, 0, p, 0, c.mu, c.rho, c.sigma);
      check(dist6(p, q) <= tol(c), () => `P(P(x)) = [${q}] differs from P(x) = [${p}] for ${describe(c)}`);
    }),

    'rolling projection is non-expansive': fc.property(
      arbRollingConeCase(), fc.array(arbSignedFraction(), { minLength: D, maxLength: D }), fc.integer({ min: -8, max: 1 }), (c, d, e) => {
        // y = x + δ with ‖δ‖ from 1e-8 ‖x‖ to 10 ‖x‖: both near and far pairs.
        const s = 10 ** e * (norm6(c.x) || 1);
        for (let i = 0; i < D; i++) y[i] = c.x[i] + s * d[i];
        k.projectOntoRollingCone(p, 0, c.x, 0, c.mu, c.rho, c.sigma);
        k.projectOntoRollingCone(q, 0, y, 0, c.mu, c.rho, c.sigma);
        const t = tol(c, norm6(c.x) + norm6(y));
        check(dist6(p, q) <= dist6(c.x, y) + t,
          () => `‖P(x) − P(y)‖ = ${dist6(p, q)} > ‖x − y‖ = ${dist6(c.x, y)} for ${describe(c)}, y = [${y}]`);
      }),

    'rolling projection is the identity inside Z': fc.property(arbRollingConeCase({ regions: ['inside', 'boundary'] }), (c) => {
      k.projectOntoRollingCone(p, 0, c.x, 0, c.mu, c.rho, c.sigma);
      check(dist6(p, c.x) <= tol(c), () => `P(x) = [${p}] moved x, which is in Z, for ${describe(c)}`);
    }),

    'rolling projection sends the polar cone to 0': fc.property(arbRollingConeCase({ regions: ['polar'] }), (c) => {
      k.projectOntoRollingCone(p, 0, c.x, 0, c.mu, c.rho, c.sigma);
      check(norm6(p) <= tol(c), () => `P(x) = [${p}] is not 0 for x in the polar cone, ${describe(c)}`);
    }),

    'rolling Moreau decomposition x = P_Z x + P_Z° x with orthogonal parts': fc.property(arbRollingConeCase(), (c) => {
      k.projectOntoRollingCone(p, 0, c.x, 0, c.mu, c.rho, c.sigma);
      k.projectOntoRollingPolarCone(q, 0, c.x, 0, c.mu, c.rho, c.sigma);
      const t = tol(c), nx = norm6(c.x);
      for (let i = 0; i < D; i++) r[i] = p[i] + q[i];
      check(dist6(r, c.x) <= t, () => `P_Z x + P_Z° x = [${r}] differs from x for ${describe(c)}`);
      check(Math.abs(dot6(p, q)) <= t * nx, () => `<P_Z x, P_Z° x> = ${dot6(p, q)} is not 0 for ${describe(c)}`);
      check(polarExcess(q, c) <= t, () => `P_Z° x = [${q}] is outside the polar cone for ${describe(c)}`);
    }),

    'rolling projection with rho = 0 or sigma = 0 zeroes that group and ignores it': fc.property(
      arbRollingConeCase(), fc.constantFrom('rolling', 'spinning', 'both'), (c0, which) => {
        // A zero coefficient forces its group to 0; the group is then constant in the distance,
        // so the rest of P(x) is that of x with the group removed.
        const c = { ...c0, rho: which === 'spinning' ? c0.rho : 0, sigma: which === 'rolling' ? c0.sigma : 0 };
        y.set(c.x);
        if (c.rho === 0) { y[R] = 0; y[R + 1] = 0; }
        if (c.sigma === 0) y[S] = 0;
        k.projectOntoRollingCone(p, 0, c.x, 0, c.mu, c.rho, c.sigma);
        k.projectOntoRollingCone(q, 0, y, 0, c.mu, c.rho, c.sigma);
        const t = tol(c);
        if (c.rho === 0) check(Math.hypot(p[R], p[R + 1]) <= t, () => `ρ = 0 but P(x) = [${p}] has a rolling torque, ${describe(c)}`);
        if (c.sigma === 0) check(Math.abs(p[S]) <= t, () => `σ = 0 but P(x) = [${p}] has a spinning torque, ${describe(c)}`);
        check(dist6(p, q) <= t, () => `P(x) = [${p}] depends on the group whose coefficient is 0: P(x without it) = [${q}], ${describe(c)}`);
      }),

    'rolling projection reduces to K_mu when rho = sigma = 0': fc.property(arbRollingConeCase({ rho: fc.constant(0), sigma: fc.constant(0) }), (c) => {
      k.projectOntoRollingCone(p, 0, c.x, 0, c.mu, 0, 0);
      k.projectOntoCone(k3, 0, Float64Array.of(c.x[N], c.x[T], c.x[T + 1]), 0, c.mu);
      const t = tol(c);
      const d = Math.hypot(p[N] - k3[0], p[T] - k3[1], p[T + 1] - k3[2]);
      check(d <= t, () => `the force part [${p[N]}, ${p[T]}, ${p[T + 1]}] differs from P_K = [${k3}] for ${describe(c)}`);
      check(Math.hypot(p[R], p[R + 1], p[S]) <= t, () => `P(x) = [${p}] keeps a torque although ρ = σ = 0, ${describe(c)}`);
    }),
  };
}
