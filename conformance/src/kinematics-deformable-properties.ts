import fc from 'fast-check';
import type { Kinematics } from '@moreau/core';
import { buildScene, inverseMatrix, poseOf, type KinematicsUnderTest } from './kinematics-harness.js';
import { cholesky, choleskySolve, det3, fmt, maxAbs, norm, type V3 } from './kinematics-math.js';
import type { KinematicsPropertyName, KinematicsPropertySpec } from './kinematics-property.js';
import { arbScene, arbSeed, arbUniform, arbVec3, describeBodies, halfSizeRange, referencePoint } from './kinematics-samples.js';
import { SCHEMES, schemeStep, type Impact } from './kinematics-steps.js';
import { Rng } from './rng.js';
import { check } from './solver-checks.js';
import { spec } from './solver-property.js';

type DeformableProperty = Extract<KinematicsPropertyName,
  | 'det F > 0 after every integrator step under bounded loads and impacts'
  | 'the tangent stiffness at the reference is symmetric, positive semi-definite and −∂f/∂q'>;

/** Steps of each Jacobian run: the property is about the step map, not a long run. */
export const JACOBIAN_STEPS = 4;
/**
 * δ, the bound of one impact: it changes the velocity of the point struck by at most δ ℓ / h
 * (ℓ the body's least half size), so the velocity gradient it adds is at most about δ / h:
 * for a homogeneous deformation (x = F X + x̄) an impulse r at X gives ‖ΔḞ‖ = |E₀⁻¹X| |r| and
 * |Δv| = (X·E₀⁻¹X + 1/m) |r|, so ‖ΔḞ‖ ≤ 1.12 |Δv| / ℓ inside a sphere, ellipsoid or box.
 * One impact per body and step, over JACOBIAN_STEPS steps, moves F from its rigid motion by at
 * most 8 × 1.12 δ ≈ 0.45 (the impact of step k acts over h/2 + (4 − k) h), which keeps the
 * least singular value of F above 0.55 for an update q += dt u. Measured on the pseudo-rigid
 * plugin over 600 sample scenes (with and without damping): det F ≥ 0.81 under every scheme.
 */
export const IMPACT_BOUND = 0.05;
/**
 * Symmetry of K read from A (see `stiffness`), relative to its largest entry. Measured on the
 * pseudo-rigid plugin over 400 sample scenes (with and without damping, on ellipsoids too): 3.7e-15.
 */
export const STIFFNESS_SYMMETRY_RTOL = 1e-10;
/**
 * K + shift × max|K| I must be positive definite: the inversions may leave K's null space
 * (translations and rotations, for a homogeneous deformation) slightly negative. Measured: a
 * shift of 2e-15 was enough.
 */
export const STIFFNESS_PSD_SHIFT = 1e-10;
/**
 * Central differences of the internal force over advance(±ε), as for H (see FD_EPSILON):
 * measured 6e-11 ‖K‖ at most, while a missing term of K is off by O(‖K‖).
 */
export const STIFFNESS_FD_EPSILON = 1e-6;
export const STIFFNESS_FD_RTOL = 1e-6;

const ZERO = new Float64Array(3);

/**
 * What the suite asks of a model with deformable bodies (a plugin that declares
 * `supports.deformable`); a rigid model skips both properties. The deformation gradient F is
 * the linear part of the pose (`Pose.linear`), K the stiffness in A = M + c K, and the
 * internal force the force at zero gravity and zero velocity.
 */
export function deformableProperties(sut: KinematicsUnderTest): Record<DeformableProperty, KinematicsPropertySpec> {
  const skip = sut.plugin.supports?.deformable ? undefined : 'a rigid model: the plugin does not declare supports.deformable';
  const scene = arbScene(sut.bodies);
  return {
    'det F > 0 after every integrator step under bounded loads and impacts': spec({
      skip,
      arbitrary: fc.record({ specs: scene, scheme: fc.constantFrom(...SCHEMES), h: arbUniform(1e-4, 1e-2), g: arbVec3(20), impacts: arbSeed() })
        .map((c) => ({ ...c, label: `${describeBodies(c.specs)}; ${c.scheme}, h ${c.h}; g ${JSON.stringify(c.g)}; impacts from seed ${c.impacts}` })),
      predicate: (c) => {
        const k = buildScene(sut, c.specs);
        const g = Float64Array.from(c.g), rng = new Rng(c.impacts);
        let t = 0;
        for (let step = 1; step <= JACOBIAN_STEPS; step++) {
          const impacts: Impact[] = [];
          for (const [i, s] of c.specs.entries()) {
            if (!k.isFree(i)) continue;
            const xi: V3 = [rng.uniform(-1, 1), rng.uniform(-1, 1), rng.uniform(-1, 1)];
            const speed = (rng.next() * IMPACT_BOUND * halfSizeRange(s.shape)[0]) / c.h;
            impacts.push({ body: i, X: referencePoint(s.shape, xi), direction: unitDirection(rng), speed });
          }
          schemeStep(k, c.scheme, c.h, t, g, impacts);
          t += c.h;
          for (let i = 0; i < k.count; i++) {
            const F = poseOf(k, i).linear, det = det3(F);
            check(det > 0, () => `body ${i}'s det F = ${det} after step ${step} of ${c.scheme} (h = ${c.h}): turned inside out by loads within the bounds (F = [${F}])`);
          }
        }
      },
    }),

    'the tangent stiffness at the reference is symmetric, positive semi-definite and −∂f/∂q': spec({
      skip,
      arbitrary: fc.record({ specs: scene, pick: fc.nat(), direction: arbSeed() }).map((c) => {
        const body = c.pick % c.specs.length;
        return { specs: c.specs, body, direction: c.direction, label: `${describeBodies(c.specs)}; body ${body}; direction from seed ${c.direction}` };
      }),
      predicate: (c) => {
        const k = buildScene(sut, c.specs);
        const i = c.body, n = k.dofs;
        if (!k.isFree(i)) return;
        const K = stiffness(k, i);
        const big = maxAbs(K);
        for (let a = 0; a < n; a++) {
          for (let b = a + 1; b < n; b++) {
            const d = Math.abs(K[a * n + b] - K[b * n + a]);
            check(d <= STIFFNESS_SYMMETRY_RTOL * big, () => `K of body ${i} is not symmetric: [${a}][${b}] = ${K[a * n + b]}, [${b}][${a}] = ${K[b * n + a]} (difference ${fmt(d)} > ${STIFFNESS_SYMMETRY_RTOL} × ${fmt(big)})`);
          }
        }
        const shifted = K.map((v, j) => (j % (n + 1) === 0 ? v + STIFFNESS_PSD_SHIFT * big : v));
        const factor = big > 0 ? cholesky(shifted, n) : undefined;
        check(factor === undefined || 'L' in factor, () => `K of body ${i} is not positive semi-definite at the reference: K + ${STIFFNESS_PSD_SHIFT} × ${fmt(big)} I has Cholesky pivot ${factor && 'failedPivot' in factor ? `${factor.failedPivot} = ${factor.value}` : '?'} (K = [${K}])`);

        const w = unitVector(new Rng(c.direction), n);
        const saved = k.saveState();
        const plus = internalForce(k, i, w, STIFFNESS_FD_EPSILON, saved);
        const minus = internalForce(k, i, w, -STIFFNESS_FD_EPSILON, saved);
        const Kw = new Float64Array(n), fd = new Float64Array(n);
        for (let r = 0; r < n; r++) {
          for (let j = 0; j < n; j++) Kw[r] += K[r * n + j] * w[j];
          fd[r] = -(plus[r] - minus[r]) / (2 * STIFFNESS_FD_EPSILON);
        }
        const err = maxAbs(Kw.map((v, r) => v - fd[r]));
        const tol = STIFFNESS_FD_RTOL * norm(K) + (1e-15 * Math.max(maxAbs(plus), maxAbs(minus))) / STIFFNESS_FD_EPSILON;
        check(err <= tol, () => `K w = [${Kw}] but the central difference of the internal force gives −∂f/∂q w = [${fd}] (error ${fmt(err)} > ${fmt(tol)}; w = [${w}], K = [${K}])`);
      },
    }),
  };
}

/**
 * K of body i at its current configuration, read through prepareOperator: with A(c) from
 * A⁻¹ (`operator`), K = (A(4c) − 2 A(c) + A(0)) / (2c). That is K for A = M + c K, and it
 * also removes a damping term √c C, which the schemes add as (h/2) C (c = h²/4) and h C
 * (c = h²). c is chosen so that c K is of the size of M (c = max|M| / max|A(1) − M|),
 * where the inversions lose least. Zero when A does not depend on c.
 */
function stiffness(k: Kinematics, i: number): Float64Array {
  const M = operator(k, i, 0);
  const ratio = maxAbs(operator(k, i, 1).map((v, j) => v - M[j])) / maxAbs(M);
  check(Number.isFinite(ratio), () => `A of body ${i} at c = 1 is not finite (max|A(1) − M| / max|M| = ${ratio})`);
  if (ratio === 0) return new Float64Array(M.length);
  const c = 1 / ratio;
  const A1 = operator(k, i, c), A4 = operator(k, i, 4 * c);
  return A4.map((v, j) => (v - 2 * A1[j] + M[j]) / (2 * c));
}

/** A of body i after prepareOperator(c), as a dofs × dofs matrix: (A⁻¹)⁻¹ by Cholesky, column by column. */
function operator(k: Kinematics, i: number, c: number): Float64Array {
  const n = k.dofs;
  k.prepareOperator(c);
  const factor = cholesky(inverseMatrix(k, i), n);
  check('L' in factor, () => `A⁻¹ of body ${i} at c = ${c} is not positive definite (see the A property)`);
  const A = new Float64Array(n * n), e = new Float64Array(n);
  for (let j = 0; j < n; j++) {
    e.fill(0);
    e[j] = 1;
    const column = choleskySolve(factor.L, n, e);
    for (let r = 0; r < n; r++) A[r * n + j] = column[r];
  }
  return A;
}

/** The internal force on body i (zero gravity, zero velocity) after advance(dt) at velocity w from the saved state; the state is restored. */
function internalForce(k: Kinematics, i: number, w: Float64Array, dt: number, saved: Float64Array): Float64Array {
  k.velocity(i).set(w);
  k.advance(dt, 0);
  k.velocity(i).fill(0);
  const f = new Float64Array(k.dofs);
  k.force(i, 0, ZERO, f, 0);
  k.loadState(saved);
  return f;
}

/** A unit vector of `n` entries, uniform in direction (normal deviates, normalised). */
function unitVector(rng: Rng, n: number): Float64Array {
  const v = Float64Array.from({ length: n }, () => rng.normal());
  const s = norm(v);
  for (let j = 0; j < n; j++) v[j] /= s;
  return v;
}

/** A unit 3-vector, uniform on the sphere. */
function unitDirection(rng: Rng): V3 {
  const v = unitVector(rng, 3);
  return [v[0], v[1], v[2]];
}
