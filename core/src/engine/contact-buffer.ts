import type { ContactBufferLike } from '../contracts/dynamics.js';
import { completeFrame } from '../geometry/contact-frame.js';
import { contactOrder, inContactOrder, type OrderScratch } from './contact-order.js';
import { growF64, growI32 } from '../linalg/grow.js';

/**
 * Contact points as structure of arrays (DESIGN §7). Grows, never shrinks, so a
 * simulation reuses its buffers from step to step. Frames are completed from the
 * normal deterministically (see `completeFrame`).
 */
export class ContactBuffer implements ContactBufferLike {
  count = 0;
  bodyA = new Int32Array(0);
  bodyB = new Int32Array(0);
  feature = new Int32Array(0);
  point = new Float64Array(0);
  frame = new Float64Array(0);
  gap = new Float64Array(0);
  /** Sort scratch (`contactOrder`), and a copy of the array being permuted. */
  private readonly orderScratch: OrderScratch = { order: new Int32Array(0), spare: new Int32Array(0), counts: new Int32Array(0) };
  private copy: Float64Array = new Float64Array(0);

  constructor(capacity = 64) {
    this.reserve(capacity);
  }

  clear(): void {
    this.count = 0;
  }

  /** Makes room for `capacity` contacts, keeping the ones held. */
  reserve(capacity: number): void {
    if (capacity <= this.bodyA.length) return;
    const grow = <T extends Int32Array | Float64Array>(a: T, per: number): T => {
      const b = new (a.constructor as new (n: number) => T)(capacity * per);
      b.set(a.subarray(0, this.count * per));
      return b;
    };
    this.bodyA = grow(this.bodyA, 1);
    this.bodyB = grow(this.bodyB, 1);
    this.feature = grow(this.feature, 1);
    this.point = grow(this.point, 3);
    this.frame = grow(this.frame, 9);
    this.gap = grow(this.gap, 1);
  }

  push(bodyA: number, bodyB: number, feature: number, px: number, py: number, pz: number,
       nx: number, ny: number, nz: number, gap: number): number {
    const k = this.count;
    if (k === this.bodyA.length) this.reserve(Math.max(64, 2 * k));
    this.bodyA[k] = bodyA;
    this.bodyB[k] = bodyB;
    this.feature[k] = feature;
    this.point[3 * k] = px;
    this.point[3 * k + 1] = py;
    this.point[3 * k + 2] = pz;
    completeFrame(nx, ny, nz, this.frame, 9 * k);
    this.gap[k] = gap;
    this.count = k + 1;
    return k;
  }

  /** Sorts by (bodyA, bodyB, feature): the engine's deterministic contact order. */
  sort(): void {
    // A detector that writes its contacts in order (the built-in one does) costs one pass here;
    // any other list has a pair out of order, so its permutation is never the identity.
    if (inContactOrder(this)) return;
    const n = this.count;
    const scratch = this.orderScratch;
    scratch.order = growI32(scratch.order, n);
    scratch.spare = growI32(scratch.spare, n);
    const order = contactOrder(this.bodyA, this.bodyB, this.feature, n, scratch);
    this.permute(this.bodyA, 1, order);
    this.permute(this.bodyB, 1, order);
    this.permute(this.feature, 1, order);
    this.permute(this.point, 3, order);
    this.permute(this.frame, 9, order);
    this.permute(this.gap, 1, order);
  }

  /** Keeps the contacts with keep[a] = 1, in their order (a sorted list stays sorted). */
  retain(keep: Uint8Array): void {
    let n = 0;
    for (let a = 0; a < this.count; a++) {
      if (!keep[a]) continue;
      if (n !== a) {
        this.bodyA[n] = this.bodyA[a];
        this.bodyB[n] = this.bodyB[a];
        this.feature[n] = this.feature[a];
        this.gap[n] = this.gap[a];
        for (let c = 0; c < 3; c++) this.point[3 * n + c] = this.point[3 * a + c];
        for (let c = 0; c < 9; c++) this.frame[9 * n + c] = this.frame[9 * a + c];
      }
      n++;
    }
    this.count = n;
  }

  /** a[i] ← a[order[i]] (per numbers each), through a reused copy. */
  private permute(a: Int32Array | Float64Array, per: 1 | 3 | 9, order: Int32Array): void {
    const n = this.count;
    this.copy = growF64(this.copy, n * per);
    const copy = this.copy;
    // Int32 values are exact in a Float64Array.
    copy.set(a.subarray(0, n * per));
    // One loop per width, its body unrolled: the general loop over c was most of the sort's cost.
    if (per === 1) {
      for (let i = 0; i < n; i++) a[i] = copy[order[i]];
    } else if (per === 3) {
      for (let i = 0; i < n; i++) {
        const s = 3 * order[i], d = 3 * i;
        a[d] = copy[s]; a[d + 1] = copy[s + 1]; a[d + 2] = copy[s + 2];
      }
    } else {
      for (let i = 0; i < n; i++) {
        const s = 9 * order[i], d = 9 * i;
        a[d] = copy[s]; a[d + 1] = copy[s + 1]; a[d + 2] = copy[s + 2];
        a[d + 3] = copy[s + 3]; a[d + 4] = copy[s + 4]; a[d + 5] = copy[s + 5];
        a[d + 6] = copy[s + 6]; a[d + 7] = copy[s + 7]; a[d + 8] = copy[s + 8];
      }
    }
  }
}
