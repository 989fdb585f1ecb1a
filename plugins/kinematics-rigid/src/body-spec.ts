import { MoreauError, type BodySpec, type Vec3 } from '@moreau/core';
import { massProperties } from './mass-properties.js';
import { determinant3, orthonormalityError, reorthonormalize } from './rotation.js';

/** How a body moves, as stored per body (a byte per body). */
export const MotionCode = { Free: 0, Static: 1, Driven: 2 } as const;
export type MotionCode = (typeof MotionCode)[keyof typeof MotionCode];

/** A body spec checked and reduced to the numbers the store keeps. */
export interface RigidBodyInit {
  motion: MotionCode;
  /** Mass and principal moments; zero for static and driven bodies (they have no unknowns). */
  mass: number;
  inertia: Vec3;
  position: Vec3;
  /** The spec's rotation, made orthonormal to rounding. */
  rotation: Float64Array;
  /** World velocity and world angular velocity: the initial ones of a free body, the prescribed ones of a driven body. */
  velocity: Vec3;
  angularVelocity: Vec3;
  /** Driven bodies: the time the prescribed motion starts. */
  from: number;
}

/** How far a given rotation may be from orthonormal before it is refused rather than corrected. */
export const ROTATION_TOLERANCE = 1e-6;

/**
 * Checks a body spec for what the rigid model can hold and returns its numbers.
 * Throws MoreauError naming the body: E_CONFIG for a shape or motion the model cannot take
 * (a plane set free, a non-positive size or density of a free body, a rotation that is not
 * one), E_NOT_FINITE for a NaN or infinite number.
 */
export function readBodySpec(spec: BodySpec): RigidBodyInit {
  const name = typeof spec?.name === 'string' ? spec.name : String(spec?.name);
  const where = { place: `body "${name}"` };
  const fail = (message: string): never => {
    throw new MoreauError('E_CONFIG', `rigid kinematics: body "${name}": ${message}`, where);
  };
  const finite3 = (v: unknown, field: string): Vec3 => {
    if (!Array.isArray(v) || v.length !== 3) fail(`${field} must be 3 numbers, got ${JSON.stringify(v)}`);
    const a = v as number[];
    if (!a.every((x) => typeof x === 'number' && Number.isFinite(x))) {
      throw new MoreauError('E_NOT_FINITE', `rigid kinematics: body "${name}": ${field} must be finite, got ${JSON.stringify(a)}`, where);
    }
    return [a[0], a[1], a[2]];
  };

  checkShape(spec.shape, fail);
  const kind = spec.motion?.kind;
  if (kind !== 'free' && kind !== 'static' && kind !== 'driven') fail(`motion.kind must be 'free', 'static' or 'driven', got ${JSON.stringify(kind)}`);
  const motion: MotionCode = kind === 'free' ? MotionCode.Free : kind === 'static' ? MotionCode.Static : MotionCode.Driven;

  let mass = 0;
  let inertia: Vec3 = [0, 0, 0];
  if (motion === MotionCode.Free) {
    if (spec.shape.type === 'plane') fail('a plane has no mass, so it cannot move freely; make it static or driven');
    if (!(typeof spec.density === 'number' && spec.density > 0 && Number.isFinite(spec.density))) {
      fail(`a free body needs a positive finite density, got ${spec.density}`);
    }
    const props = massProperties(spec.shape, spec.density)!;
    mass = props.mass;
    inertia = props.inertia;
  }

  const position = finite3(spec.position, 'position');
  const rotation = readRotation(spec.rotation, fail, where, name);
  let velocity: Vec3 = [0, 0, 0];
  let angularVelocity: Vec3 = [0, 0, 0];
  let from = 0;
  if (spec.motion.kind === 'driven') {
    velocity = finite3(spec.motion.velocity, 'motion.velocity');
    angularVelocity = finite3(spec.motion.angularVelocity, 'motion.angularVelocity');
    from = spec.motion.from;
    if (typeof from !== 'number' || !Number.isFinite(from)) {
      throw new MoreauError('E_NOT_FINITE', `rigid kinematics: body "${name}": motion.from must be a finite time, got ${from}`, where);
    }
  } else if (motion === MotionCode.Free) {
    velocity = finite3(spec.velocity, 'velocity');
    angularVelocity = finite3(spec.angularVelocity, 'angularVelocity');
  }
  return { motion, mass, inertia, position, rotation, velocity, angularVelocity, from };
}

function checkShape(shape: BodySpec['shape'], fail: (m: string) => never): void {
  const positive = (x: unknown): boolean => typeof x === 'number' && x > 0 && Number.isFinite(x);
  switch (shape?.type) {
    case 'sphere':
      if (!positive(shape.radius)) fail(`sphere radius must be positive and finite, got ${shape.radius}`);
      return;
    case 'box':
      if (!Array.isArray(shape.halfExtents) || shape.halfExtents.length !== 3 || !shape.halfExtents.every(positive)) {
        fail(`box halfExtents must be 3 positive finite numbers, got ${JSON.stringify(shape.halfExtents)}`);
      }
      return;
    case 'plane': {
      const n = shape.normal;
      if (!Array.isArray(n) || n.length !== 3 || !n.every(Number.isFinite) || Math.hypot(n[0], n[1], n[2]) === 0) {
        fail(`plane normal must be a non-zero finite 3-vector, got ${JSON.stringify(n)}`);
      }
      return;
    }
    default:
      fail(`unknown shape type ${JSON.stringify((shape as { type?: unknown } | undefined)?.type)} (the rigid model takes sphere, box and plane)`);
  }
}

/**
 * The spec's rotation, refused when it is not one (within ROTATION_TOLERANCE, det > 0),
 * else brought to orthonormal to rounding by Newton–Schulz steps (quadratic convergence:
 * three take 1e-6 to rounding), so that a rotation typed with a few digits starts exact.
 */
function readRotation(values: readonly number[], fail: (m: string) => never, where: { place: string }, name: string): Float64Array {
  if (!Array.isArray(values) || values.length !== 9) fail(`rotation must be 9 numbers (row-major 3×3), got ${JSON.stringify(values)}`);
  if (!values.every((x) => typeof x === 'number' && Number.isFinite(x))) {
    throw new MoreauError('E_NOT_FINITE', `rigid kinematics: body "${name}": rotation must be finite, got ${JSON.stringify(values)}`, where);
  }
  const r = Float64Array.from(values);
  const err = orthonormalityError(r, 0);
  if (!(err <= ROTATION_TOLERANCE) || !(determinant3(r, 0) > 0)) {
    fail(`rotation is not a rotation matrix (max |RᵀR − I| = ${err.toExponential(2)}, det = ${determinant3(r, 0).toPrecision(6)}; need ≤ ${ROTATION_TOLERANCE} and det > 0)`);
  }
  for (let k = 0; k < 3; k++) reorthonormalize(r, 0);
  return r;
}
