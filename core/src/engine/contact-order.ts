/**
 * The permutation that sorts contacts by (bodyA, bodyB, feature), ties by index: a bottom-up
 * merge sort on Int32Arrays with the comparison written inline. It is stable and the order it
 * sorts by is total, so the permutation is the one `Array.prototype.sort` with the same
 * comparator gives, without the closure calls and the boxed index array that made the sort a
 * tenth of detecting the pseudo-rigid drum. Runs already in order (a body pair's contacts
 * come together) are copied without comparisons.
 * @returns the array holding the order: `order` or `scratch` (both of length ≥ n)
 */
export function contactOrder(
  bodyA: Int32Array, bodyB: Int32Array, feature: Int32Array, n: number, order: Int32Array, scratch: Int32Array,
): Int32Array {
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
