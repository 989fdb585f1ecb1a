import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { isMoreauError } from '../contracts/errors.js';
import { BlockSparseMatrix } from '../problem/block-sparse-matrix.js';
import { denseMul } from './dense.js';
import { lambdaMaxSymmetricPart, PowerIteration } from './power-iteration.js';
import { makeRandom, randomBsr, randomVector } from './__fixtures__/random.js';

/** Eigenvalues of a symmetric matrix by cyclic Jacobi rotations (the reference, independent of power iteration). */
function jacobiEigenvalues(input: Float64Array, n: number): number[] {
  const a = Float64Array.from(input);
  for (let sweep = 0; sweep < 100; sweep++) {
    let off = 0;
    for (let p = 0; p < n; p++) for (let q = p + 1; q < n; q++) off += a[p * n + q] ** 2;
    if (off < 1e-30) break;
    for (let p = 0; p < n; p++) {
      for (let q = p + 1; q < n; q++) {
        const apq = a[p * n + q];
        if (apq === 0) continue;
        const theta = (a[q * n + q] - a[p * n + p]) / (2 * apq);
        const t = Math.sign(theta || 1) / (Math.abs(theta) + Math.sqrt(theta * theta + 1));
        const c = 1 / Math.sqrt(t * t + 1), s = t * c;
        for (let k = 0; k < n; k++) { // columns p, q
          const akp = a[k * n + p], akq = a[k * n + q];
          a[k * n + p] = c * akp - s * akq;
          a[k * n + q] = s * akp + c * akq;
        }
        for (let k = 0; k < n; k++) { // rows p, q
          const apk = a[p * n + k], aqk = a[q * n + k];
          a[p * n + k] = c * apk - s * aqk;
          a[q * n + k] = s * apk + c * aqk;
        }
      }
    }
  }
  return Array.from({ length: n }, (_, i) => a[i * n + i]).sort((x, y) => x - y);
}

function symmetricPart(d: Float64Array, n: number): Float64Array {
  const s = new Float64Array(n * n);
  for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) s[i * n + j] = 0.5 * (d[i * n + j] + d[j * n + i]);
  return s;
}

describe('Jacobi eigenvalue reference', () => {
  test('should find the eigenvalues of a known matrix', () => {
    // [[2,1],[1,2]] has eigenvalues 1 and 3
    const ev = jacobiEigenvalues(Float64Array.of(2, 1, 1, 2), 2);
    expect(ev[0]).toBeCloseTo(1, 14);
    expect(ev[1]).toBeCloseTo(3, 14);
  });
});

describe('power iteration', () => {
  test('should estimate λ_max of the symmetric part of random block-sparse W, matching Jacobi', () => {
    fc.assert(fc.property(fc.integer({ min: 1, max: 8 }), fc.integer({ min: 1, max: 2 ** 30 }), (nb, seed) => {
      const rand = makeRandom(seed);
      const W = randomBsr(nb, 0.5, rand, 0.5);
      const ev = jacobiEigenvalues(symmetricPart(W.toDense(), W.size), W.size);
      const lmax = ev[ev.length - 1];
      const scale = Math.max(...ev.map(Math.abs));
      const res = new PowerIteration(W.size).symmetricPart(W, { tolerance: 1e-12, maxIterations: 20_000 });
      // a Rayleigh quotient never exceeds λ_max
      expect(res.lambda).toBeLessThanOrEqual(lmax + 1e-12 * scale);
      if (res.converged) expect(res.lambda).toBeGreaterThanOrEqual(lmax - 1e-4 * scale);
    }), { numRuns: 150 });
  });

  test('should converge to 1e-8 on a PSD Delassus-like W with a clear spectral gap', () => {
    const rand = makeRandom(5);
    const n = 30;
    // W = H Hᵀ + 0.1 I: symmetric positive definite
    const h = randomVector(n * n, rand);
    const d = new Float64Array(n * n);
    for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) {
      let s = i === j ? 0.1 : 0;
      for (let k = 0; k < n; k++) s += h[i * n + k] * h[j * n + k];
      d[i * n + j] = s;
    }
    const W = BlockSparseMatrix.fromDense(n, d);
    const ev = jacobiEigenvalues(d, n);
    const res = new PowerIteration(n).symmetricPart(W, { tolerance: 1e-14, maxIterations: 5000 }, true);
    expect(res.converged).toBe(true);
    expect(Math.abs(res.lambda - ev[n - 1])).toBeLessThan(1e-8 * ev[n - 1]);
    expect(res.residual).toBeLessThan(1e-5 * ev[n - 1]);
  });

  test('should find λ_max when the eigenvalue of largest magnitude is negative', () => {
    // eigenvalues −5, 1, 2: plain power iteration would return −5
    const d = Float64Array.of(-5, 0, 0, 0, 1, 0, 0, 0, 2);
    const res = new PowerIteration(3).run((x, out) => { denseMul(d, 3, x, out); }, { tolerance: 1e-13, maxIterations: 10_000 });
    expect(res.converged).toBe(true);
    expect(res.lambda).toBeCloseTo(2, 8);
  });

  test('should give the same bits twice and reuse its workspace', () => {
    const rand = makeRandom(8);
    const W = randomBsr(10, 0.4, rand, 1);
    const pi = new PowerIteration(W.size);
    const a = pi.symmetricPart(W);
    const b = pi.symmetricPart(W);
    expect(b).toEqual(a);
    expect(lambdaMaxSymmetricPart(W)).toEqual(a);
  });

  test('should stop at the cap and say it did not converge', () => {
    const rand = makeRandom(9);
    const W = randomBsr(10, 0.4, rand, 1);
    const res = new PowerIteration(W.size).symmetricPart(W, { tolerance: 0, maxIterations: 3 });
    expect(res.converged).toBe(false);
    expect(res.iterations).toBeLessThanOrEqual(6); // two passes at most
    expect(Number.isFinite(res.lambda)).toBe(true);
  });

  test('should return 0 for the zero matrix and for n = 0', () => {
    expect(new PowerIteration(6).run((_x, out) => { out.fill(0); })).toMatchObject({ lambda: 0, converged: true });
    expect(new PowerIteration(0).run(() => {})).toMatchObject({ lambda: 0, iterations: 0 });
  });

  test('should reject bad options, mismatched sizes and non-finite operators with codes', () => {
    const codeOf = (fn: () => unknown) => { try { fn(); } catch (e) { return isMoreauError(e) ? e.code : 'other'; } return undefined; };
    const W = randomBsr(2, 1, makeRandom(1));
    expect(codeOf(() => new PowerIteration(3).symmetricPart(W))).toBe('E_PROBLEM_SHAPE');
    expect(codeOf(() => new PowerIteration(6).symmetricPart(W, { maxIterations: 0 }))).toBe('E_CONFIG');
    expect(codeOf(() => new PowerIteration(6).symmetricPart(W, { tolerance: -1 }))).toBe('E_CONFIG');
    expect(codeOf(() => new PowerIteration(6).run((_x, out) => { out.fill(Number.NaN); }))).toBe('E_NOT_FINITE');
  });

  test('should refuse a size that is negative or not an integer, naming itself', () => {
    for (const n of [-1, 1.5]) {
      let caught: unknown;
      try { new PowerIteration(n); } catch (e) { caught = e; }
      expect(isMoreauError(caught, 'E_CONFIG')).toBe(true);
      expect(String((caught as Error).message)).toMatch(/PowerIteration/);
    }
  });

  test('should accept maxIterations = 1 and never apply the operator more than maxIterations times', () => {
    const diag = (d: number[]) => (x: Float64Array, out: Float64Array) => { for (let i = 0; i < d.length; i++) out[i] = d[i] * x[i]; };
    let calls = 0;
    const slow = diag([1, 0.99, 0.98, 0.5]);
    const counted = (x: Float64Array, out: Float64Array) => { calls++; slow(x, out); };
    const one = new PowerIteration(4).run(counted, { maxIterations: 1 });
    expect([one.iterations, calls]).toEqual([1, 1]);
    calls = 0;
    const three = new PowerIteration(4).run(counted, { maxIterations: 3, tolerance: 0 });
    expect([three.iterations, calls, three.converged]).toEqual([3, 3, false]);
    // the residual bounds the distance to the nearest eigenvalue, and is not 0 before convergence
    expect(three.residual).toBeGreaterThan(0);
    expect(Math.min(...[1, 0.99, 0.98, 0.5].map((l) => Math.abs(l - three.lambda)))).toBeLessThanOrEqual(three.residual);
  });

  test('should stop on the change relative to |λ|, also for a small λ', () => {
    // λ = 1e-3 with λ2/λ1 = 0.9: tolerance 1e-10 relative must give λ to about that
    const d = [1e-3, 0.9e-3, 0.5e-3, 0.1e-3];
    const res = new PowerIteration(4).run((x, out) => { for (let i = 0; i < 4; i++) out[i] = d[i] * x[i]; }, { tolerance: 1e-10, maxIterations: 5000 });
    expect(res.converged).toBe(true);
    expect(Math.abs(res.lambda - 1e-3)).toBeLessThanOrEqual(1e-8 * 1e-3);
  });

  test('should apply the operator once for the zero matrix, and add both passes for a negative one', () => {
    let calls = 0;
    const zero = new PowerIteration(3).run((_x, out) => { calls++; out.fill(0); });
    expect([zero.lambda, zero.iterations, zero.converged, calls]).toEqual([0, 1, true, 1]);
    calls = 0;
    const neg = new PowerIteration(2).run((x, out) => { calls++; out[0] = -3 * x[0]; out[1] = -1 * x[1]; });
    expect(neg.iterations).toBe(calls);
    expect(neg.lambda).toBeCloseTo(-1, 5);
  });

  test('should use W itself when told it is symmetric, its symmetric part otherwise', () => {
    // W = [[1, 4], [0, 1]] ⊗ I3: every eigenvalue of W is 1, those of ½(W + Wᵀ) are −1 and 3
    const W = BlockSparseMatrix.fromBlocks(2, [
      { row: 0, col: 0, values: [1, 0, 0, 0, 1, 0, 0, 0, 1] },
      { row: 0, col: 1, values: [4, 0, 0, 0, 4, 0, 0, 0, 4] },
      { row: 1, col: 1, values: [1, 0, 0, 0, 1, 0, 0, 0, 1] },
    ]);
    expect(new PowerIteration(6).symmetricPart(W, { tolerance: 1e-12 }).lambda).toBeCloseTo(3, 8);
    expect(new PowerIteration(6).symmetricPart(W, { maxIterations: 50 }, true).lambda).toBeLessThan(2.5);
  });
});
