import { checkShapeSpec, MotionCode, readDrivenMotion, readMotionCode, readRotationSpec, specReader, type SpecReader } from '@moreau/core/kernels';
import { type BodySpec, type Vec3 } from '@moreau/core/contracts';
import { hullMassProperties, massProperties } from './mass-properties.js';

export { MotionCode, ROTATION_TOLERANCE } from '@moreau/core/kernels';

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
  const rd: SpecReader = specReader('rigid', spec);
  checkShapeSpec(spec.shape, rd, 'the rigid model takes sphere, box, ellipsoid, capsule, cylinder, hull and plane');
  const motion = readMotionCode(spec, rd);

  let mass = 0;
  let inertia: Vec3 = [0, 0, 0];
  if (motion === MotionCode.Free) {
    if (spec.shape.type === 'plane') rd.fail('a plane has no mass, so it cannot move freely; make it static or driven');
    if (!(typeof spec.density === 'number' && spec.density > 0 && Number.isFinite(spec.density))) {
      rd.fail(`a free body needs a positive finite density, got ${spec.density}`);
    }
    if (spec.shape.type === 'hull') checkPrincipal(spec.shape.points, spec.density, rd);
    const props = massProperties(spec.shape, spec.density)!;
    mass = props.mass;
    inertia = props.inertia;
    // Mass grows as density × size³ and inertia as × size⁵: a huge body overflows them.
    if (!(mass < Infinity && inertia.every((i) => i < Infinity))) {
      rd.fail(`its mass (${mass}) or inertia (${inertia.join(', ')}) overflows: density ${spec.density} × its size is too large to represent; scene files bound sizes by 1e6 and densities by 1e9`);
    }
  }

  const position = rd.finite3(spec.position, 'position');
  const rotation = readRotationSpec(spec.rotation, rd);
  if (spec.motion.kind === 'driven') {
    return { motion, mass, inertia, position, rotation, ...readDrivenMotion(spec.motion, position, rotation, rd) };
  }
  const still: Vec3 = [0, 0, 0];
  const free = motion === MotionCode.Free;
  const velocity = free ? rd.finite3(spec.velocity, 'velocity') : still;
  const angularVelocity = free ? rd.finite3(spec.angularVelocity, 'angularVelocity') : still;
  return { motion, mass, inertia, position, rotation, velocity, angularVelocity, from: 0, pivot: position, pivotOffset: [0, 0, 0] };
}

/**
 * The model keeps the inertia as principal moments about the reference centre, so a free hull
 * must be given in its principal frame with its centroid at the origin (the contract's
 * reference frame). Turning it here is not an option: the detector reads the same shape and
 * pose from the spec, so the spec itself must change. The scene reader does that; code that
 * builds specs calls core's `toPrincipalFrame(spec)`.
 */
function checkPrincipal(points: readonly Vec3[], density: number, rd: SpecReader): void {
  const props = hullMassProperties(points, density);
  const size = Math.max(...points.map((p) => Math.hypot(p[0], p[1], p[2])));
  const off = Math.hypot(...props.centroid);
  const largest = Math.max(...props.inertia);
  if (off > PRINCIPAL_TOLERANCE * size || props.offDiagonal > PRINCIPAL_TOLERANCE * largest) {
    rd.fail(`the hull is not in its principal frame (centroid ${props.centroid.map((x) => x.toExponential(3)).join(', ')} from the origin, `
      + `largest product of inertia ${(props.offDiagonal / largest).toExponential(2)} of the largest moment; need ≤ ${PRINCIPAL_TOLERANCE}). `
      + 'Pass the spec through toPrincipalFrame(spec) from @moreau/core, which moves the points there and the position and rotation to match (scene files get this on reading).');
  }
}
