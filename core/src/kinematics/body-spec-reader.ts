import { convexHull } from '../geometry/convex-hull.js';
import { determinant3, orthonormalityError, reorthonormalize } from '../linalg/rotation3.js';
import type { BodySpec, Motion, Vec3 } from '../contracts/dynamics.js';
import { isMoreauError, MoreauError, type ErrorLocation } from '../contracts/errors.js';
import { MotionCode, type DrivenMotionInit } from './driven-motion.js';

/** How far a given rotation may be from orthonormal before it is refused rather than corrected. */
export const ROTATION_TOLERANCE = 1e-6;

/**
 * Checks of one body spec's fields, each error naming the kinematics and the body:
 * E_CONFIG for what the model cannot take, E_NOT_FINITE for a NaN or infinite number.
 */
export interface SpecReader {
  /** `<model> kinematics: body "<name>"`, the start of every message. */
  readonly prefix: string;
  readonly where: ErrorLocation;
  fail(message: string): never;
  notFinite(field: string, value: unknown): never;
  /** A finite 3-vector, or an error naming `field`. */
  finite3(v: unknown, field: string): Vec3;
}

/** A reader for one spec; `model` names the kinematics in messages ("rigid", "pseudo-rigid"). */
export function specReader(model: string, spec: BodySpec): SpecReader {
  const name = typeof spec?.name === 'string' ? spec.name : String(spec?.name);
  const where = { place: `body "${name}"` };
  const prefix = `${model} kinematics: body "${name}"`;
  const fail = (message: string): never => {
    throw new MoreauError('E_CONFIG', `${prefix}: ${message}`, where);
  };
  const notFinite = (field: string, value: unknown): never => {
    throw new MoreauError('E_NOT_FINITE', `${prefix}: ${field} must be finite, got ${JSON.stringify(value)}`, where);
  };
  const finite3 = (v: unknown, field: string): Vec3 => {
    if (!Array.isArray(v) || v.length !== 3) fail(`${field} must be 3 numbers, got ${JSON.stringify(v)}`);
    const a = v as number[];
    if (!a.every((x) => typeof x === 'number' && Number.isFinite(x))) notFinite(field, a);
    return [a[0], a[1], a[2]];
  };
  return { prefix, where, fail, notFinite, finite3 };
}

/** motion.kind as a MotionCode. */
export function readMotionCode(spec: BodySpec, rd: SpecReader): MotionCode {
  const kind = spec.motion?.kind;
  if (kind !== 'free' && kind !== 'static' && kind !== 'driven') rd.fail(`motion.kind must be 'free', 'static' or 'driven', got ${JSON.stringify(kind)}`);
  return kind === 'free' ? MotionCode.Free : kind === 'static' ? MotionCode.Static : MotionCode.Driven;
}

/**
 * The spec's rotation, refused when it is not one (within ROTATION_TOLERANCE, det > 0),
 * else brought to orthonormal to rounding by three Newton–Schulz steps (quadratic
 * convergence: 1e-6 goes to rounding), so that a rotation typed with a few digits starts exact.
 */
export function readRotationSpec(values: readonly number[], rd: SpecReader): Float64Array {
  if (!Array.isArray(values) || values.length !== 9) rd.fail(`rotation must be 9 numbers (row-major 3×3), got ${JSON.stringify(values)}`);
  if (!values.every((x) => typeof x === 'number' && Number.isFinite(x))) rd.notFinite('rotation', values);
  const r = Float64Array.from(values);
  const err = orthonormalityError(r, 0);
  const det = determinant3(r, 0);
  if (!(err <= ROTATION_TOLERANCE) || !(det > 0)) {
    rd.fail(`rotation is not a rotation matrix (max |RᵀR − I| = ${err.toExponential(2)}, det = ${det.toPrecision(6)}; need ≤ ${ROTATION_TOLERANCE} and det > 0)`);
  }
  for (let k = 0; k < 3; k++) reorthonormalize(r, 0);
  return r;
}

/**
 * A driven body's prescribed motion: world velocity and
 * angular velocity, start time, and the pivot (the position when the spec gives none) with the
 * centre's offset from it in the body frame, d = R₀ᵀ(position − pivot).
 */
export function readDrivenMotion(
  motion: Extract<Motion, { kind: 'driven' }>, position: Vec3, rotation: Float64Array, rd: SpecReader,
): DrivenMotionInit {
  const velocity = rd.finite3(motion.velocity, 'motion.velocity');
  const angularVelocity = rd.finite3(motion.angularVelocity, 'motion.angularVelocity');
  const from = motion.from;
  if (typeof from !== 'number' || !Number.isFinite(from)) {
    throw new MoreauError('E_NOT_FINITE', `${rd.prefix}: motion.from must be a finite time, got ${from}`, rd.where);
  }
  let pivot: Vec3 = position;
  let pivotOffset: Vec3 = [0, 0, 0];
  if (motion.pivot !== undefined) {
    pivot = rd.finite3(motion.pivot, 'motion.pivot');
    const d = [position[0] - pivot[0], position[1] - pivot[1], position[2] - pivot[2]];
    const R = rotation;
    pivotOffset = [
      R[0] * d[0] + R[3] * d[1] + R[6] * d[2],
      R[1] * d[0] + R[4] * d[1] + R[7] * d[2],
      R[2] * d[0] + R[5] * d[1] + R[8] * d[2],
    ];
  }
  return { velocity, angularVelocity, from, pivot, pivotOffset };
}

/**
 * Checks the shape's own numbers (sizes positive and finite, a hull that spans a solid, a
 * non-zero plane normal); `takes` lists the shapes the model takes, for an unknown type.
 */
export function checkShapeSpec(shape: BodySpec['shape'], rd: SpecReader, takes: string): void {
  const positive = (x: unknown): boolean => typeof x === 'number' && x > 0 && Number.isFinite(x);
  const three = (v: unknown): boolean => Array.isArray(v) && v.length === 3 && v.every(positive);
  switch (shape?.type) {
    case 'sphere':
      if (!positive(shape.radius)) rd.fail(`sphere radius must be positive and finite, got ${shape.radius}`);
      return;
    case 'box':
      if (!three(shape.halfExtents)) rd.fail(`box halfExtents must be 3 positive finite numbers, got ${JSON.stringify(shape.halfExtents)}`);
      return;
    case 'ellipsoid':
      if (!three(shape.semiAxes)) rd.fail(`ellipsoid semiAxes must be 3 positive finite numbers, got ${JSON.stringify(shape.semiAxes)}`);
      return;
    case 'capsule':
      if (!positive(shape.radius)) rd.fail(`capsule radius must be positive and finite, got ${shape.radius}`);
      if (!(typeof shape.halfLength === 'number' && shape.halfLength >= 0 && Number.isFinite(shape.halfLength))) {
        rd.fail(`capsule halfLength must be non-negative and finite, got ${shape.halfLength}`);
      }
      return;
    case 'cylinder':
      if (!positive(shape.radius)) rd.fail(`cylinder radius must be positive and finite, got ${shape.radius}`);
      if (!positive(shape.halfLength)) rd.fail(`cylinder halfLength must be positive and finite, got ${shape.halfLength}`);
      return;
    case 'hull':
      checkHullPoints(shape.points, rd);
      return;
    case 'plane': {
      const n = shape.normal;
      if (!Array.isArray(n) || n.length !== 3 || !n.every(Number.isFinite) || Math.hypot(n[0], n[1], n[2]) === 0) {
        rd.fail(`plane normal must be a non-zero finite 3-vector, got ${JSON.stringify(n)}`);
      }
      return;
    }
    default:
      rd.fail(`unknown shape type ${JSON.stringify((shape as { type?: unknown } | undefined)?.type)} (${takes})`);
  }
}

/** At least 4 finite xyz triples spanning a solid (convexHull's E_CONFIG carried over, naming the body). */
function checkHullPoints(points: unknown, rd: SpecReader): void {
  const triple = (p: unknown): boolean => Array.isArray(p) && p.length === 3 && p.every((x) => typeof x === 'number' && Number.isFinite(x));
  if (!Array.isArray(points) || points.length < 4 || !points.every(triple)) {
    rd.fail(`hull points must be at least 4 finite [x, y, z] triples, got ${Array.isArray(points) ? `${points.length} entries` : JSON.stringify(points)}`);
  }
  try {
    convexHull((points as Vec3[]).flat(), 'hull points');
  } catch (e) {
    if (isMoreauError(e, 'E_CONFIG')) rd.fail(e.message);
    throw e;
  }
}
