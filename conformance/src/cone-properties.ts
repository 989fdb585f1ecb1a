import fc from 'fast-check';
import {
  computeCOmega, projectOntoCone, projectOntoPolarCone, smoothedPolarProjectionGradient, smoothedProjectOntoPolarCone,
} from '@moreau/core';
import { arbConeCase, arbContactSolution, arbSignedFraction, type ConeCase } from './generators.js';
import {
  ROLLING_CONE_PROPERTY_NAMES, coreRollingConeImpl, rollingConeProperties, type RollingConeImpl,
} from './rolling-cone-properties.js';
import { symmetricEigenvalues3 } from './sym3-eigen.js';

/**
 * The cone kernels under test (signatures of @moreau/core's). A caller replaces any of
 * them to certify its own implementation, or to prove the suite fails on a wrong one;
 * the projections onto the rolling cone Z come from `RollingConeImpl`.
 */
export interface ConeImpl extends RollingConeImpl {
  projectOntoCone(out: Float64Array, oo: number, x: Float64Array, o: number, mu: number): void;
  projectOntoPolarCone(out: Float64Array, oo: number, x: Float64Array, o: number, mu: number): void;
  smoothedProjectOntoPolarCone(out: Float64Array, oo: number, z: Float64Array, zo: number, mu: number, omega: number): void;
  smoothedPolarProjectionGradient(G: Float64Array, go: number, z: Float64Array, zo: number, mu: number, omega: number): void;
  computeCOmega(U: Float64Array, R: Float64Array, mu: Float64Array, omega: number, C: Float64Array, X?: Float64Array | null, Y?: Float64Array | null): void;
}

/** @moreau/core's cone kernels. */
export const coreConeImpl: ConeImpl = {
  projectOntoCone, projectOntoPolarCone, smoothedProjectOntoPolarCone, smoothedPolarProjectionGradient, computeCOmega,
  ...coreRollingConeImpl,
};

/** The names of the properties `coneProperties` returns, in the order the suite runs them. */
export const CONE_PROPERTY_NAMES = [
  'projection lands in K_mu',
  'projection is idempotent',
  'projection is non-expansive',
  'projection is the identity inside K_mu',
  'projection sends the polar cone to 0',
  'Moreau decomposition x = P_K x + P_K° x with orthogonal parts',
  'smoothed polar projection tends to the exact one as omega -> 0',
  'smoothed projection gradient is symmetric positive definite for omega > 0',
  'smoothed projection gradient agrees with central finite differences',
  'C_omega vanishes at a known solution',
  'C_omega blocks X and Y agree with central finite differences',
  ...ROLLING_CONE_PROPERTY_NAMES,
] as const;

export type ConePropertyName = (typeof CONE_PROPERTY_NAMES)[number];

/** Relative tolerance of the exact-projection checks, scaled by ‖x‖ and (1 + μ)². */
const REL = 1e-12;

const norm3 = (x: ArrayLike<number>, o = 0): number => Math.hypot(x[o], x[o + 1], x[o + 2]);
const dist3 = (x: ArrayLike<number>, y: ArrayLike<number>): number => Math.hypot(x[0] - y[0], x[1] - y[1], x[2] - y[2]);
/** ‖x‖, or 1 for x = 0: the scale of step sizes and smoothing parameters around x. */
const scaleOf = (x: ArrayLike<number>): number => norm3(x) || 1;
const dot3 = (x: ArrayLike<number>, y: ArrayLike<number>): number => x[0] * y[0] + x[1] * y[1] + x[2] * y[2];

/** Bound on |P^ω − P| from 0 <= ω g(λ/ω) − max(0, λ) <= ω and ‖u_i‖ = √(1 + μ²) (paper 000 eqs 24-26). */
const smoothingBound = (mu: number, omega: number): number => omega * (1 + mu) * Math.sqrt(1 + mu * mu);

/** Throws with a readable message; fast-check reports it with the counterexample and seed. */
function check(ok: boolean, message: () => string): void {
  if (!ok) throw new Error(message());
}

/**
 * The cone conformance properties, one fast-check property per name in CONE_PROPERTY_NAMES,
 * over `impl` (core's kernels for whatever it leaves out). They can be run with `fc.assert`
 * (as `coneSuite` does) or `fc.check` (to show that a wrong implementation is caught).
 */
export function coneProperties(impl: Partial<ConeImpl> = {}): Record<ConePropertyName, fc.IProperty<unknown>> {
  const k: ConeImpl = { ...coreConeImpl, ...impl };
  const p = new Float64Array(3), q = new Float64Array(3), r = new Float64Array(3);
  const G = new Float64Array(9), J = new Float64Array(9);
  const zp = new Float64Array(3), zm = new Float64Array(3);
  const tol = (c: ConeCase): number => REL * (1 + c.mu) ** 2 * norm3(c.x);

  const props: Record<ConePropertyName, fc.IProperty<unknown>> = {
    'projection lands in K_mu': fc.property(arbConeCase(), (c) => {
      k.projectOntoCone(p, 0, c.x, 0, c.mu);
      const t = tol(c);
      check(Math.hypot(p[1], p[2]) - c.mu * p[0] <= t && p[0] >= -t, () => `P(x) = [${p}] is outside K_${c.mu}`);
    }),

    'projection is idempotent': fc.property(arbConeCase(), (c) => {
      k.projectOntoCone(p, 0, c.x, 0, c.mu);
      k.projectOntoCone(q, 0, p, 0, c.mu);
      check(dist3(p, q) <= tol(c), () => `P(P(x)) = [${q}] differs from P(x) = [${p}]`);
    }),

    'projection is non-expansive': fc.property(arbConeCase(), fc.tuple(arbSignedFraction(), arbSignedFraction(), arbSignedFraction()), fc.integer({ min: -8, max: 1 }), (c, d, e) => {
      // y = x + δ with ‖δ‖ from 1e-8 ‖x‖ to 10 ‖x‖: both near and far pairs.
      const s = (10 ** e) * scaleOf(c.x);
      const y = Float64Array.of(c.x[0] + s * d[0], c.x[1] + s * d[1], c.x[2] + s * d[2]);
      k.projectOntoCone(p, 0, c.x, 0, c.mu);
      k.projectOntoCone(q, 0, y, 0, c.mu);
      const t = REL * (1 + c.mu) ** 2 * (norm3(c.x) + norm3(y));
      check(dist3(p, q) <= dist3(c.x, y) + t, () => `‖P(x) − P(y)‖ = ${dist3(p, q)} > ‖x − y‖ = ${dist3(c.x, y)}`);
    }),

    'projection is the identity inside K_mu': fc.property(arbConeCase({ regions: ['inside', 'boundary'] }), (c) => {
      k.projectOntoCone(p, 0, c.x, 0, c.mu);
      check(dist3(p, c.x) <= tol(c), () => `P(x) = [${p}] moved x = [${c.x}], which is in K_${c.mu}`);
    }),

    'projection sends the polar cone to 0': fc.property(arbConeCase({ regions: ['polar'] }), (c) => {
      k.projectOntoCone(p, 0, c.x, 0, c.mu);
      check(norm3(p) <= tol(c), () => `P(x) = [${p}] is not 0 for x = [${c.x}] in the polar cone`);
    }),

    'Moreau decomposition x = P_K x + P_K° x with orthogonal parts': fc.property(arbConeCase(), (c) => {
      k.projectOntoCone(p, 0, c.x, 0, c.mu);
      k.projectOntoPolarCone(q, 0, c.x, 0, c.mu);
      const t = tol(c), nx = norm3(c.x);
      for (let i = 0; i < 3; i++) r[i] = p[i] + q[i];
      check(dist3(r, c.x) <= t, () => `P_K x + P_K° x = [${r}] differs from x = [${c.x}]`);
      check(Math.abs(dot3(p, q)) <= t * nx, () => `<P_K x, P_K° x> = ${dot3(p, q)} is not 0`);
      check(c.mu * Math.hypot(q[1], q[2]) + q[0] <= t, () => `P_K° x = [${q}] is outside the polar cone`);
    }),

    'smoothed polar projection tends to the exact one as omega -> 0': fc.property(arbConeCase(), (c) => {
      k.projectOntoPolarCone(q, 0, c.x, 0, c.mu);
      const nx = scaleOf(c.x), t = tol(c);
      k.smoothedProjectOntoPolarCone(p, 0, c.x, 0, c.mu, 0);
      check(dist3(p, q) <= t, () => `for omega = 0 the smoothed projection [${p}] is not the exact one [${q}]`);
      for (let e = 1; e <= 8; e++) {
        const w = nx * 10 ** -e;
        k.smoothedProjectOntoPolarCone(p, 0, c.x, 0, c.mu, w);
        check(dist3(p, q) <= smoothingBound(c.mu, w) * (1 + 1e-9) + t,
          () => `omega = ${w}: ‖P^ω − P‖ = ${dist3(p, q)} exceeds ω(1+μ)√(1+μ²) = ${smoothingBound(c.mu, w)}`);
      }
    }),

    'smoothed projection gradient is symmetric positive definite for omega > 0': fc.property(
      arbConeCase({ regions: ['any', 'axis', 'inside', 'polar'] }), fc.double({ min: -2, max: 1, noNaN: true }), (c, e) => {
        const w = scaleOf(c.x) * 10 ** e;
        k.smoothedPolarProjectionGradient(G, 0, c.x, 0, c.mu, w);
        for (let i = 0; i < 3; i++) for (let j = 0; j < i; j++) {
          check(Math.abs(G[3 * i + j] - G[3 * j + i]) <= 1e-14, () => `gradient [${G}] is not symmetric`);
        }
        const [l0, , l2] = symmetricEigenvalues3(G);
        check(l0 > 0 && l2 <= 1 + 1e-12, () => `gradient eigenvalues ${symmetricEigenvalues3(G)} are not in (0, 1]`);
      }),

    'smoothed projection gradient agrees with central finite differences': fc.property(
      arbConeCase({ regions: ['any', 'axis', 'inside', 'polar'], mu: fc.oneof(fc.constant(0), fc.double({ min: 0.05, max: 20, noNaN: true })) }),
      fc.double({ min: -1.3, max: 0.5, noNaN: true }), (c, e) => {
        const w = scaleOf(c.x) * 10 ** e;
        // Steps far below the smoothing widths ω and μω; at z_T = 0 the map is only C¹, so the
        // quotient is first-order there: its error is about h/min(ω, μω) = 1e-6.
        const h = 1e-6 * (c.mu > 0 ? Math.min(w, c.mu * w) : w);
        k.smoothedPolarProjectionGradient(G, 0, c.x, 0, c.mu, w);
        for (let j = 0; j < 3; j++) {
          zp.set(c.x); zm.set(c.x);
          zp[j] += h; zm[j] -= h;
          k.smoothedProjectOntoPolarCone(p, 0, zp, 0, c.mu, w);
          k.smoothedProjectOntoPolarCone(q, 0, zm, 0, c.mu, w);
          for (let i = 0; i < 3; i++) J[3 * i + j] = (p[i] - q[i]) / (2 * h);
        }
        for (let i = 0; i < 9; i++) {
          check(Math.abs(G[i] - J[i]) <= 1e-5, () => `gradient [${G}] differs from finite differences [${J}] (omega = ${w})`);
        }
      }),

    'C_omega vanishes at a known solution': fc.property(arbContactSolution(), (s) => {
      const mu = Float64Array.of(s.mu);
      const scale = norm3(s.R) + norm3(s.U) || 1;
      k.computeCOmega(s.U, s.R, mu, 0, p);
      check(norm3(p) <= REL * (1 + s.mu) ** 2 * scale, () => `C_0 = [${p}] is not 0 at the ${s.regime} solution`);
      // |C_ω − C| <= μω (F) + μω + ω(1+μ)√(1+μ²) (m_ω, 1-Lipschitz m)
      for (const e of [2, 5, 8]) {
        const w = scale * 10 ** -e;
        k.computeCOmega(s.U, s.R, mu, w, p);
        const bound = 2 * s.mu * w + smoothingBound(s.mu, w);
        check(norm3(p) <= bound * (1 + 1e-9) + REL * (1 + s.mu) ** 2 * scale,
          () => `omega = ${w}: ‖C_ω‖ = ${norm3(p)} exceeds ${bound} at the ${s.regime} solution`);
      }
    }),

    'C_omega blocks X and Y agree with central finite differences': fc.property(
      arbConeCase({ mu: fc.oneof(fc.constant(0), fc.double({ min: 0.05, max: 5, noNaN: true })) }),
      fc.tuple(arbSignedFraction(), arbSignedFraction(), arbSignedFraction()),
      fc.double({ min: -1.3, max: 0.5, noNaN: true }), (c, u, e) => {
        const s = scaleOf(c.x);
        const U = Float64Array.of(s * u[0], s * u[1], s * u[2]), R = Float64Array.from(c.x), mu = Float64Array.of(c.mu);
        const w = s * 10 ** e, h = 1e-6 * (c.mu > 0 ? Math.min(w, c.mu * w) : w);
        const X = new Float64Array(9), Y = new Float64Array(9);
        k.computeCOmega(U, R, mu, w, r, X, Y);
        for (const [V, M, label] of [[U, X, 'X'], [R, Y, 'Y']] as const) {
          for (let j = 0; j < 3; j++) {
            const v = V[j];
            V[j] = v + h; k.computeCOmega(U, R, mu, w, p);
            V[j] = v - h; k.computeCOmega(U, R, mu, w, q);
            V[j] = v;
            for (let i = 0; i < 3; i++) {
              const fd = (p[i] - q[i]) / (2 * h);
              check(Math.abs(M[3 * i + j] - fd) <= 1e-5 * (1 + c.mu),
                () => `${label}[${i}][${j}] = ${M[3 * i + j]} differs from the finite difference ${fd}`);
            }
          }
        }
      }),

    ...rollingConeProperties(k),
  };
  return props;
}

