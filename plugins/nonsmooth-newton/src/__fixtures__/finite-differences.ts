import { BlockSparseMatrix, FrictionContactProblem } from '@moreau/core';

/** A small problem from a dense row-major W (n = 3 · contacts), q and μ. */
export function denseProblem(W: number[], q: number[], mu: number[]): FrictionContactProblem {
  return new FrictionContactProblem(BlockSparseMatrix.fromDense(q.length, W), Float64Array.from(q), Float64Array.from(mu));
}

/**
 * Central-difference Jacobian (row-major 3x3) of one contact's φ with respect to r (`wrt: 'r'`)
 * or u at (r, u), for a function `phi(r, u, F)` writing φ into F[0..2]. The step is h·max(1, |x|).
 */
export function contactJacobian(
  phi: (r: Float64Array, u: Float64Array, F: Float64Array) => void,
  r: Float64Array, u: Float64Array, wrt: 'r' | 'u', h = 1e-6,
): Float64Array {
  const J = new Float64Array(9);
  const Fp = new Float64Array(3), Fm = new Float64Array(3);
  const x = wrt === 'r' ? r : u;
  for (let j = 0; j < 3; j++) {
    const keep = x[j], step = h * Math.max(1, Math.abs(keep));
    x[j] = keep + step;
    phi(r, u, Fp);
    x[j] = keep - step;
    phi(r, u, Fm);
    x[j] = keep;
    for (let i = 0; i < 3; i++) J[3 * i + j] = (Fp[i] - Fm[i]) / (2 * step);
  }
  return J;
}

/** Largest |a_i − b_i| over max(1, max |b_i|). */
export function relativeGap(a: ArrayLike<number>, b: ArrayLike<number>): number {
  let d = 0, s = 1;
  for (let i = 0; i < b.length; i++) {
    d = Math.max(d, Math.abs(a[i] - b[i]));
    s = Math.max(s, Math.abs(b[i]));
  }
  return d / s;
}

/** A deterministic generator of uniform numbers in [0, 1) (mulberry32), for reproducible random points. */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
