import type { ContactSet } from '../contracts/dynamics.js';
import { MoreauError } from '../contracts/errors.js';
import type { RollingPairsInput } from '../problem/rolling-pairs.js';
import type { BodyTable } from './body-table.js';
import type { FrictionTable } from './friction-table.js';
import { growF64, growI32 } from '../linalg/grow.js';

/**
 * The contacts of a step with rolling and spinning resistance (paper 002, "Modeling
 * Rolling/Spinning"), each given a torque block row after the contacts: row nc + p holds
 * [τ_u, τ_w, τ_n] of contact `contact[p]`, the torques about t1, t2 and n (`ROLLING_CONTACT`
 * entries 3–5), and its velocity is the relative angular velocity of the two bodies,
 * w = [t1·(ω_A − ω_B), t2·(ω_A − ω_B), n·(ω_A − ω_B)].
 */
export interface TorqueRows {
  count: number;
  // Buffers longer than `count` (they grow and are reused); entries past it mean nothing.
  /** Per torque row: its contact, increasing. */
  contact: Int32Array;
  /** Per torque row: the pair's rolling and spinning resistance (ρ, σ). */
  rho: Float64Array;
  sigma: Float64Array;
}

/**
 * The frame of each torque row, rows (t1, t2, n) of its contact's frame (n, t1, t2): the order of
 * [τ_u, τ_w, τ_n]. (t1, t2, n) is right-handed as (n, t1, t2) is. @returns out (grown as needed)
 */
export function torqueFrames(set: ContactSet, torque: TorqueRows, out: Float64Array): Float64Array {
  out = growF64(out, 9 * torque.count);
  for (let p = 0; p < torque.count; p++) {
    const f = 9 * torque.contact[p], o = 9 * p;
    for (let k = 0; k < 3; k++) {
      out[o + k] = set.frame[f + 3 + k];
      out[o + 3 + k] = set.frame[f + 6 + k];
      out[o + 6 + k] = set.frame[f + k];
    }
  }
  return out;
}

/**
 * Body b's angular operator in the frame at frame[fo..fo+9) into out (3 × dofs), or E_UNSUPPORTED
 * when its kinematics has none (the scene is refused before this, `scene-support.ts`; this
 * guards a simulation built without that check).
 */
export function torqueOperator(bodies: BodyTable, b: number, frame: Float64Array, fo: number, out: Float64Array): void {
  const kin = bodies.kin[b];
  if (kin.angularOperator === undefined) {
    throw new MoreauError('E_UNSUPPORTED',
      `Kinematics "${kin.name}" gives no angular velocity rows (no angularOperator; supports.rolling is not true), but body ${b} is in a contact with rolling or spinning resistance; give that material pair rollingResistance and spinningResistance 0, or use a kinematics that supports them, such as rigid.`,
      { index: b });
  }
  kin.angularOperator(bodies.local[b], frame, fo, out);
}

/** No torque rows, with buffers to grow. */
export function noTorqueRows(): TorqueRows {
  return { count: 0, contact: new Int32Array(0), rho: new Float64Array(0), sigma: new Float64Array(0) };
}

/**
 * The torque rows of the contacts of `set` (sorted) whose bodies' material pair has a rolling or
 * spinning resistance, into `out` (grown as needed); none when no pair of the scene has one.
 * @returns out
 */
export function collectTorqueRows(set: ContactSet, friction: FrictionTable, out: TorqueRows): TorqueRows {
  out.count = 0;
  if (!friction.resistance) return out;
  const nc = set.count;
  out.contact = growI32(out.contact, nc);
  out.rho = growF64(out.rho, nc);
  out.sigma = growF64(out.sigma, nc);
  let np = 0;
  for (let a = 0; a < nc; a++) {
    const rho = friction.rollingOf(set.bodyA[a], set.bodyB[a]), sigma = friction.spinningOf(set.bodyA[a], set.bodyB[a]);
    if (!(rho > 0 || sigma > 0)) continue;
    out.contact[np] = a;
    out.rho[np] = rho;
    out.sigma[np] = sigma;
    np++;
  }
  out.count = np;
  return out;
}

/** The problem's `rolling` for torque rows after nc contacts: pair p is force row contact[p], torque row nc + p (fresh arrays: the problem outlives the buffers' next use). */
export function rollingInput(nc: number, torque: TorqueRows): RollingPairsInput {
  const np = torque.count;
  return {
    force: torque.contact.slice(0, np),
    torque: Int32Array.from({ length: np }, (_, p) => nc + p),
    rho: torque.rho.slice(0, np),
    sigma: torque.sigma.slice(0, np),
  };
}
