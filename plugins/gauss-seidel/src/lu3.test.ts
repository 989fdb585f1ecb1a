import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import { lu3, luSolve3 } from './lu3.js';

function solve(A: number[], b: number[]): Float64Array | undefined {
  const lu = new Float64Array(9), perm = new Uint8Array(3), x = new Float64Array(3);
  if (!lu3(Float64Array.from(A), 0, lu, 0, perm, 0)) return undefined;
  luSolve3(lu, 0, perm, 0, Float64Array.from(b), 0, x, 0);
  return x;
}

describe('lu3', () => {
  test('should solve systems that need each row exchange', () => {
    const cases: number[][] = [
      [2, 1, 0, 1, 3, 1, 0, 1, 4], // no exchange
      [0, 1, 0, 1, 0, 0, 0, 0, 1], // rows 0 and 1
      [0, 0, 1, 0, 1, 0, 1, 0, 0], // rows 0 and 2
      [1, 0, 0, 0, 0, 1, 0, 1, 0], // rows 1 and 2 at the second step
      [0, 1, 0, 0, 0, 1, 1, 0, 0], // a cycle
    ];
    for (const A of cases) {
      const xTrue = [1, -2, 3];
      const b = [0, 1, 2].map((i) => A[3 * i] * xTrue[0] + A[3 * i + 1] * xTrue[1] + A[3 * i + 2] * xTrue[2]);
      const x = solve(A, b)!;
      [0, 1, 2].forEach((i) => expect(x[i]).toBeCloseTo(xTrue[i], 14));
    }
  });

  test('should report an exactly singular matrix', () => {
    expect(solve([1, 2, 3, 2, 4, 6, 0, 0, 1], [1, 1, 1])).toBeUndefined();
    expect(solve([1, 0, 0, 0, 1, 0, 0, 0, 0], [1, 1, 1])).toBeUndefined();
    // a zero column at each elimination step: no pivot there
    expect(solve([0, 1, 2, 0, 3, 4, 0, 5, 7], [1, 1, 1])).toBeUndefined();
    expect(solve([1, 2, 3, 2, 4, 5, 3, 6, 1], [1, 1, 1])).toBeUndefined();
    // a second pivot whose reciprocal overflows (1 / 1e-320): refused, though the third pivot
    // then comes out as 1 − ∞ with a finite (zero) reciprocal
    expect(solve([1, 0, 0, 0, 1e-320, 1, 0, 1e-321, 1], [1, 1, 1])).toBeUndefined();
  });

  test('should leave a backward-small residual ‖A x − b‖ ≈ ε‖A‖‖x‖ even when A is badly conditioned', () => {
    const num = fc.integer({ min: -1_000_000, max: 1_000_000 }).map((i) => i / 1_000_000);
    fc.assert(
      fc.property(fc.array(num, { minLength: 9, maxLength: 9 }), fc.array(num, { minLength: 3, maxLength: 3 }), fc.integer({ min: 0, max: 12 }), (M, b, digits) => {
        // A = v vᵀ + 10^-digits M: condition up to about 1e12.
        const v = [M[0], M[4], M[8]];
        const A = M.map((m, k) => v[Math.floor(k / 3)] * v[k % 3] + 10 ** -digits * m);
        const x = solve(A, b);
        fc.pre(x !== undefined && x.every(Number.isFinite));
        const normA = Math.max(...A.map(Math.abs));
        const normX = Math.max(...[...x!].map(Math.abs));
        for (let i = 0; i < 3; i++) {
          const ri = A[3 * i] * x![0] + A[3 * i + 1] * x![1] + A[3 * i + 2] * x![2] - b[i];
          expect(Math.abs(ri)).toBeLessThanOrEqual(64 * 2.2e-16 * (normA * normX + Math.abs(b[i])));
        }
      }),
      { numRuns: 3000 },
    );
  });
});
