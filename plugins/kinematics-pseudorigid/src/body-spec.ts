import { convexHull, isMoreauError, MoreauError, type BodySpec, type Vec3 } from '@moreau/core';
import { eulerProperties } from './euler-tensor.js';
import { determinant3, reorthonormalize } from './rotation.js';
import { lame } from './svk.js';

/** How a body moves, as stored per body (a byte per body). */
export const MotionCode = { Free: 0, Static: 1, Driven: 2 } as const;
export type MotionCode = (typeof MotionCode)[keyof typeof MotionCode];

/** A body spec checked and reduced to the numbers the store keeps. */
export interface PseudoRigidInit {
  motion: MotionCode;
  /** Mass, reference volume, Euler tensor (row-major) and Lamé constants; zero for static and driven bodies. */
  mass: number;
  volume: number;
  euler: Float64Array;
  lambda: number;
  mu: number;
  position: Vec3;
  /** F at the start: the spec's rotation, made orthonormal to rounding. */
  F: Float64Array;
  /** World velocity and world angular velocity: initial ones of a free body, prescribed ones of a driven body. */
  velocity: Vec3;
  angularVelocity: Vec3;
  /** Driven bodies: start time, world pivot when the motion starts, and d = R₀ᵀ(position − pivot). */
  from: number;
  pivot: Vec3;
  pivotOffset: Vec3;
}

/** How far a given rotation may be from orthonormal before it is refused rather than corrected. */
export const ROTATION_TOLERANCE = 1e-6;
/** How far (relative to its size) a free hull's centroid may be from the reference origin. */
export const CENTROID_TOLERANCE = 1e-9;

/**
 * Checks a body spec for what the pseudo-rigid model can hold and returns its numbers.
 * A free body needs a solid shape with a detectable deformed image (sphere, ellipsoid, box or
 * hull), a positive density, and `material.young` > 0 with −1 < `material.poisson` < ½.
 * Throws MoreauError naming the body: E_CONFIG for what the model cannot take, E_NOT_FINITE
 * for a NaN or infinite number.
 */
export function readBodySpec(spec: BodySpec): PseudoRigidInit {
  const name = typeof spec?.name === 'string' ? spec.name : String(spec?.name);
  const where = { place: `body "${name}"` };
  const fail = (message: string): never => {
    throw new MoreauError('E_CONFIG', `pseudo-rigid kinematics: body "${name}": ${message}`, where);
  };
  const notFinite = (field: string, value: unknown): never => {
    throw new MoreauError('E_NOT_FINITE', `pseudo-rigid kinematics: body "${name}": ${field} must be finite, got ${JSON.stringify(value)}`, where);
  };
  const finite3 = (v: unknown, field: string): Vec3 => {
    if (!Array.isArray(v) || v.length !== 3) fail(`${field} must be 3 numbers, got ${JSON.stringify(v)}`);
    const a = v as number[];
    if (!a.every((x) => typeof x === 'number' && Number.isFinite(x))) notFinite(field, a);
    return [a[0], a[1], a[2]];
  };

  checkShape(spec.shape, fail);
  const kind = spec.motion?.kind;
  if (kind !== 'free' && kind !== 'static' && kind !== 'driven') fail(`motion.kind must be 'free', 'static' or 'driven', got ${JSON.stringify(kind)}`);
  const motion: MotionCode = kind === 'free' ? MotionCode.Free : kind === 'static' ? MotionCode.Static : MotionCode.Driven;
  const position = finite3(spec.position, 'position');
  const F = readRotation(spec.rotation, fail, notFinite);
  const init: PseudoRigidInit = {
    motion, mass: 0, volume: 0, euler: new Float64Array(9), lambda: 0, mu: 0, position, F,
    velocity: [0, 0, 0], angularVelocity: [0, 0, 0], from: 0, pivot: position, pivotOffset: [0, 0, 0],
  };

  if (motion === MotionCode.Free) {
    const type = spec.shape.type;
    if (type === 'plane') fail('a plane has no mass, so it cannot move freely; make it static or driven');
    if (type === 'capsule') fail('a deformed capsule is no longer a capsule, so no detector can see it; use an ellipsoid or a hull, or make it static or driven');
    if (!(typeof spec.density === 'number' && spec.density > 0 && Number.isFinite(spec.density))) {
      fail(`a free body needs a positive finite density, got ${spec.density}`);
    }
    const props = eulerProperties(spec.shape, spec.density)!;
    if (type === 'hull') checkCentred(spec.shape.points, props.centroid, fail);
    const { young, poisson } = readMaterial(spec.material, fail, notFinite);
    const { lambda, mu } = lame(young, poisson);
    Object.assign(init, { mass: props.mass, volume: props.volume, euler: props.euler, lambda, mu });
    init.velocity = finite3(spec.velocity, 'velocity');
    init.angularVelocity = finite3(spec.angularVelocity, 'angularVelocity');
  } else if (spec.motion.kind === 'driven') {
    init.velocity = finite3(spec.motion.velocity, 'motion.velocity');
    init.angularVelocity = finite3(spec.motion.angularVelocity, 'motion.angularVelocity');
    init.from = spec.motion.from;
    if (typeof init.from !== 'number' || !Number.isFinite(init.from)) notFinite('motion.from', init.from);
    if (spec.motion.pivot !== undefined) {
      init.pivot = finite3(spec.motion.pivot, 'motion.pivot');
      const d = [position[0] - init.pivot[0], position[1] - init.pivot[1], position[2] - init.pivot[2]];
      init.pivotOffset = [
        F[0] * d[0] + F[3] * d[1] + F[6] * d[2],
        F[1] * d[0] + F[4] * d[1] + F[7] * d[2],
        F[2] * d[0] + F[5] * d[1] + F[8] * d[2],
      ];
    }
  }
  return init;
}

/** Young's modulus and Poisson's ratio of a free body, from the scene material (`young`, `poisson`). */
function readMaterial(material: BodySpec['material'], fail: (m: string) => never, notFinite: (f: string, v: unknown) => never): { young: number; poisson: number } {
  const young = material?.young, poisson = material?.poisson;
  if (typeof young !== 'number' || typeof poisson !== 'number') {
    fail(`a free pseudo-rigid body needs material.young and material.poisson (Saint Venant–Kirchhoff), got ${JSON.stringify(material ?? {})}; give its scene material "young" and "poisson"`);
  }
  if (!Number.isFinite(young) || !Number.isFinite(poisson)) notFinite('material.young and material.poisson', { young, poisson });
  if (!(young > 0)) fail(`material.young must be positive, got ${young}`);
  if (!(poisson > -1 && poisson < 0.5)) fail(`material.poisson must be in (−1, 0.5), got ${poisson}`);
  return { young: young as number, poisson: poisson as number };
}

function checkShape(shape: BodySpec['shape'], fail: (m: string) => never): void {
  const positive = (x: unknown): boolean => typeof x === 'number' && x > 0 && Number.isFinite(x);
  const three = (v: unknown): boolean => Array.isArray(v) && v.length === 3 && v.every(positive);
  switch (shape?.type) {
    case 'sphere':
      if (!positive(shape.radius)) fail(`sphere radius must be positive and finite, got ${shape.radius}`);
      return;
    case 'box':
      if (!three(shape.halfExtents)) fail(`box halfExtents must be 3 positive finite numbers, got ${JSON.stringify(shape.halfExtents)}`);
      return;
    case 'ellipsoid':
      if (!three(shape.semiAxes)) fail(`ellipsoid semiAxes must be 3 positive finite numbers, got ${JSON.stringify(shape.semiAxes)}`);
      return;
    case 'capsule':
      if (!positive(shape.radius) || !(typeof shape.halfLength === 'number' && shape.halfLength >= 0 && Number.isFinite(shape.halfLength))) {
        fail(`capsule radius must be positive and halfLength non-negative, both finite, got ${shape.radius}, ${shape.halfLength}`);
      }
      return;
    case 'hull': {
      const triple = (p: unknown): boolean => Array.isArray(p) && p.length === 3 && p.every((x) => typeof x === 'number' && Number.isFinite(x));
      const points: unknown = shape.points;
      if (!Array.isArray(points) || points.length < 4 || !points.every(triple)) fail('hull points must be at least 4 finite [x, y, z] triples');
      try {
        convexHull((points as Vec3[]).flat(), 'hull points');
      } catch (e) {
        if (isMoreauError(e, 'E_CONFIG')) fail(e.message);
        throw e;
      }
      return;
    }
    case 'plane': {
      const n = shape.normal;
      if (!Array.isArray(n) || n.length !== 3 || !n.every(Number.isFinite) || Math.hypot(n[0], n[1], n[2]) === 0) {
        fail(`plane normal must be a non-zero finite 3-vector, got ${JSON.stringify(n)}`);
      }
      return;
    }
    default:
      fail(`unknown shape type ${JSON.stringify((shape as { type?: unknown } | undefined)?.type)} (the pseudo-rigid model takes sphere, ellipsoid, box and hull, and capsule and plane when not free)`);
  }
}

/**
 * The reference centre X̄ of paper 004 eq 1 is the mass centre (so the centre's momentum
 * decouples from F's, eq 16): a free hull's centroid must be the origin. Scene files get
 * this on reading; code that builds specs calls core's `toPrincipalFrame(spec)`.
 */
function checkCentred(points: readonly Vec3[], centroid: Vec3, fail: (m: string) => never): void {
  const size = Math.max(...points.map((p) => Math.hypot(p[0], p[1], p[2])));
  if (Math.hypot(...centroid) > CENTROID_TOLERANCE * size) {
    fail(`the hull's centroid (${centroid.map((x) => x.toExponential(3)).join(', ')}) is not the reference origin; `
      + 'pass the spec through toPrincipalFrame(spec) from @moreau/core (scene files get this on reading)');
  }
}

/**
 * The spec's rotation, refused when it is not one (within ROTATION_TOLERANCE, det > 0), else
 * brought to orthonormal to rounding by three Newton–Schulz steps R ← R (3I − RᵀR)/2
 * (quadratic: 1e-6 goes to rounding), so that a body starts undeformed.
 */
function readRotation(values: readonly number[], fail: (m: string) => never, notFinite: (f: string, v: unknown) => never): Float64Array {
  if (!Array.isArray(values) || values.length !== 9) fail(`rotation must be 9 numbers (row-major 3×3), got ${JSON.stringify(values)}`);
  if (!values.every((x) => typeof x === 'number' && Number.isFinite(x))) notFinite('rotation', values);
  const r = Float64Array.from(values);
  let err = 0;
  for (let i = 0; i < 3; i++) {
    for (let j = 0; j < 3; j++) {
      const c = r[i] * r[j] + r[3 + i] * r[3 + j] + r[6 + i] * r[6 + j];
      err = Math.max(err, Math.abs(c - (i === j ? 1 : 0)));
    }
  }
  const det = determinant3(r, 0);
  if (!(err <= ROTATION_TOLERANCE) || !(det > 0)) {
    fail(`rotation is not a rotation matrix (max |RᵀR − I| = ${err.toExponential(2)}, det = ${det.toPrecision(6)}; need ≤ ${ROTATION_TOLERANCE} and det > 0)`);
  }
  for (let step = 0; step < 3; step++) reorthonormalize(r, 0);
  return r;
}
