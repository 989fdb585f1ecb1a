import type { ContactSet, PreviousContacts } from '../contracts/dynamics.js';
import { MoreauError } from '../contracts/errors.js';
import { growF64, growI32, growU8 } from '../linalg/grow.js';
import { hypot3 } from '../linalg/hypot3.js';
import type { TorqueRows } from './torque-rows.js';

/** Numbers of a checkpoint row after its id: the reaction (3), the point (3), the frame (9). */
const ROW_NUMBERS = 15;
/** The same for a contact with a torque block, whose torques (3) follow. */
const TORQUE_ROW_NUMBERS = 18;

/**
 * The previous step's reactions, found again for this step's contacts (DESIGN §7).
 *
 * A contact inherits the reaction of last step's contact with the same id (bodyA, bodyB,
 * feature); failing that, of the nearest unclaimed contact of the same body pair. The
 * second rule keeps warm starts when a detector renumbers the points of a pair (the
 * clipped corners of two equal stacked boxes sit exactly on each other's edges, so
 * rounding decides how they are produced). The reaction is carried in world coordinates,
 * r_new = E_new E_oldᵀ r_old, so a frame that turned (or a tangent basis rebuilt from a
 * moved normal) does not scramble its tangential part.
 *
 * Both the table and the contacts are sorted by id, so pairs meet in one merge pass:
 * O(old + new) plus k² within a pair of k points; nothing is allocated once grown.
 *
 * A contact with rolling and spinning resistance has a torque block (`TorqueRows`) besides its
 * force block; its torques are kept under the contact's id, as a second reaction of that
 * contact, and carried to the new frame the same way (in the order t1, t2, n of the block).
 * Whether a contact has one depends on its bodies' materials only, so an inherited contact has
 * one exactly when its source had.
 */
export class WarmStartTable {
  count = 0;
  private bodyA: Int32Array = new Int32Array(0);
  private bodyB: Int32Array = new Int32Array(0);
  private feature: Int32Array = new Int32Array(0);
  private r: Float64Array = new Float64Array(0);
  private point: Float64Array = new Float64Array(0);
  private frame: Float64Array = new Float64Array(0);
  /** Per stored contact: its torque block [τ_u, τ_w, τ_n], when it has one (`hasTorque`). */
  private torque: Float64Array = new Float64Array(0);
  private hasTorque: Uint8Array = new Uint8Array(0);
  /** Per stored contact: claimed by a contact of the current look-up. */
  private claimed: Int32Array = new Int32Array(0);
  /** Per contact of the current look-up: the stored contact it inherits from, or −1. */
  private source: Int32Array = new Int32Array(0);

  /**
   * Writes the inherited reaction of each contact of `set` into out (3 per contact), zero for new
   * contacts; then, with `torque`, the inherited torques of each torque row p at out[3(nc + p)..].
   */
  lookUp(set: ContactSet, out: Float64Array, torque?: TorqueRows): Float64Array {
    this.source = growI32(this.source, set.count);
    this.claimed.fill(0, 0, this.count);
    let k = 0;
    for (let a = 0; a < set.count;) {
      const A = set.bodyA[a], B = set.bodyB[a];
      let aEnd = a;
      while (aEnd < set.count && set.bodyA[aEnd] === A && set.bodyB[aEnd] === B) aEnd++;
      while (k < this.count && (this.bodyA[k] - A || this.bodyB[k] - B) < 0) k++;
      let kEnd = k;
      while (kEnd < this.count && this.bodyA[kEnd] === A && this.bodyB[kEnd] === B) kEnd++;
      this.matchPair(set, a, aEnd, k, kEnd);
      a = aEnd;
      k = kEnd;
    }
    for (let a = 0; a < set.count; a++) this.carry(set, a, this.source[a], out);
    for (let p = 0; p < (torque?.count ?? 0); p++) {
      const a = torque!.contact[p];
      this.carryTorque(set, a, this.source[a], out, 3 * (set.count + p));
    }
    return out;
  }

  /** Remembers the contacts of `set` (sorted by id) with their reactions r, and the torques of `torque`'s rows (after the contacts in r). */
  store(set: ContactSet, r: Float64Array, torque?: TorqueRows): void {
    this.resize(set.count);
    this.bodyA.set(set.bodyA.subarray(0, set.count));
    this.bodyB.set(set.bodyB.subarray(0, set.count));
    this.feature.set(set.feature.subarray(0, set.count));
    this.r.set(r.subarray(0, 3 * set.count));
    this.point.set(set.point.subarray(0, 3 * set.count));
    this.frame.set(set.frame.subarray(0, 9 * set.count));
    this.hasTorque.fill(0, 0, set.count);
    for (let p = 0; p < (torque?.count ?? 0); p++) {
      const a = torque!.contact[p], o = 3 * (set.count + p);
      this.hasTorque[a] = 1;
      this.torque.set(r.subarray(o, o + 3), 3 * a);
    }
  }

  clear(): void {
    this.count = 0;
  }

  /** The stored contacts' ids and frames (views, valid until the next `store`): what a detector may start from. */
  get previous(): PreviousContacts {
    return { count: this.count, bodyA: this.bodyA, bodyB: this.bodyB, feature: this.feature, frame: this.frame };
  }

  /** The table as checkpoint rows: "bodyA:bodyB:feature", the reaction, the point and the frame, then the torques of a contact that has a torque block. */
  toRows(): Array<[string, ...number[]]> {
    const rows: Array<[string, ...number[]]> = [];
    for (let k = 0; k < this.count; k++) {
      rows.push([
        `${this.bodyA[k]}:${this.bodyB[k]}:${this.feature[k]}`,
        ...this.r.subarray(3 * k, 3 * k + 3), ...this.point.subarray(3 * k, 3 * k + 3), ...this.frame.subarray(9 * k, 9 * k + 9),
        ...(this.hasTorque[k] ? this.torque.subarray(3 * k, 3 * k + 3) : []),
      ]);
    }
    return rows;
  }

  /** Restores the table from checkpoint rows (which `toRows` wrote in id order). */
  fromRows(rows: ReadonlyArray<ReadonlyArray<unknown>>): void {
    this.resize(rows.length);
    rows.forEach((row, k) => {
      const ids = typeof row?.[0] === 'string' ? row[0].split(':').map(Number) : [];
      const numbers = Array.isArray(row) ? row.slice(1) : [];
      const length = numbers.length;
      if (ids.length !== 3 || !ids.every(Number.isInteger) || (length !== ROW_NUMBERS && length !== TORQUE_ROW_NUMBERS) || !numbers.every((x) => typeof x === 'number' && Number.isFinite(x))) {
        throw new MoreauError('E_FILE_FORMAT', `checkpoint reactions[${k}] must be ["bodyA:bodyB:feature", then ${ROW_NUMBERS} finite numbers: rN, rT1, rT2, the point (3) and the frame (9); then, for a contact with rolling resistance, its torques τu, τw, τn]`, { path: ['reactions', k] });
      }
      [this.bodyA[k], this.bodyB[k], this.feature[k]] = ids;
      this.r.set(numbers.slice(0, 3) as number[], 3 * k);
      this.point.set(numbers.slice(3, 6) as number[], 3 * k);
      this.frame.set(numbers.slice(6, 15) as number[], 9 * k);
      this.hasTorque[k] = length === TORQUE_ROW_NUMBERS ? 1 : 0;
      if (this.hasTorque[k]) this.torque.set(numbers.slice(15, 18) as number[], 3 * k);
      if (k > 0 && compare(this.bodyA[k - 1], this.bodyB[k - 1], this.feature[k - 1], ids[0], ids[1], ids[2]) > 0) {
        throw new MoreauError('E_FILE_FORMAT', `checkpoint reactions[${k}] is out of order (rows are sorted by bodyA, bodyB, feature)`, { path: ['reactions', k] });
      }
    });
  }

  /** Within one body pair: contacts [a0, a1) of the set against stored [k0, k1), by feature, then by nearest point. */
  private matchPair(set: ContactSet, a0: number, a1: number, k0: number, k1: number): void {
    const { claimed, source } = this;
    for (let a = a0, k = k0; a < a1; a++) {
      source[a] = -1;
      while (k < k1 && this.feature[k] < set.feature[a]) k++;
      if (k < k1 && this.feature[k] === set.feature[a]) {
        source[a] = k;
        claimed[k] = 1;
        k++;
      }
    }
    for (let a = a0; a < a1; a++) {
      if (source[a] >= 0) continue;
      let best = -1, bestDistance = Infinity;
      for (let k = k0; k < k1; k++) {
        if (claimed[k]) continue;
        const d = hypot3(set.point[3 * a] - this.point[3 * k], set.point[3 * a + 1] - this.point[3 * k + 1], set.point[3 * a + 2] - this.point[3 * k + 2]);
        if (d < bestDistance) { best = k; bestDistance = d; }
      }
      if (best >= 0) {
        source[a] = best;
        claimed[best] = 1;
      }
    }
  }

  /** out[3a..3a+3) = E_a E_kᵀ r_k: stored reaction k in contact a's frame (zero when k < 0). */
  private carry(set: ContactSet, a: number, k: number, out: Float64Array): void {
    if (k < 0) {
      out[3 * a] = out[3 * a + 1] = out[3 * a + 2] = 0;
      return;
    }
    const { r, frame } = this;
    const r0 = r[3 * k], r1 = r[3 * k + 1], r2 = r[3 * k + 2], f = 9 * k;
    // World reaction: Eᵀ r, the frame's rows weighted by r.
    const wx = frame[f] * r0 + frame[f + 3] * r1 + frame[f + 6] * r2;
    const wy = frame[f + 1] * r0 + frame[f + 4] * r1 + frame[f + 7] * r2;
    const wz = frame[f + 2] * r0 + frame[f + 5] * r1 + frame[f + 8] * r2;
    const e = set.frame, g = 9 * a;
    out[3 * a] = e[g] * wx + e[g + 1] * wy + e[g + 2] * wz;
    out[3 * a + 1] = e[g + 3] * wx + e[g + 4] * wy + e[g + 5] * wz;
    out[3 * a + 2] = e[g + 6] * wx + e[g + 7] * wy + e[g + 8] * wz;
  }

  /**
   * out[o..o+3) = stored contact k's torques [τ_u, τ_w, τ_n] in contact a's frame: the world torque
   * t1 τ_u + t2 τ_w + n τ_n of the old frame along the new t1, t2, n (zero when k < 0 or had none).
   */
  private carryTorque(set: ContactSet, a: number, k: number, out: Float64Array, o: number): void {
    if (k < 0 || !this.hasTorque[k]) {
      out[o] = out[o + 1] = out[o + 2] = 0;
      return;
    }
    const { torque, frame } = this;
    const tu = torque[3 * k], tw = torque[3 * k + 1], tn = torque[3 * k + 2], f = 9 * k;
    // Frame rows: n at f, t1 at f + 3, t2 at f + 6.
    const wx = frame[f + 3] * tu + frame[f + 6] * tw + frame[f] * tn;
    const wy = frame[f + 4] * tu + frame[f + 7] * tw + frame[f + 1] * tn;
    const wz = frame[f + 5] * tu + frame[f + 8] * tw + frame[f + 2] * tn;
    const e = set.frame, g = 9 * a;
    out[o] = e[g + 3] * wx + e[g + 4] * wy + e[g + 5] * wz;
    out[o + 1] = e[g + 6] * wx + e[g + 7] * wy + e[g + 8] * wz;
    out[o + 2] = e[g] * wx + e[g + 1] * wy + e[g + 2] * wz;
  }

  private resize(n: number): void {
    this.bodyA = growI32(this.bodyA, n);
    this.bodyB = growI32(this.bodyB, n);
    this.feature = growI32(this.feature, n);
    this.r = growF64(this.r, 3 * n);
    this.point = growF64(this.point, 3 * n);
    this.frame = growF64(this.frame, 9 * n);
    this.torque = growF64(this.torque, 3 * n);
    this.hasTorque = growU8(this.hasTorque, n);
    this.claimed = growI32(this.claimed, n);
    this.count = n;
  }
}

function compare(a1: number, b1: number, f1: number, a2: number, b2: number, f2: number): number {
  return a1 - a2 || b1 - b2 || f1 - f2;
}
