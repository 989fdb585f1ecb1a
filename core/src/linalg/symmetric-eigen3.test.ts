import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { symmetricEigen3 } from './symmetric-eigen3.js';
import { makeRandom } from './__fixtures__/random.js';

/** max |A Q − Q Λ|, max |Qᵀ Q − I| and det Q. */
function residuals(a: number[], values: Float64Array, q: Float64Array): { eigen: number; orthogonality: number; det: number } {
  let eigen = 0, orthogonality = 0;
  for (let i = 0; i < 3; i++) {
    for (let k = 0; k < 3; k++) {
      let aq = 0, qtq = 0;
      for (let j = 0; j < 3; j++) { aq += a[3 * i + j] * q[3 * j + k]; qtq += q[3 * j + i] * q[3 * j + k]; }
      eigen = Math.max(eigen, Math.abs(aq - q[3 * i + k] * values[k]));
      orthogonality = Math.max(orthogonality, Math.abs(qtq - (i === k ? 1 : 0)));
    }
  }
  const det = q[0] * (q[4] * q[8] - q[5] * q[7]) - q[1] * (q[3] * q[8] - q[5] * q[6]) + q[2] * (q[3] * q[7] - q[4] * q[6]);
  return { eigen, orthogonality, det };
}

/** Q diag(λ) Qᵀ for a random rotation Q (from a normalised quaternion). */
function withEigenvalues(lambda: number[], rand: () => number): number[] {
  let w = rand(), x = rand(), y = rand(), z = rand();
  const n = Math.hypot(w, x, y, z) || 1;
  w /= n; x /= n; y /= n; z /= n;
  const q = [
    1 - 2 * (y * y + z * z), 2 * (x * y - w * z), 2 * (x * z + w * y),
    2 * (x * y + w * z), 1 - 2 * (x * x + z * z), 2 * (y * z - w * x),
    2 * (x * z - w * y), 2 * (y * z + w * x), 1 - 2 * (x * x + y * y),
  ];
  const a = new Array<number>(9).fill(0);
  for (let i = 0; i < 3; i++) for (let j = 0; j < 3; j++) for (let k = 0; k < 3; k++) a[3 * i + j] += q[3 * i + k] * lambda[k] * q[3 * j + k];
  for (let i = 0; i < 3; i++) for (let j = 0; j < i; j++) a[3 * i + j] = a[3 * j + i];
  return a;
}

describe('symmetricEigen3', () => {
  test('should decompose random symmetric matrices: A Q = Q Λ, Q orthogonal with det +1', () => {
    fc.assert(fc.property(fc.integer({ min: 1, max: 2 ** 30 }), (seed) => {
      const rand = makeRandom(seed);
      const a = [rand(), rand(), rand(), 0, rand(), rand(), 0, 0, rand()];
      a[3] = a[1]; a[6] = a[2]; a[7] = a[5];
      const { values, vectors } = symmetricEigen3(a);
      const r = residuals(a, values, vectors);
      expect(r.eigen).toBeLessThan(1e-14);
      expect(r.orthogonality).toBeLessThan(1e-14);
      expect(r.det).toBeCloseTo(1, 14);
    }), { numRuns: 300 });
  });

  test('should recover known eigenvalues, repeated ones included', () => {
    const rand = makeRandom(7);
    for (const lambda of [[1, 2, 3], [2, 2, 5], [4, 4, 4], [1e-6, 1, 1e6], [-3, 0, 3]]) {
      const a = withEigenvalues(lambda, rand);
      const { values, vectors } = symmetricEigen3(a);
      expect([...values].sort((x, y) => x - y).map((x, k) => Math.abs(x - lambda[k]))
        .every((d) => d <= 1e-13 * Math.max(...lambda.map(Math.abs)))).toBe(true);
      const r = residuals(a, values, vectors);
      expect(r.eigen).toBeLessThan(1e-12 * Math.max(...lambda.map(Math.abs)));
      expect(r.orthogonality).toBeLessThan(1e-14);
    }
  });

  test('should leave a diagonal matrix and its axes exactly as they are', () => {
    const { values, vectors } = symmetricEigen3([3, 0, 0, 0, 1, 0, 0, 0, 2]);
    expect([...values]).toEqual([3, 1, 2]);
    expect([...vectors]).toEqual([1, 0, 0, 0, 1, 0, 0, 0, 1]);
  });

  test('should skip a pair that is already zero, even between equal diagonal entries', () => {
    // (0, 1) is zero with a00 = a11, where θ = 0/0; the others are not. Eigenvalues: 1 on
    // (1, −1, 0), and 1.5 ± √0.75 on span{(1, 1, 0), e3}.
    const a = [1, 0, 0.5, 0, 1, 0.5, 0.5, 0.5, 2];
    const { values, vectors } = symmetricEigen3(a);
    const sorted = [...values].sort((x, y) => x - y);
    const expected = [1.5 - Math.sqrt(0.75), 1, 1.5 + Math.sqrt(0.75)];
    for (let k = 0; k < 3; k++) expect(sorted[k]).toBeCloseTo(expected[k], 14);
    for (const v of vectors) expect(Number.isFinite(v)).toBe(true);
  });

  test('should write into a given output, reused call after call, the numbers of a fresh call', () => {
    const out = { values: new Float64Array(3), vectors: new Float64Array(9) };
    fc.assert(fc.property(fc.array(fc.double({ min: -10, max: 10, noNaN: true }), { minLength: 6, maxLength: 6 }), ([a, b, c, d, e, f]) => {
      const m = [a, b, c, b, d, e, c, e, f];
      const fresh = symmetricEigen3(m);
      expect(symmetricEigen3(m, out)).toBe(out);
      expect([...out.values]).toEqual([...fresh.values]);
      expect([...out.vectors]).toEqual([...fresh.vectors]);
    }), { numRuns: 300 });
  });
});

