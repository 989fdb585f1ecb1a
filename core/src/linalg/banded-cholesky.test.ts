import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { bandedCholeskyFactor, bandedCholeskySolve } from './banded-cholesky.js';
import { makeRandom, randomVector } from './__fixtures__/random.js';

/** A random SPD band matrix of half-bandwidth b (diagonally dominant), dense row-major. */
function spdBand(n: number, b: number, rand: () => number): Float64Array {
  const a = new Float64Array(n * n);
  for (let i = 0; i < n; i++) {
    for (let j = Math.max(0, i - b); j < i; j++) a[i * n + j] = a[j * n + i] = rand();
  }
  for (let i = 0; i < n; i++) {
    let s = 1;
    for (let j = 0; j < n; j++) if (j !== i) s += Math.abs(a[i * n + j]);
    a[i * n + i] = s;
  }
  return a;
}

function lowerBand(a: Float64Array, n: number, b: number): Float64Array {
  const l = new Float64Array(n * (b + 1));
  for (let i = 0; i < n; i++) for (let j = Math.max(0, i - b); j <= i; j++) l[i * (b + 1) + j - i + b] = a[i * n + j];
  return l;
}

describe('banded Cholesky', () => {
  test('should solve SPD band systems: A x = b to a residual of 1e-12 relative', () => {
    fc.assert(fc.property(fc.integer({ min: 1, max: 30 }), fc.integer({ min: 0, max: 6 }), fc.integer({ min: 1, max: 2 ** 30 }), (n, b0, seed) => {
      const b = Math.min(b0, n - 1);
      const rand = makeRandom(seed);
      const a = spdBand(n, b, rand);
      const rhs = randomVector(n, rand);
      const f = bandedCholeskyFactor(lowerBand(a, n, b), n, b);
      expect(f).not.toBeNull();
      const x = rhs.slice();
      bandedCholeskySolve(f!, x);
      // Diagonally dominant: cond(A) is small, so a backward-stable solve leaves a residual near eps · ‖A‖ ‖x‖.
      let res = 0, scale = 0;
      for (let i = 0; i < n; i++) {
        let s = -rhs[i];
        for (let j = 0; j < n; j++) s += a[i * n + j] * x[j];
        res = Math.max(res, Math.abs(s));
        scale = Math.max(scale, Math.abs(rhs[i]));
      }
      expect(res).toBeLessThanOrEqual(1e-12 * Math.max(scale, 1) * n);
    }));
  });

  test('should return null for a matrix that is not positive definite', () => {
    // [[1, 2], [2, 1]] has eigenvalues 3 and −1.
    expect(bandedCholeskyFactor(Float64Array.of(0, 1, 2, 1), 2, 1)).toBeNull();
    expect(bandedCholeskyFactor(Float64Array.of(0), 1, 0)).toBeNull();
  });
});
