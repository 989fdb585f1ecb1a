import { growPerBody, loadBodyState, MotionCode, saveBodyState, setDrivenMotion, type DrivenMotions, type SavedArrays } from '@moreau/core/kernels';
import type { PseudoRigidInit } from './body-spec.js';

/**
 * Pseudo-rigid bodies as structure of arrays (DESIGN §7): centre x[3n], deformation gradient
 * F[9n] (row-major, reference → world), velocity u[12n] = [Ḟ row-major; ẋ̄] per body, mass[n],
 * reference volume[n], Euler tensor euler[9n], Lamé constants lambda[n], mu[n], the
 * inverse of each free body's deformation block of A in inverse[81n], the bounding tangent D̂ of
 * each free body at its current F in tangent[81n] where tangentFresh[i] is 1 (a cache: A and the
 * damping force take the same D̂ in one step; anything that moves F clears the flag), how each moves, and the
 * prescribed motion of driven bodies (drive[6n]: world velocity and angular velocity; from[n];
 * pivot[3n]; offset[3n], the centre's offset from the pivot in the reference frame). Arrays grow
 * by doubling; velocity views are remade when they grow, so take views after adding.
 */
export class PseudoRigidStore implements DrivenMotions {
  count = 0;
  motion = new Uint8Array(0);
  x = new Float64Array(0);
  F = new Float64Array(0);
  u = new Float64Array(0);
  mass = new Float64Array(0);
  volume = new Float64Array(0);
  euler = new Float64Array(0);
  lambda = new Float64Array(0);
  mu = new Float64Array(0);
  inverse = new Float64Array(0);
  tangent = new Float64Array(0);
  tangentFresh = new Uint8Array(0);
  drive = new Float64Array(0);
  from = new Float64Array(0);
  pivot = new Float64Array(0);
  offset = new Float64Array(0);
  /** velocities[i] = u.subarray(12i, 12i + 12). */
  velocities: Float64Array[] = [];

  constructor(capacity = 8) {
    this.reserve(capacity);
  }

  /** Appends a checked body and returns its index (its velocity is left zero). */
  add(b: PseudoRigidInit): number {
    const i = this.count;
    if (i === this.motion.length) this.reserve(2 * i);
    this.motion[i] = b.motion;
    this.tangentFresh[i] = 0;
    this.x.set(b.position, 3 * i);
    this.F.set(b.F, 9 * i);
    this.mass[i] = b.mass;
    this.volume[i] = b.volume;
    this.euler.set(b.euler, 9 * i);
    this.lambda[i] = b.lambda;
    this.mu[i] = b.mu;
    if (b.motion === MotionCode.Driven) setDrivenMotion(this, i, b);
    this.count = i + 1;
    this.velocities.push(this.u.subarray(12 * i, 12 * i + 12));
    return i;
  }

  /** Every number needed to continue bit-identically: [version, count, x, F, u]. */
  save(): Float64Array {
    return saveBodyState(this.count, this.saved());
  }

  /** Restores a state saved from a store holding the same bodies (a plain number array is taken too). */
  load(saved: Float64Array | readonly number[]): void {
    loadBodyState('pseudo-rigid', saved, this.count, this.saved());
    this.tangentFresh.fill(0);
  }

  /** What a saved state holds per body: centre 3, F 9, velocity 12. */
  private saved(): SavedArrays {
    return [[this.x, 3], [this.F, 9], [this.u, 12]];
  }

  private reserve(capacity: number): void {
    const cap = Math.max(capacity, 1);
    const grow = <T extends Float64Array | Uint8Array>(a: T, per: number): T => growPerBody(a, cap, per);
    this.motion = grow(this.motion, 1);
    this.x = grow(this.x, 3);
    this.F = grow(this.F, 9);
    this.u = grow(this.u, 12);
    this.mass = grow(this.mass, 1);
    this.volume = grow(this.volume, 1);
    this.euler = grow(this.euler, 9);
    this.lambda = grow(this.lambda, 1);
    this.mu = grow(this.mu, 1);
    this.inverse = grow(this.inverse, 81);
    this.tangent = grow(this.tangent, 81);
    this.tangentFresh = grow(this.tangentFresh, 1);
    this.drive = grow(this.drive, 6);
    this.from = grow(this.from, 1);
    this.pivot = grow(this.pivot, 3);
    this.offset = grow(this.offset, 3);
    this.velocities = this.velocities.map((_, i) => this.u.subarray(12 * i, 12 * i + 12));
  }
}
