import type { ContactSet } from '../plugin/dynamics-contracts.js';
import { MoreauError } from '../plugin/errors.js';
import { growF64, growI32 } from './grow.js';

/**
 * The previous step's reactions by contact id (bodyA, bodyB, feature) (DESIGN §7).
 * Both the table and the new contacts are sorted by id, so the look-up is one merge
 * pass: O(old + new), no hashing, no allocation once the buffers have grown.
 */
export class WarmStartTable {
  count = 0;
  private bodyA: Int32Array = new Int32Array(0);
  private bodyB: Int32Array = new Int32Array(0);
  private feature: Int32Array = new Int32Array(0);
  private r: Float64Array = new Float64Array(0);

  /** Writes the remembered reaction of each contact of `set` into out (3 per contact), zero for new contacts. */
  lookUp(set: ContactSet, out: Float64Array): Float64Array {
    let k = 0;
    for (let a = 0; a < set.count; a++) {
      const A = set.bodyA[a], B = set.bodyB[a], F = set.feature[a];
      while (k < this.count && compare(this.bodyA[k], this.bodyB[k], this.feature[k], A, B, F) < 0) k++;
      const hit = k < this.count && compare(this.bodyA[k], this.bodyB[k], this.feature[k], A, B, F) === 0;
      for (let c = 0; c < 3; c++) out[3 * a + c] = hit ? this.r[3 * k + c] : 0;
      if (hit) k++;
    }
    return out;
  }

  /** Remembers the reactions r of the contacts of `set` (sorted by id). */
  store(set: ContactSet, r: Float64Array): void {
    this.resize(set.count);
    for (let a = 0; a < set.count; a++) {
      this.bodyA[a] = set.bodyA[a];
      this.bodyB[a] = set.bodyB[a];
      this.feature[a] = set.feature[a];
    }
    this.r.set(r.subarray(0, 3 * set.count));
  }

  clear(): void {
    this.count = 0;
  }

  /** The table as checkpoint rows: "bodyA:bodyB:feature" and the reaction. */
  toRows(): Array<[string, number, number, number]> {
    const rows: Array<[string, number, number, number]> = [];
    for (let k = 0; k < this.count; k++) {
      rows.push([`${this.bodyA[k]}:${this.bodyB[k]}:${this.feature[k]}`, this.r[3 * k], this.r[3 * k + 1], this.r[3 * k + 2]]);
    }
    return rows;
  }

  /** Restores the table from checkpoint rows (which `toRows` wrote in id order). */
  fromRows(rows: ReadonlyArray<readonly [string, number, number, number]>): void {
    this.resize(rows.length);
    rows.forEach((row, k) => {
      const ids = typeof row?.[0] === 'string' ? row[0].split(':').map(Number) : [];
      if (ids.length !== 3 || !ids.every(Number.isInteger) || ![row[1], row[2], row[3]].every(Number.isFinite)) {
        throw new MoreauError('E_FILE_FORMAT', `checkpoint reactions[${k}] must be ["bodyA:bodyB:feature", rN, rT1, rT2] with finite numbers`, { path: ['reactions', k] });
      }
      [this.bodyA[k], this.bodyB[k], this.feature[k]] = ids;
      this.r[3 * k] = row[1];
      this.r[3 * k + 1] = row[2];
      this.r[3 * k + 2] = row[3];
      if (k > 0 && compare(this.bodyA[k - 1], this.bodyB[k - 1], this.feature[k - 1], ids[0], ids[1], ids[2]) > 0) {
        throw new MoreauError('E_FILE_FORMAT', `checkpoint reactions[${k}] is out of order (rows are sorted by bodyA, bodyB, feature)`, { path: ['reactions', k] });
      }
    });
  }

  private resize(n: number): void {
    this.bodyA = growI32(this.bodyA, n);
    this.bodyB = growI32(this.bodyB, n);
    this.feature = growI32(this.feature, n);
    this.r = growF64(this.r, 3 * n);
    this.count = n;
  }
}

function compare(a1: number, b1: number, f1: number, a2: number, b2: number, f2: number): number {
  return a1 - a2 || b1 - b2 || f1 - f2;
}
