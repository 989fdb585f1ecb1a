import fc from 'fast-check';
import type { BodySpec, Kinematics, Vec3 } from '@moreau/core';
import {
  buildScene, contactMatrix, inverseMatrix, placePoint, poseOf, rowsTimes, type KinematicsUnderTest,
} from './kinematics-harness.js';
import { cholesky, choleskySolve, fmt, mat3Mul, mat3Vec, maxAbs, norm, norm3 } from './kinematics-math.js';
import type { KinematicsPropertyName, KinematicsPropertySpec } from './kinematics-property.js';
import { arbRotation, arbScene, arbUniform, arbVec3, describeBodies, referencePoint } from './kinematics-samples.js';
import { check } from './solver-checks.js';
import { spec } from './solver-property.js';

type OperatorProperty = Extract<KinematicsPropertyName,
  | 'A is symmetric positive definite (c = 0 and c = h²/4)'
  | 'H matches central differences of the material point motion'
  | 'H transforms with the contact frame: H(QE) = Q H(E)'
  | 'kinetic energy equals ½ uᵀ M u ≥ 0'
  | 'potential energy falls at the power of gravity'>;

/** Symmetry of A⁻¹, relative to its largest entry: a symmetric A inverted in floating point. */
export const SYMMETRY_RTOL = 1e-12;
/**
 * Central differences of the material point over advance(±ε): the truncation error is
 * O(ε² |ω|³ |X|) ≈ 1e-11 here, the rounding error of the two positions O(1e-16 |x| / ε);
 * ε = 1e-6 balances them, and 1e-6 relative to ‖H‖‖u‖ (plus the rounding term) leaves
 * room for both while a wrong sign or factor is off by O(1).
 */
export const FD_EPSILON = 1e-6;
export const FD_RTOL = 1e-6;
/** H(QE) against Q H(E): the same products in another order, a few roundings apart. */
export const FRAME_RTOL = 1e-12;
/** ½ uᵀ M u with M from a Cholesky solve of A⁻¹ (backward stable): a few hundred roundings at worst. */
export const KINETIC_RTOL = 1e-10;
/** Step and tolerance of the potential's central difference (gravity potential is linear in the centre, so only rounding remains). */
export const POTENTIAL_EPSILON = 1e-3;
export const POTENTIAL_RTOL = 1e-8;


/** A scene, one of its bodies, a material point of it (ξ scaled into its shape) and a frame. */
interface PointCase {
  specs: BodySpec[];
  body: number;
  xi: Vec3;
  frame: number[];
  label: string;
}

/** What the suite asks of A⁻¹, H, and the energies. */
export function operatorProperties(sut: KinematicsUnderTest): Record<OperatorProperty, KinematicsPropertySpec> {
  const scene = arbScene(sut.bodies);
  const pointCase = fc.record({ specs: scene, pick: fc.nat(), xi: arbVec3(1), frame: arbRotation() }).map((c): PointCase => {
    const body = c.pick % c.specs.length;
    return { specs: c.specs, body, xi: c.xi, frame: c.frame, label: `${describeBodies(c.specs)}; body ${body}, ξ ${JSON.stringify(c.xi)}, frame ${JSON.stringify(c.frame)}` };
  });

  return {
    'A is symmetric positive definite (c = 0 and c = h²/4)': spec({
      arbitrary: fc.record({ specs: scene, h: arbUniform(1e-4, 1e-2) }).map((c) => ({ ...c, label: `${describeBodies(c.specs)}; h ${c.h}` })),
      predicate: (c) => {
        const k = buildScene(sut, c.specs);
        for (const coefficient of [0, (c.h * c.h) / 4]) {
          k.prepareOperator(coefficient);
          for (let i = 0; i < k.count; i++) if (k.isFree(i)) checkSpd(inverseMatrix(k, i), k.dofs, `body ${i}, c = ${coefficient}`);
        }
      },
    }),

    'H matches central differences of the material point motion': spec({
      arbitrary: pointCase,
      predicate: (c) => {
        const k = buildScene(sut, c.specs);
        const i = c.body;
        const X = referencePoint(c.specs[i].shape, c.xi);
        const p = placePoint(poseOf(k, i), X);
        const H = contactMatrix(k, i, p, c.frame);
        const u = Float64Array.from(k.velocity(i));
        const Hu = rowsTimes(H, u);
        const saved = k.saveState();
        const plus = displaced(k, i, X, FD_EPSILON, saved);
        const minus = displaced(k, i, X, -FD_EPSILON, saved);
        const fd = mat3Vec(c.frame, [0, 1, 2].map((j) => (plus[j] - minus[j]) / (2 * FD_EPSILON)));
        const err = maxAbs([Hu[0] - fd[0], Hu[1] - fd[1], Hu[2] - fd[2]]);
        const tol = FD_RTOL * norm(H) * norm(u) + 1e-15 * Math.max(norm3(plus), norm3(minus)) / FD_EPSILON;
        check(err <= tol, () => `H u = [${Hu}] but the central difference of the material point's motion gives [${fd}] (error ${fmt(err)} > ${fmt(tol)}; H = [${H}], u = [${u}])`);
      },
    }),

    'H transforms with the contact frame: H(QE) = Q H(E)': spec({
      arbitrary: fc.tuple(pointCase, arbRotation()).map(([c, q]) => ({ ...c, q, label: `${c.label}; Q ${JSON.stringify(q)}` })),
      predicate: (c) => {
        const k = buildScene(sut, c.specs);
        const i = c.body, n = k.dofs;
        const p = placePoint(poseOf(k, i), referencePoint(c.specs[i].shape, c.xi));
        const h1 = contactMatrix(k, i, p, c.frame);
        const h2 = contactMatrix(k, i, p, mat3Mul(c.q, c.frame));
        const tol = FRAME_RTOL * (maxAbs(h1) + maxAbs(h2));
        for (let r = 0; r < 3; r++) {
          for (let j = 0; j < n; j++) {
            const qh = c.q[3 * r] * h1[j] + c.q[3 * r + 1] * h1[n + j] + c.q[3 * r + 2] * h1[2 * n + j];
            check(Math.abs(h2[r * n + j] - qh) <= tol, () => `H(QE)[${r}][${j}] = ${h2[r * n + j]} but (Q H(E))[${r}][${j}] = ${qh} (tolerance ${fmt(tol)})`);
          }
        }
      },
    }),

    'kinetic energy equals ½ uᵀ M u ≥ 0': spec({
      arbitrary: scene.map((specs) => ({ specs, label: describeBodies(specs) })),
      predicate: (c) => {
        const k = buildScene(sut, c.specs);
        const n = k.dofs;
        k.prepareOperator(0);
        let expected = 0;
        for (let i = 0; i < k.count; i++) {
          if (!k.isFree(i)) continue;
          const factor = cholesky(inverseMatrix(k, i), n);
          check('L' in factor, () => `A⁻¹ of body ${i} is not positive definite (see the A property)`);
          const u = k.velocity(i);
          const Mu = choleskySolve(factor.L, n, u);
          for (let j = 0; j < n; j++) expected += 0.5 * u[j] * Mu[j];
        }
        const { kinetic, potential } = k.energy(new Float64Array(3));
        check(kinetic >= 0 && Number.isFinite(potential), () => `energy() returned kinetic ${kinetic}, potential ${potential}`);
        check(Math.abs(kinetic - expected) <= KINETIC_RTOL * expected, () => `kinetic energy ${kinetic} but ½ uᵀ M u = ${expected} with M = (A⁻¹)⁻¹ at c = 0 (relative error ${fmt(Math.abs(kinetic - expected) / expected)} > ${KINETIC_RTOL})`);
      },
    }),

    'potential energy falls at the power of gravity': spec({
      arbitrary: fc.record({ specs: scene, g: arbVec3(20) }).map((c) => ({ ...c, label: `${describeBodies(c.specs)}; g ${JSON.stringify(c.g)}` })),
      predicate: (c) => {
        const k = buildScene(sut, c.specs);
        const g = Float64Array.from(c.g), zero = new Float64Array(3);
        // d/dt V_g = −(f(g) − f(0))·u: the difference of forces isolates gravity from internal and gyroscopic terms.
        const n = k.dofs, fg = new Float64Array(n), f0 = new Float64Array(n);
        let power = 0, scale = 0;
        for (let i = 0; i < k.count; i++) {
          if (!k.isFree(i)) continue;
          k.force(i, 0, g, fg, 0);
          k.force(i, 0, zero, f0, 0);
          const u = k.velocity(i);
          let df2 = 0;
          for (let j = 0; j < n; j++) {
            power += (fg[j] - f0[j]) * u[j];
            df2 += (fg[j] - f0[j]) ** 2;
          }
          scale += Math.sqrt(df2) * norm(u);
        }
        const saved = k.saveState();
        const gravityPotential = (): number => k.energy(g).potential - k.energy(zero).potential;
        k.advance(POTENTIAL_EPSILON, 0);
        const plus = gravityPotential();
        k.loadState(saved);
        k.advance(-POTENTIAL_EPSILON, 0);
        const minus = gravityPotential();
        k.loadState(saved);
        const rate = (plus - minus) / (2 * POTENTIAL_EPSILON);
        const tol = POTENTIAL_RTOL * scale + 1e-15 * (Math.abs(plus) + Math.abs(minus)) / POTENTIAL_EPSILON;
        check(Math.abs(rate + power) <= tol, () => `the gravity potential changes at ${rate} but the power of gravity is ${power}; expected dV/dt = −power (error ${fmt(Math.abs(rate + power))} > ${fmt(tol)})`);
      },
    }),
  };
}

/** Where the material point X of body i is after advance(dt) from the saved state; the state is restored. */
function displaced(k: Kinematics, i: number, X: ArrayLike<number>, dt: number, saved: Float64Array): [number, number, number] {
  k.advance(dt, 0);
  const x = placePoint(poseOf(k, i), X);
  k.loadState(saved);
  return x;
}

/** A⁻¹ symmetric (relative to its largest entry) and positive definite (Cholesky pivots > 0). */
function checkSpd(m: Float64Array, n: number, where: string): void {
  const big = maxAbs(m);
  check(m.every(Number.isFinite), () => `A⁻¹ of ${where} has non-finite entries: [${m}]`);
  for (let a = 0; a < n; a++) {
    for (let b = a + 1; b < n; b++) {
      const d = Math.abs(m[a * n + b] - m[b * n + a]);
      check(d <= SYMMETRY_RTOL * big, () => `A⁻¹ of ${where} is not symmetric: [${a}][${b}] = ${m[a * n + b]}, [${b}][${a}] = ${m[b * n + a]} (difference ${fmt(d)} > ${SYMMETRY_RTOL} × ${fmt(big)})`);
    }
  }
  const factor = cholesky(m, n);
  check('L' in factor, () => `A⁻¹ of ${where} is not positive definite: Cholesky pivot ${'failedPivot' in factor ? factor.failedPivot : '?'} is ${'value' in factor ? factor.value : '?'} (A⁻¹ = [${m}])`);
}
