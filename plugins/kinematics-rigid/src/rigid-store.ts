import { growPerBody, loadBodyState, MotionCode, saveBodyState, setDrivenMotion, type DrivenMotions, type SavedArrays } from '@moreau/core/kernels';
import type { RigidBodyInit } from './body-spec.js';

/**
 * Rigid bodies as structure of arrays (DESIGN §7): position x[3n], rotation R[9n]
 * (row-major, reference → world), velocity u[6n] = [v world; ω body] per body, mass[n],
 * principal inertia J[3n], how each moves, and the prescribed motion of driven bodies
 * (world velocity and angular velocity, drive[6n]; start time from[n]; the pivot where the
 * motion starts, pivot[3n], and the centre's offset from it in the body frame, offset[3n]).
 * The prescribed motion is spec data: it never changes, so it is not saved. Arrays grow by
 * doubling; the per-body velocity views are made when a body is added and remade when
 * the arrays grow, so a view taken before a later `add` may be stale.
 */
export class RigidStore implements DrivenMotions {
  count = 0;
  motion = new Uint8Array(0);
  x = new Float64Array(0);
  R = new Float64Array(0);
  u = new Float64Array(0);
  mass = new Float64Array(0);
  J = new Float64Array(0);
  drive = new Float64Array(0);
  from = new Float64Array(0);
  pivot = new Float64Array(0);
  offset = new Float64Array(0);
  /** velocities[i] = u.subarray(6i, 6i + 6). */
  velocities: Float64Array[] = [];

  constructor(capacity = 8) {
    this.reserve(capacity);
  }

  /** Appends a checked body and returns its index. */
  add(b: RigidBodyInit): number {
    const i = this.count;
    if (i === this.motion.length) this.reserve(2 * i);
    this.motion[i] = b.motion;
    this.x.set(b.position, 3 * i);
    this.R.set(b.rotation, 9 * i);
    this.mass[i] = b.mass;
    this.J.set(b.inertia, 3 * i);
    if (b.motion === MotionCode.Driven) setDrivenMotion(this, i, b);
    this.count = i + 1;
    this.velocities.push(this.u.subarray(6 * i, 6 * i + 6));
    return i;
  }

  /** Every number needed to continue bit-identically: [version, count, x, R, u]. */
  save(): Float64Array {
    return saveBodyState(this.count, this.saved());
  }

  /** Restores a state saved from a store holding the same bodies (a plain number array, as read from JSON, is taken too). */
  load(saved: Float64Array | readonly number[]): void {
    loadBodyState('rigid', saved, this.count, this.saved());
  }

  /** What a saved state holds per body: position 3, rotation 9, velocity 6. */
  private saved(): SavedArrays {
    return [[this.x, 3], [this.R, 9], [this.u, 6]];
  }

  private reserve(capacity: number): void {
    const cap = Math.max(capacity, 1);
    const grow = <T extends Float64Array | Uint8Array>(a: T, per: number): T => growPerBody(a, cap, per);
    this.motion = grow(this.motion, 1);
    this.x = grow(this.x, 3);
    this.R = grow(this.R, 9);
    this.u = grow(this.u, 6);
    this.mass = grow(this.mass, 1);
    this.J = grow(this.J, 3);
    this.drive = grow(this.drive, 6);
    this.from = grow(this.from, 1);
    this.pivot = grow(this.pivot, 3);
    this.offset = grow(this.offset, 3);
    this.velocities = this.velocities.map((_, i) => this.u.subarray(6 * i, 6 * i + 6));
  }
}
