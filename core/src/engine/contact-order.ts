import type { ContactSet } from '../contracts/dynamics.js';

/** Sort scratch a caller keeps between sorts: grown, never shrunk (`contactOrder`). */
export interface OrderScratch {
  /** The order (returned) and a second buffer of the same length, ≥ n each. */
  order: Int32Array;
  spare: Int32Array;
  /** Counting sort buckets, one per body id + 1. */
  counts: Int32Array;
}

/**
 * The permutation that sorts contacts by (bodyA, bodyB, feature), ties by index. The order is
 * total, so every correct sort gives the same permutation: the one `Array.prototype.sort` with the
 * same comparator gives, without its closure calls and boxed index array.
 *
 * Body ids are indices into the scene's bodies, so two stable counting passes (by bodyB, then by
 * bodyA) put the contacts in (bodyA, bodyB, index) order in time linear in contacts + bodies, and an
 * insertion pass orders each body pair's few contacts by feature. That replaced a merge sort whose
 * log₂ n passes were a tenth of detecting a 64,000-sphere bed. Ids that are negative or far above
 * the contact count (a few contacts among many bodies) would make the buckets the cost: those lists
 * take the merge sort.
 * @param scratch the caller's buffers; `order` and `spare` must hold n entries, `counts` is grown here
 * @returns the array holding the order: `scratch.order` or `scratch.spare`
 */
export function contactOrder(
  bodyA: Int32Array, bodyB: Int32Array, feature: Int32Array, n: number, scratch: OrderScratch,
): Int32Array {
  let lo = 0, hi = -1;
  for (let i = 0; i < n; i++) {
    const a = bodyA[i], b = bodyB[i];
    lo = Math.min(lo, a, b);
    hi = Math.max(hi, a, b);
  }
  if (lo < 0 || hi >= 4 * n + 4096) return mergeOrder(bodyA, bodyB, feature, n, scratch.order, scratch.spare);
  if (scratch.counts.length < hi + 2) scratch.counts = new Int32Array(Math.max(hi + 2, 2 * scratch.counts.length));
  const { order, spare, counts } = scratch;
  for (let i = 0; i < n; i++) spare[i] = i;
  countingPass(bodyB, n, hi, spare, order, counts);
  countingPass(bodyA, n, hi, order, spare, counts);
  // In (bodyA, bodyB, index) order now: a pair's contacts are ordered by feature among themselves,
  // never moved past another pair's (so this pass costs Σ k² over pairs of k contacts, not n²).
  for (let i = 1; i < n; i++) {
    const x = spare[i], A = bodyA[x], B = bodyB[x];
    let j = i;
    while (j > 0 && bodyA[spare[j - 1]] === A && bodyB[spare[j - 1]] === B && before(bodyA, bodyB, feature, x, spare[j - 1])) {
      spare[j] = spare[j - 1];
      j--;
    }
    spare[j] = x;
  }
  return spare;
}

/** Stable counting sort of the indices in `src` by key[index] ∈ [0, hi], into `dst`. */
function countingPass(key: Int32Array, n: number, hi: number, src: Int32Array, dst: Int32Array, counts: Int32Array): void {
  counts.fill(0, 0, hi + 2);
  for (let i = 0; i < n; i++) counts[key[i] + 1]++;
  for (let k = 0; k <= hi; k++) counts[k + 1] += counts[k];
  for (let i = 0; i < n; i++) {
    const x = src[i];
    dst[counts[key[x]]++] = x;
  }
}

/**
 * The same order by a bottom-up merge sort with the comparison inline (for any ids). Runs already
 * in order are copied without comparisons.
 */
function mergeOrder(bodyA: Int32Array, bodyB: Int32Array, feature: Int32Array, n: number, order: Int32Array, scratch: Int32Array): Int32Array {
  let src = order, dst = scratch;
  for (let i = 0; i < n; i++) src[i] = i;
  for (let width = 1; width < n; width *= 2) {
    for (let lo = 0; lo < n; lo += 2 * width) {
      const mid = Math.min(lo + width, n), hi = Math.min(lo + 2 * width, n);
      if (mid >= hi || !before(bodyA, bodyB, feature, src[mid], src[mid - 1])) {
        for (let k = lo; k < hi; k++) dst[k] = src[k];
        continue;
      }
      let i = lo, j = mid, k = lo;
      while (i < mid && j < hi) dst[k++] = before(bodyA, bodyB, feature, src[j], src[i]) ? src[j++] : src[i++];
      while (i < mid) dst[k++] = src[i++];
      while (j < hi) dst[k++] = src[j++];
    }
    const t = src; src = dst; dst = t;
  }
  return src;
}

/** Whether contact x sorts strictly before contact y. */
function before(bodyA: Int32Array, bodyB: Int32Array, feature: Int32Array, x: number, y: number): boolean {
  const d = bodyA[x] - bodyA[y] || bodyB[x] - bodyB[y] || feature[x] - feature[y] || x - y;
  return d < 0;
}

/** Whether the contacts are already in (bodyA, bodyB, feature) order, the order `contactOrder` gives. */
export function inContactOrder(set: ContactSet): boolean {
  for (let a = 1; a < set.count; a++) {
    const d = set.bodyA[a] - set.bodyA[a - 1] || set.bodyB[a] - set.bodyB[a - 1] || set.feature[a] - set.feature[a - 1];
    if (d < 0) return false;
  }
  return true;
}
