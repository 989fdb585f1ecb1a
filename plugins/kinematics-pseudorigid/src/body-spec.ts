import { checkShapeSpec, determinant3, MotionCode, readDrivenMotion, readMotionCode, readRotationSpec, specReader, type SpecReader } from '@moreau/core/kernels';
import { type BodySpec, type Vec3 } from '@moreau/core/contracts';
import { eulerProperties } from './euler-tensor.js';
import { lame } from './svk.js';

export { MotionCode, ROTATION_TOLERANCE } from '@moreau/core/kernels';

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
  /** F at the reference state: the spec's rotation, made orthonormal to rounding. */
  F: Float64Array;
  /** A free body's initial deformation F0 (row-major, det > 0): it starts at F = F0 R; undefined: undeformed. */
  deformation: Float64Array | undefined;
  /** World velocity and world angular velocity: initial ones of a free body, prescribed ones of a driven body. */
  velocity: Vec3;
  angularVelocity: Vec3;
  /** A free body's initial world velocity gradient L0 (row-major), besides its angular velocity's; undefined: none. */
  velocityGradient: Float64Array | undefined;
  /** Driven bodies: start time, world pivot when the motion starts, and d = R₀ᵀ(position − pivot). */
  from: number;
  pivot: Vec3;
  pivotOffset: Vec3;
}

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
  const rd: SpecReader = specReader('pseudo-rigid', spec);
  checkShapeSpec(spec.shape, rd, 'the pseudo-rigid model takes sphere, ellipsoid, box and hull, and capsule, cylinder and plane when not free');
  const motion = readMotionCode(spec, rd);
  const position = rd.finite3(spec.position, 'position');
  const F = readRotationSpec(spec.rotation, rd);
  const init: PseudoRigidInit = {
    motion, mass: 0, volume: 0, euler: new Float64Array(9), lambda: 0, mu: 0, position, F,
    velocity: [0, 0, 0], angularVelocity: [0, 0, 0], deformation: undefined, velocityGradient: undefined, from: 0, pivot: position, pivotOffset: [0, 0, 0],
  };

  if (motion === MotionCode.Free) {
    const type = spec.shape.type;
    if (type === 'plane') rd.fail('a plane has no mass, so it cannot move freely; make it static or driven');
    if (type === 'capsule') rd.fail('a deformed capsule is no longer a capsule, so no detector can see it; use an ellipsoid or a hull, or make it static or driven');
    if (type === 'cylinder') rd.fail('a deformed cylinder is no longer a cylinder (its cross-section turns elliptic), so no detector can see it; use a hull (a prism), or make it static or driven');
    if (!(typeof spec.density === 'number' && spec.density > 0 && Number.isFinite(spec.density))) {
      rd.fail(`a free body needs a positive finite density, got ${spec.density}`);
    }
    const props = eulerProperties(spec.shape, spec.density)!;
    // Mass grows as density × size³ and the Euler tensor as × size⁵: a huge body overflows them.
    if (!(props.mass < Infinity && props.euler.every((e) => Math.abs(e) < Infinity))) {
      rd.fail(`its mass (${props.mass}) or Euler tensor overflows: density ${spec.density} × its size is too large to represent; scene files bound sizes by 1e6 and densities by 1e9`);
    }
    if (type === 'hull') checkCentred(spec.shape.points, props.centroid, rd);
    const { young, poisson } = readMaterial(spec.material, rd);
    const { lambda, mu } = lame(young, poisson);
    Object.assign(init, { mass: props.mass, volume: props.volume, euler: props.euler, lambda, mu });
    init.velocity = rd.finite3(spec.velocity, 'velocity');
    init.angularVelocity = rd.finite3(spec.angularVelocity, 'angularVelocity');
    if (spec.initialDeformation !== undefined) init.deformation = readDeformation(spec.initialDeformation, rd);
    if (spec.initialVelocityGradient !== undefined) init.velocityGradient = readMatrix(spec.initialVelocityGradient, 'initialVelocityGradient', rd);
  } else if (spec.initialDeformation !== undefined || spec.initialVelocityGradient !== undefined) {
    rd.fail('only a free body starts deformed or with a velocity gradient; a static or driven body moves rigidly');
  }
  if (spec.motion.kind === 'driven') {
    Object.assign(init, readDrivenMotion(spec.motion, position, F, rd));
  }
  return init;
}

/** A row-major 3×3 of finite numbers from the spec's `field`. */
function readMatrix(values: readonly number[], field: string, rd: SpecReader): Float64Array {
  if (!Array.isArray(values) || values.length !== 9) rd.fail(`${field} must be 9 numbers (row-major 3×3), got ${JSON.stringify(values)}`);
  if (!values.every((x) => typeof x === 'number' && Number.isFinite(x))) rd.notFinite(field, values);
  return Float64Array.from(values);
}

/** F0 from `initialDeformation`, refused unless det F0 > 0. */
function readDeformation(values: readonly number[], rd: SpecReader): Float64Array {
  const F0 = readMatrix(values, 'initialDeformation', rd);
  const det = determinant3(F0, 0);
  if (!(det > 0)) rd.fail(`initialDeformation must have det F0 > 0 (a deformation gradient keeps volumes positive), got det F0 = ${det}`);
  return F0;
}

/** Young's modulus and Poisson's ratio of a free body, from the scene material (`young`, `poisson`). */
function readMaterial(material: BodySpec['material'], rd: SpecReader): { young: number; poisson: number } {
  const young = material?.young, poisson = material?.poisson;
  if (typeof young !== 'number' || typeof poisson !== 'number') {
    rd.fail(`a free pseudo-rigid body needs material.young and material.poisson (Saint Venant–Kirchhoff), got ${JSON.stringify(material ?? {})}; give its scene material "young" and "poisson"`);
  }
  if (!Number.isFinite(young) || !Number.isFinite(poisson)) rd.notFinite('material.young and material.poisson', { young, poisson });
  if (!(young > 0)) rd.fail(`material.young must be positive, got ${young}`);
  if (!(poisson > -1 && poisson < 0.5)) rd.fail(`material.poisson must be in (−1, 0.5), got ${poisson}`);
  return { young: young as number, poisson: poisson as number };
}

/**
 * The reference centre X̄ of paper 004 eq 1 is the mass centre (so the centre's momentum
 * decouples from F's, eq 16): a free hull's centroid must be the origin. Scene files get
 * this on reading; code that builds specs calls core's `toPrincipalFrame(spec)`.
 */
function checkCentred(points: readonly Vec3[], centroid: Vec3, rd: SpecReader): void {
  const size = Math.max(...points.map((p) => Math.hypot(p[0], p[1], p[2])));
  if (Math.hypot(...centroid) > CENTROID_TOLERANCE * size) {
    rd.fail(`the hull's centroid (${centroid.map((x) => x.toExponential(3)).join(', ')}) is not the reference origin; `
      + 'pass the spec through toPrincipalFrame(spec) from @moreau/core (scene files get this on reading)');
  }
}
