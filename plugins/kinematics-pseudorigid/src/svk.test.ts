import { arbRotation, arbUniform, arbVec3 } from '@moreau/conformance';
import { choleskyFactor } from '@moreau/core';
import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { lame, piolaStress, piolaTangent, positiveStress, strainEnergy } from './svk.js';

// The material's properties, each over 1,000 generated cases (global seed, core/test/setup.ts).
const RUNS = 1000;

/** A Young's modulus log-uniform in [1e3, 1e12] Pa and ν in (−0.9, 0.49). */
const arbMaterial = fc.record({ e: arbUniform(3, 12), nu: arbUniform(-0.9, 0.49) })
  .map(({ e, nu }) => ({ young: 10 ** e, poisson: nu, ...lame(10 ** e, nu) }));

/** F = R (I + G) with |G_ij| ≤ 0.3: a rotated moderate deformation, det F > 0. */
const arbDeformation = fc.tuple(arbRotation(), arbVec3(0.3), arbVec3(0.3), arbVec3(0.3)).map(([R, a, b, c]) => {
  const U = [1 + a[0], a[1], a[2], b[0], 1 + b[1], b[2], c[0], c[1], 1 + c[2]];
  return Float64Array.from(mul(R, U));
});

function mul(a: ArrayLike<number>, b: ArrayLike<number>): number[] {
  const c = new Array<number>(9).fill(0);
  for (let i = 0; i < 3; i++) for (let j = 0; j < 3; j++) for (let k = 0; k < 3; k++) c[3 * i + j] += a[3 * i + k] * b[3 * k + j];
  return c;
}

const stress = (F: Float64Array, m: { lambda: number; mu: number }): Float64Array =>
  piolaStress(F, 0, m.lambda, m.mu, new Float64Array(9), new Float64Array(9), 0);

function tangent(F: Float64Array, m: { lambda: number; mu: number }): Float64Array {
  const S = new Float64Array(9);
  piolaStress(F, 0, m.lambda, m.mu, S, new Float64Array(9), 0);
  return piolaTangent(F, 0, m.lambda, m.mu, S, new Float64Array(81), new Float64Array(9));
}

const maxAbs = (a: ArrayLike<number>): number => Array.from(a).reduce((m, x) => Math.max(m, Math.abs(x)), 0);

describe('Saint Venant–Kirchhoff (paper 004 eqs 10-12)', () => {
  test('should give Hooke\'s law with E and ν for a small uniaxial stretch', () => {
    const { lambda, mu } = lame(2e11, 0.3);
    // F = diag(1 + ε, 1 − νε, 1 − νε): uniaxial stress, so P_11 ≈ E ε and P_22 ≈ 0.
    const eps = 1e-7;
    const P = stress(Float64Array.of(1 + eps, 0, 0, 0, 1 - 0.3 * eps, 0, 0, 0, 1 - 0.3 * eps), { lambda, mu });
    expect(P[0] / (2e11 * eps)).toBeCloseTo(1, 5);
    expect(Math.abs(P[4]) / (2e11 * eps)).toBeLessThan(1e-6);
  });

  test.prop([arbRotation(), arbMaterial], { numRuns: RUNS })('a rigid motion (F a rotation) produces no internal force', (R, m) => {
    const P = stress(Float64Array.from(R), m);
    // RᵀR − I is a few roundings (≈ 1e-15), times the largest modulus 3λ + 2μ.
    expect(maxAbs(P)).toBeLessThanOrEqual(1e-14 * Math.abs(3 * m.lambda + 2 * m.mu) + 1e-14 * m.mu);
  });

  test.prop([arbRotation(), arbMaterial], { numRuns: RUNS })('K is symmetric and positive semi-definite about the reference state, with the rotations as null space', (R, m) => {
    const D = tangent(Float64Array.from(R), m);
    const big = maxAbs(D);
    let asym = 0;
    for (let a = 0; a < 9; a++) for (let b = 0; b < a; b++) asym = Math.max(asym, Math.abs(D[9 * a + b] - D[9 * b + a]));
    expect(asym).toBeLessThanOrEqual(1e-14 * big);
    // D + δ I positive definite for δ = 1e-10 × max|D| (Cholesky throws otherwise): eigenvalues ≥ −δ.
    const shifted = Float64Array.from(D);
    for (let a = 0; a < 9; a++) shifted[10 * a] += 1e-10 * big;
    expect(() => choleskyFactor(shifted, 9)).not.toThrow();
    // Infinitesimal rotations dF = [w]× R cost nothing: D dF = 0 (three zero eigenvalues).
    let leak = 0;
    for (const w of [[1, 0, 0], [0, 1, 0], [0, 0, 1]]) {
      const dF = mul([0, -w[2], w[1], w[2], 0, -w[0], -w[1], w[0], 0], R);
      for (let a = 0; a < 9; a++) {
        let s = 0;
        for (let b = 0; b < 9; b++) s += D[9 * a + b] * dF[b];
        leak = Math.max(leak, Math.abs(s));
      }
    }
    expect(leak).toBeLessThanOrEqual(1e-13 * big);
    // ...and a stretch costs: D is not zero on dF = R (the dilatation), eigenvalue 3λ + 2μ > 0.
    let work = 0;
    for (let a = 0; a < 9; a++) for (let b = 0; b < 9; b++) work += R[a] * D[9 * a + b] * R[b];
    expect(Math.abs(work / 3 - (3 * m.lambda + 2 * m.mu))).toBeLessThanOrEqual(1e-12 * big);
  });

  test.prop([arbDeformation, arbMaterial], { numRuns: RUNS })('K agrees with central differences of the internal force', (F, m) => {
    const D = tangent(F, m);
    const scale = maxAbs(D);
    const h = 1e-6;
    let err = 0;
    for (let b = 0; b < 9; b++) {
      const plus = Float64Array.from(F), minus = Float64Array.from(F);
      plus[b] += h;
      minus[b] -= h;
      const Pp = stress(plus, m), Pm = stress(minus, m);
      // Truncation O(h² |∂³P|) ≈ 1e-12 |D|, rounding O(ε |P| / h) ≈ 1e-10 |D|.
      for (let a = 0; a < 9; a++) err = Math.max(err, Math.abs((Pp[a] - Pm[a]) / (2 * h) - D[9 * a + b]));
    }
    expect(err).toBeLessThanOrEqual(1e-7 * scale);
  });

  test.prop([arbDeformation, arbMaterial], { numRuns: RUNS })('P is the derivative of the stored energy and is frame-indifferent', (F, m) => {
    const P = stress(F, m);
    const scratch = new Float64Array(9), h = 1e-6;
    let err = 0;
    for (let b = 0; b < 9; b++) {
      const plus = Float64Array.from(F), minus = Float64Array.from(F);
      plus[b] += h;
      minus[b] -= h;
      const dPsi = (strainEnergy(plus, 0, m.lambda, m.mu, scratch) - strainEnergy(minus, 0, m.lambda, m.mu, scratch)) / (2 * h);
      err = Math.max(err, Math.abs(dPsi - P[b]));
    }
    expect(err).toBeLessThanOrEqual(1e-7 * (maxAbs(P) + Math.abs(m.lambda) + m.mu));
    const Q = [0, -1, 0, 1, 0, 0, 0, 0, 1];
    const PQ = stress(Float64Array.from(mul(Q, F)), m), QP = mul(Q, P);
    expect(maxAbs(PQ.map((x, a) => x - QP[a]))).toBeLessThanOrEqual(1e-12 * maxAbs(P));
  });

  test.prop([arbDeformation, arbMaterial], { numRuns: RUNS })('the bounding tangent D̂ = D_mat + I ⊗ S⁺ of A is positive semi-definite and bounds D from above', (F, m) => {
    const S = new Float64Array(9), Splus = new Float64Array(9), work = new Float64Array(9);
    piolaStress(F, 0, m.lambda, m.mu, S, new Float64Array(9), 0);
    positiveStress(S, Splus);
    const D = piolaTangent(F, 0, m.lambda, m.mu, S, new Float64Array(81), work);
    const Dhat = piolaTangent(F, 0, m.lambda, m.mu, Splus, new Float64Array(81), work);
    const big = maxAbs(D) + maxAbs(Dhat);
    // PSD to rounding: Cholesky of X + δ I succeeds (it throws on a negative pivot).
    const psd = (X: ArrayLike<number>): boolean => {
      const shifted = Float64Array.from(X);
      for (let a = 0; a < 9; a++) shifted[10 * a] += 1e-10 * big;
      try {
        choleskyFactor(shifted, 9);
        return true;
      } catch {
        return false;
      }
    };
    expect(psd(Dhat)).toBe(true);
    expect(psd(Dhat.map((x, a) => x - D[a]))).toBe(true);
    // D̂ = D exactly where S has no negative eigenvalue; the two differ only in the geometric part.
    const diff = maxAbs(Dhat.map((x, a) => x - D[a]));
    const negative = maxAbs(Splus.map((x, a) => x - S[a]));
    expect(Math.abs(diff - negative)).toBeLessThanOrEqual(1e-9 * (maxAbs(S) + 1e-300));
  });
});
