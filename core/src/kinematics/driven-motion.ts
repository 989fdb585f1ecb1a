import { expSkew, multiplyLeft, reorthonormalize } from '../linalg/rotation3.js';
import type { Vec3 } from '../contracts/dynamics.js';

/** How a body moves, as a kinematics store keeps it (a byte per body). */
export const MotionCode = { Free: 0, Static: 1, Driven: 2 } as const;
export type MotionCode = (typeof MotionCode)[keyof typeof MotionCode];

/**
 * The prescribed rigid motion of driven bodies, as structure of arrays: world velocity v and
 * world angular velocity ω (drive[6n]), start time (from[n]), the world pivot where the motion
 * starts (pivot[3n]) and the centre's offset d from it in the body frame (offset[3n]). It is
 * spec data: it never changes, so a store does not save it.
 */
export interface DrivenMotions {
  drive: Float64Array;
  from: Float64Array;
  pivot: Float64Array;
  offset: Float64Array;
}

/** A driven body's motion as read from its spec (see `readDrivenMotion`). */
export interface DrivenMotionInit {
  velocity: Vec3;
  angularVelocity: Vec3;
  from: number;
  pivot: Vec3;
  pivotOffset: Vec3;
}

/** Writes body i's prescribed motion into the arrays (sized by the caller). */
export function setDrivenMotion(m: DrivenMotions, i: number, b: DrivenMotionInit): void {
  m.drive.set(b.velocity, 6 * i);
  m.drive.set(b.angularVelocity, 6 * i + 3);
  m.from[i] = b.from;
  m.pivot.set(b.pivot, 3 * i);
  m.offset.set(b.pivotOffset, 3 * i);
}

/**
 * One step of driven body i's rigid motion (pivot velocity v, world angular velocity ω, both
 * constant), exact for any dt: the pivot moves to p + v dt and everything turns by Rot(ω dt)
 * about it, so
 *   R ← Rot(ω dt) R,   c ← p + v dt + Rot(ω dt)(c − p).
 * The centre is placed from the orientation as c = p + v dt + R d, which is the same point:
 * R already carries Rot(ω dt), and c − p = R d. R stays orthonormal to rounding (one
 * Newton–Schulz step), so |c − p| = |d| never drifts, and bodies sharing a pivot and ω are
 * moved by one and the same rotation, so they stay one rigid set. The pivot p is the spec's
 * while v = 0 (it never moves); otherwise the current one, c − R d. No pivot is d = 0:
 * c ← c + v dt. x[3n] holds the centres, R[9n] the orientations (row-major); `scratch` takes
 * 9 numbers.
 */
export function stepDrivenMotion(
  m: DrivenMotions, i: number, dt: number, x: Float64Array, R: Float64Array, scratch: Float64Array,
): void {
  const { drive, pivot, offset } = m;
  const o = 6 * i, r = 9 * i, q = 3 * i;
  const vx = drive[o], vy = drive[o + 1], vz = drive[o + 2];
  const dx = offset[q], dy = offset[q + 1], dz = offset[q + 2];
  let px = pivot[q], py = pivot[q + 1], pz = pivot[q + 2];
  if (vx !== 0 || vy !== 0 || vz !== 0) {
    px = x[q] - (R[r] * dx + R[r + 1] * dy + R[r + 2] * dz);
    py = x[q + 1] - (R[r + 3] * dx + R[r + 4] * dy + R[r + 5] * dz);
    pz = x[q + 2] - (R[r + 6] * dx + R[r + 7] * dy + R[r + 8] * dz);
  }
  const wx = drive[o + 3], wy = drive[o + 4], wz = drive[o + 5];
  if (wx !== 0 || wy !== 0 || wz !== 0) {
    expSkew(dt * wx, dt * wy, dt * wz, scratch, 0);
    multiplyLeft(R, r, scratch, 0);
    reorthonormalize(R, r);
  }
  x[q] = px + dt * vx + (R[r] * dx + R[r + 1] * dy + R[r + 2] * dz);
  x[q + 1] = py + dt * vy + (R[r + 3] * dx + R[r + 4] * dy + R[r + 5] * dz);
  x[q + 2] = pz + dt * vz + (R[r + 6] * dx + R[r + 7] * dy + R[r + 8] * dz);
}

/**
 * out[oo..oo+3) = v + ω × (R d): the velocity of driven body i's centre at its current
 * orientation R[9i..9i+9) (c − p = R d).
 */
export function drivenCentreVelocity(m: DrivenMotions, i: number, R: Float64Array, out: Float64Array, oo: number): void {
  const { drive, offset } = m;
  const o = 6 * i, r = 9 * i, q = 3 * i;
  const dx = offset[q], dy = offset[q + 1], dz = offset[q + 2];
  const ax = R[r] * dx + R[r + 1] * dy + R[r + 2] * dz;
  const ay = R[r + 3] * dx + R[r + 4] * dy + R[r + 5] * dz;
  const az = R[r + 6] * dx + R[r + 7] * dy + R[r + 8] * dz;
  const wx = drive[o + 3], wy = drive[o + 4], wz = drive[o + 5];
  out[oo] = drive[o] + (wy * az - wz * ay);
  out[oo + 1] = drive[o + 1] + (wz * ax - wx * az);
  out[oo + 2] = drive[o + 2] + (wx * ay - wy * ax);
}
