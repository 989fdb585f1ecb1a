import { MoreauError } from '@moreau/core';
import { MotionCode, type PseudoRigidInit } from './body-spec.js';

/** Version tag, first number of a saved state. */
const STATE_VERSION = 1;
/** Numbers saved per body: centre 3, F 9, velocity 12. */
const SAVED_PER_BODY = 24;

/**
 * Pseudo-rigid bodies as structure of arrays (DESIGN §7): centre x[3n], deformation gradient
 * F[9n] (row-major, reference → world), velocity u[12n] = [Ḟ row-major; ẋ̄] per body, mass[n],
 * reference volume[n], Euler tensor euler[9n], Lamé constants lambda[n], mu[n], the Cholesky
 * factor of each free body's deformation block of A in factor[81n], how each moves, and the
 * prescribed motion of driven bodies (drive[6n]: world velocity and angular velocity; from[n];
 * pivot[3n]; offset[3n], the centre's offset from the pivot in the reference frame). Arrays grow
 * by doubling; velocity views are remade when they grow, so take views after adding.
 */
export class PseudoRigidStore {
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
  factor = new Float64Array(0);
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
    this.x.set(b.position, 3 * i);
    this.F.set(b.F, 9 * i);
    this.mass[i] = b.mass;
    this.volume[i] = b.volume;
    this.euler.set(b.euler, 9 * i);
    this.lambda[i] = b.lambda;
    this.mu[i] = b.mu;
    if (b.motion === MotionCode.Driven) {
      this.drive.set(b.velocity, 6 * i);
      this.drive.set(b.angularVelocity, 6 * i + 3);
      this.from[i] = b.from;
      this.pivot.set(b.pivot, 3 * i);
      this.offset.set(b.pivotOffset, 3 * i);
    }
    this.count = i + 1;
    this.velocities.push(this.u.subarray(12 * i, 12 * i + 12));
    return i;
  }

  /** Every number needed to continue bit-identically: [version, count, x, F, u]. */
  save(): Float64Array {
    const n = this.count;
    const out = new Float64Array(2 + SAVED_PER_BODY * n);
    out[0] = STATE_VERSION;
    out[1] = n;
    out.set(this.x.subarray(0, 3 * n), 2);
    out.set(this.F.subarray(0, 9 * n), 2 + 3 * n);
    out.set(this.u.subarray(0, 12 * n), 2 + 12 * n);
    return out;
  }

  /** Restores a state saved from a store holding the same bodies (a plain number array is taken too). */
  load(saved: Float64Array | readonly number[]): void {
    const n = this.count;
    const state = Array.isArray(saved) ? Float64Array.from(saved) : saved;
    if (!(state instanceof Float64Array) || state.length !== 2 + SAVED_PER_BODY * n || state[0] !== STATE_VERSION || state[1] !== n) {
      const got = state instanceof Float64Array ? `${state.length} numbers (version ${state[0]}, ${state[1]} bodies)` : typeof state;
      throw new MoreauError('E_CONFIG',
        `pseudo-rigid kinematics: the saved state does not fit these ${n} bodies: expected ${2 + SAVED_PER_BODY * n} numbers (version ${STATE_VERSION}, ${n} bodies), got ${got}. Restore a state saved from the same scene.`);
    }
    for (let k = 2; k < state.length; k++) {
      if (!Number.isFinite(state[k])) throw new MoreauError('E_NOT_FINITE', `pseudo-rigid kinematics: the saved state holds ${state[k]} at ${k}`, { index: k });
    }
    this.x.set(state.subarray(2, 2 + 3 * n));
    this.F.set(state.subarray(2 + 3 * n, 2 + 12 * n));
    this.u.set(state.subarray(2 + 12 * n, 2 + 24 * n));
  }

  private reserve(capacity: number): void {
    const cap = Math.max(capacity, 1);
    const grow = <T extends Float64Array | Uint8Array>(a: T, per: number): T => {
      const b = new (a.constructor as new (k: number) => T)(cap * per);
      b.set(a);
      return b;
    };
    this.motion = grow(this.motion, 1);
    this.x = grow(this.x, 3);
    this.F = grow(this.F, 9);
    this.u = grow(this.u, 12);
    this.mass = grow(this.mass, 1);
    this.volume = grow(this.volume, 1);
    this.euler = grow(this.euler, 9);
    this.lambda = grow(this.lambda, 1);
    this.mu = grow(this.mu, 1);
    this.factor = grow(this.factor, 81);
    this.drive = grow(this.drive, 6);
    this.from = grow(this.from, 1);
    this.pivot = grow(this.pivot, 3);
    this.offset = grow(this.offset, 3);
    this.velocities = this.velocities.map((_, i) => this.u.subarray(12 * i, 12 * i + 12));
  }
}
