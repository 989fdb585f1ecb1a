import { convexHull, isMoreauError, MoreauError, type BodySpec, type Vec3 } from '@moreau/core';
import { hullMassProperties, massProperties } from './mass-properties.js';
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
  /** Driven bodies: the world pivot when the motion starts (the position when the spec gives none). */
  pivot: Vec3;
  /** Driven bodies: d = R₀ᵀ(position − pivot), the centre's offset from the pivot in the body frame. */
  pivotOffset: Vec3;
}

/** How far a given rotation may be from orthonormal before it is refused rather than corrected. */
export const ROTATION_TOLERANCE = 1e-6;

/**
 * How far (relative to the hull's size, and to its largest moment) a free hull's centroid may
 * be from the reference origin, and its inertia tensor from diagonal: rounding of the scene
 * reader's transformation leaves about 1e-16.
 */
export const PRINCIPAL_TOLERANCE = 1e-9;

/**
 * Checks a body spec for what the rigid model can hold and returns its numbers.
 * Throws MoreauError naming the body: E_CONFIG for a shape or motion the model cannot take
 * (a plane set free, a non-positive size or density of a free body, a hull without volume, a
 * free hull not in its principal frame, a rotation that is not one), E_NOT_FINITE for a NaN
 * or infinite number.
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
    if (spec.shape.type === 'hull') checkPrincipal(spec.shape.points, spec.density, fail);
    const props = massProperties(spec.shape, spec.density)!;
    mass = props.mass;
    inertia = props.inertia;
  }

  const position = finite3(spec.position, 'position');
  const rotation = readRotation(spec.rotation, fail, where, name);
  let velocity: Vec3 = [0, 0, 0];
  let angularVelocity: Vec3 = [0, 0, 0];
  let from = 0;
  let pivot: Vec3 = position;
  let pivotOffset: Vec3 = [0, 0, 0];
  if (spec.motion.kind === 'driven') {
    velocity = finite3(spec.motion.velocity, 'motion.velocity');
    angularVelocity = finite3(spec.motion.angularVelocity, 'motion.angularVelocity');
    from = spec.motion.from;
    if (typeof from !== 'number' || !Number.isFinite(from)) {
      throw new MoreauError('E_NOT_FINITE', `rigid kinematics: body "${name}": motion.from must be a finite time, got ${from}`, where);
    }
    if (spec.motion.pivot !== undefined) {
      pivot = finite3(spec.motion.pivot, 'motion.pivot');
      const d = [position[0] - pivot[0], position[1] - pivot[1], position[2] - pivot[2]];
      const R = rotation;
      pivotOffset = [
        R[0] * d[0] + R[3] * d[1] + R[6] * d[2],
        R[1] * d[0] + R[4] * d[1] + R[7] * d[2],
        R[2] * d[0] + R[5] * d[1] + R[8] * d[2],
      ];
    }
  } else if (motion === MotionCode.Free) {
    velocity = finite3(spec.velocity, 'velocity');
    angularVelocity = finite3(spec.angularVelocity, 'angularVelocity');
  }
  return { motion, mass, inertia, position, rotation, velocity, angularVelocity, from, pivot, pivotOffset };
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
    case 'ellipsoid':
      if (!Array.isArray(shape.semiAxes) || shape.semiAxes.length !== 3 || !shape.semiAxes.every(positive)) {
        fail(`ellipsoid semiAxes must be 3 positive finite numbers, got ${JSON.stringify(shape.semiAxes)}`);
      }
      return;
    case 'capsule':
      if (!positive(shape.radius)) fail(`capsule radius must be positive and finite, got ${shape.radius}`);
      if (!(typeof shape.halfLength === 'number' && shape.halfLength >= 0 && Number.isFinite(shape.halfLength))) {
        fail(`capsule halfLength must be non-negative and finite, got ${shape.halfLength}`);
      }
      return;
    case 'hull':
      checkHullPoints(shape.points, fail);
      return;
    case 'plane': {
      const n = shape.normal;
      if (!Array.isArray(n) || n.length !== 3 || !n.every(Number.isFinite) || Math.hypot(n[0], n[1], n[2]) === 0) {
        fail(`plane normal must be a non-zero finite 3-vector, got ${JSON.stringify(n)}`);
      }
      return;
    }
    default:
      fail(`unknown shape type ${JSON.stringify((shape as { type?: unknown } | undefined)?.type)} (the rigid model takes sphere, box, ellipsoid, capsule, hull and plane)`);
  }
}

/** At least 4 finite xyz triples spanning a solid (convexHull's E_CONFIG carried over, naming the body). */
function checkHullPoints(points: unknown, fail: (m: string) => never): void {
  const triple = (p: unknown): boolean => Array.isArray(p) && p.length === 3 && p.every((x) => typeof x === 'number' && Number.isFinite(x));
  if (!Array.isArray(points) || points.length < 4 || !points.every(triple)) {
    fail(`hull points must be at least 4 finite [x, y, z] triples, got ${Array.isArray(points) ? `${points.length} entries` : JSON.stringify(points)}`);
  }
  try {
    convexHull((points as Vec3[]).flat(), 'hull points');
  } catch (e) {
    if (isMoreauError(e, 'E_CONFIG')) fail(e.message);
    throw e;
  }
}

/**
 * The model keeps the inertia as principal moments about the reference centre, so a free hull
 * must be given in its principal frame with its centroid at the origin (the contract's
 * reference frame). Turning it here is not an option: the detector reads the same shape and
 * pose from the spec, so the spec itself must change. The scene reader does that; code that
 * builds specs calls core's `toPrincipalFrame(spec)`.
 */
function checkPrincipal(points: readonly Vec3[], density: number, fail: (m: string) => never): void {
  const props = hullMassProperties(points, density);
  const size = Math.max(...points.map((p) => Math.hypot(p[0], p[1], p[2])));
  const off = Math.hypot(...props.centroid);
  const largest = Math.max(...props.inertia);
  if (off > PRINCIPAL_TOLERANCE * size || props.offDiagonal > PRINCIPAL_TOLERANCE * largest) {
    fail(`the hull is not in its principal frame (centroid ${props.centroid.map((x) => x.toExponential(3)).join(', ')} from the origin, `
      + `largest product of inertia ${(props.offDiagonal / largest).toExponential(2)} of the largest moment; need ≤ ${PRINCIPAL_TOLERANCE}). `
      + 'Pass the spec through toPrincipalFrame(spec) from @moreau/core, which moves the points there and the position and rotation to match (scene files get this on reading).');
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
