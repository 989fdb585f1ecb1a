import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { bsrMul } from '../linalg/bsr-matvec.js';
import { BlockSparseMatrix } from '../problem/block-sparse-matrix.js';
import { projectOntoPolarCone } from './project.js';
import { applyGradC, cOmegaContact, computeCOmega } from './c-omega.js';

const norm = (x: ArrayLike<number>): number => Math.sqrt(Array.from(x).reduce((s, v) => s + v * v, 0));
const maxAbsDiff = (a: ArrayLike<number>, b: ArrayLike<number>): number => {
  let m = 0;
  for (let i = 0; i < a.length; i++) m = Math.max(m, Math.abs(a[i] - b[i]));
  return m;
};

/** One contact at a known solution (De Saxcé: R ∈ K, ũ ∈ K*, ⟨R, ũ⟩ = 0), normal first. */
const solutions: { name: string; mu: number; U: number[]; R: number[] }[] = [
  { name: 'separation', mu: 0.6, U: [0.8, -0.3, 1.1], R: [0, 0, 0] },
  { name: 'stick', mu: 0.6, U: [0, 0, 0], R: [2, 0.5, -0.7] },
  // R = r [1, μ t], U = [0, −γ t] with t = (0.6, 0.8), r = 1.5, γ = 0.4
  { name: 'slip', mu: 0.6, U: [0, -0.24, -0.32], R: [1.5, 0.54, 0.72] },
  { name: 'grazing slip', mu: 0.6, U: [0, 0.3, -0.1], R: [0, 0, 0] },
  { name: 'frictionless contact', mu: 0, U: [0, 0.3, -0.1], R: [1.2, 0, 0] },
  { name: 'frictionless separation', mu: 0, U: [0.5, 0.3, -0.1], R: [0, 0, 0] },
];

describe('C_ω(U, R) (paper 000 eq 41)', () => {
  for (const s of solutions) {
    test(`should vanish at a known ${s.name} solution for ω = 0, and be O(ω) for ω > 0`, () => {
      const U = Float64Array.from(s.U), R = Float64Array.from(s.R), mu = Float64Array.of(s.mu);
      const C = new Float64Array(3);
      computeCOmega(U, R, mu, 0, C);
      expect(norm(C)).toBeLessThan(1e-15 * (1 + norm(U) + norm(R)));
      for (const w of [1e-2, 1e-5, 1e-8]) {
        computeCOmega(U, R, mu, w, C);
        expect(norm(C)).toBeLessThanOrEqual(w * (2 * s.mu + (1 + s.mu) * Math.sqrt(1 + s.mu * s.mu)));
      }
    });
  }

  test('should equal F(U) + proj_K°(R − F(U)) for ω = 0 (eq 15)', () => {
    const U = Float64Array.of(-0.4, 1, 2), R = Float64Array.of(0.3, -2, 0.5);
    const C = new Float64Array(3), S = new Float64Array(3), P = new Float64Array(3);
    computeCOmega(U, R, Float64Array.of(0.7), 0, C);
    const F = [U[0] + 0.7 * Math.sqrt(5), U[1], U[2]];
    for (let i = 0; i < 3; i++) S[i] = R[i] - F[i];
    projectOntoPolarCone(P, 0, S, 0, 0.7);
    expect(maxAbsDiff(C, F.map((f, i) => f + P[i]))).toBeLessThan(1e-15);
    expect(norm(C)).toBeGreaterThan(0.1);
  });

  test('should reduce to C_T = R_T for μ = 0 (eq 33)', () => {
    const C = new Float64Array(3);
    computeCOmega(Float64Array.of(0.2, -1, 3), Float64Array.of(0.5, 0.25, -0.125), Float64Array.of(0), 1e-3, C);
    expect([C[1], C[2]]).toEqual([0.25, -0.125]);
  });

  test('should give X = ∂C/∂U and Y = ∂C/∂R that agree with central finite differences', () => {
    const arb = fc.double({ min: -2, max: 2, noNaN: true });
    const arb3 = fc.tuple(arb, arb, arb);
    const arbMu = fc.oneof(fc.constant(0), fc.double({ min: 0.05, max: 3, noNaN: true }));
    fc.assert(fc.property(arb3, arb3, arbMu, fc.double({ min: 0.05, max: 2, noNaN: true }), (u, r, m, w) => {
      const U = Float64Array.from(u), R = Float64Array.from(r), mu = Float64Array.of(m);
      const C = new Float64Array(3), X = new Float64Array(9), Y = new Float64Array(9);
      const Cp = new Float64Array(3), Cm = new Float64Array(3);
      computeCOmega(U, R, mu, w, C, X, Y);
      const h = 1e-6 * (m > 0 ? Math.min(w, m * w) : w);
      for (const [V, J] of [[U, X], [R, Y]] as const) {
        for (let j = 0; j < 3; j++) {
          const v = V[j];
          V[j] = v + h; computeCOmega(U, R, mu, w, Cp);
          V[j] = v - h; computeCOmega(U, R, mu, w, Cm);
          V[j] = v;
          for (let i = 0; i < 3; i++) expect(Math.abs(J[3 * i + j] - (Cp[i] - Cm[i]) / (2 * h))).toBeLessThan(1e-5);
        }
      }
    }), { numRuns: 300 });
  });

  test('should compute the same C with or without X and Y, contact by contact', () => {
    const U = Float64Array.of(1, 2, 3, -1, 0.5, 0), R = Float64Array.of(0.1, 0, 0, 2, -1, 1);
    const mu = Float64Array.of(0.3, 0.9);
    const C1 = new Float64Array(6), C2 = new Float64Array(6), X = new Float64Array(18), Y = new Float64Array(18);
    computeCOmega(U, R, mu, 0.01, C1, X, Y);
    for (let a = 0; a < 2; a++) cOmegaContact(U, R, a, mu[a], 0.01, C2, null, null);
    expect([...C2]).toEqual([...C1]);
    // X alone (Y null) must still see the gradient of m_ω.
    const X2 = new Float64Array(18);
    computeCOmega(U, R, mu, 0.01, C2, X2, null);
    expect([...X2]).toEqual([...X]);
  });

  test('should give X = 0 and Y = I at a separation with U_T = 0 for ω = 0 (no 0/0 in ∂F/∂U)', () => {
    // S = R − F(U) = [−1, 0, 0] lies inside K°, where m_0 is the identity: Y = I, X = (I − I) ∂F/∂U = 0.
    const C = new Float64Array(3), X = new Float64Array(9), Y = new Float64Array(9);
    computeCOmega(Float64Array.of(1, 0, 0), new Float64Array(3), Float64Array.of(0.5), 0, C, X, Y);
    expect([...C]).toEqual([0, 0, 0]);
    expect([...X].every((v) => v === 0)).toBe(true);
    expect([...Y]).toEqual([1, 0, 0, 0, 1, 0, 0, 0, 1]);
  });

  test('should write only contact a\'s entries of C, X and Y', () => {
    const U = Float64Array.of(1, 2, 3, -1, 0.5, 0), R = Float64Array.of(0.1, 0, 0, 2, -1, 1);
    for (const withY of [true, false]) {
      const C = new Float64Array(6).fill(7), X = new Float64Array(18).fill(7), Y = withY ? new Float64Array(18).fill(7) : null;
      cOmegaContact(U, R, 0, 0.3, 0.01, C, X, Y);
      expect([...C.subarray(3), ...X.subarray(9), ...(Y ? Y.subarray(9) : [])].every((v) => v === 7)).toBe(true);
      expect([...C.subarray(0, 3), ...X.subarray(0, 9)].some((v) => v === 7)).toBe(false);
    }
  });

  test('should leave the tail of longer workspaces alone (sized for more contacts)', () => {
    const U = Float64Array.of(1, 2, 3, -1, 0.5, 0), R = Float64Array.of(0.1, 0, 0, 2, -1, 1);
    const C = new Float64Array(9).fill(7), X = new Float64Array(27).fill(7), Y = new Float64Array(27).fill(7);
    computeCOmega(U, R, Float64Array.of(0.3, 0.9), 0.01, C, X, Y);
    expect([...C.subarray(6), ...X.subarray(18), ...Y.subarray(18)].every((v) => v === 7)).toBe(true);
  });

  test('should allow C to be U or R (each contact is read before it is written)', () => {
    const U = Float64Array.of(1, 2, 3, -1, 0.5, 0), R = Float64Array.of(0.1, 0, 0, 2, -1, 1);
    const mu = Float64Array.of(0.3, 0.9);
    const C = new Float64Array(6);
    computeCOmega(U, R, mu, 0.01, C);
    const U2 = Float64Array.from(U), R2 = Float64Array.from(R);
    computeCOmega(U2, R, mu, 0.01, U2);
    computeCOmega(U, R2, mu, 0.01, R2);
    expect([...U2]).toEqual([...C]);
    expect([...R2]).toEqual([...C]);
  });
});

describe('applyGradC: (X W + Y) x (paper 000 eq 49)', () => {
  // Two coupled contacts, W symmetric positive definite.
  const dense = [
    2, 0.1, 0, 0.3, 0, 0.1,
    0.1, 1.5, 0.2, 0, 0.2, 0,
    0, 0.2, 1, 0.1, 0, 0,
    0.3, 0, 0.1, 3, 0.4, 0,
    0, 0.2, 0, 0.4, 2, 0.1,
    0.1, 0, 0, 0, 0.1, 1.2,
  ];
  const W = BlockSparseMatrix.fromDense(6, dense);
  const B = Float64Array.of(-1, 0.5, 0.2, 0.3, -0.4, 0.8);
  const mu = Float64Array.of(0.5, 1.1);
  const U = new Float64Array(6), C = new Float64Array(6), X = new Float64Array(18), Y = new Float64Array(18);

  function cOfR(R: Float64Array, w: number, out: Float64Array): Float64Array {
    for (let i = 0; i < 6; i++) {
      let s = B[i];
      for (let j = 0; j < 6; j++) s += dense[6 * i + j] * R[j];
      U[i] = s;
    }
    computeCOmega(U, R, mu, w, out);
    return out;
  }

  test('should agree with central finite differences of C_ω(W R + B, R)', () => {
    const R = Float64Array.of(0.4, 0.1, -0.2, 0.05, 0.3, 0.1);
    const w = 0.05;
    cOfR(R, w, C);
    computeCOmega(U, R, mu, w, C, X, Y);
    const out = new Float64Array(6), tmp = new Float64Array(6), e = new Float64Array(6);
    const Cp = new Float64Array(6), Cm = new Float64Array(6);
    const h = 1e-7;
    for (let j = 0; j < 6; j++) {
      e.fill(0); e[j] = 1;
      applyGradC(W, X, Y, e, out, tmp);
      const v = R[j];
      R[j] = v + h; cOfR(R, w, Cp);
      R[j] = v - h; cOfR(R, w, Cm);
      R[j] = v;
      for (let i = 0; i < 6; i++) expect(Math.abs(out[i] - (Cp[i] - Cm[i]) / (2 * h))).toBeLessThan(1e-6);
    }
  });

  test('should allow out to be x', () => {
    const x = Float64Array.of(1, -2, 0.5, 0.25, 0, 3);
    const out = new Float64Array(6), tmp = new Float64Array(6);
    applyGradC(W, X, Y, x, out, tmp);
    applyGradC(W, X, Y, x, x, tmp);
    expect([...x]).toEqual([...out]);
  });

  test('should write only the first 3·nc entries of a longer out', () => {
    const x = Float64Array.of(1, -2, 0.5, 0.25, 0, 3);
    const out = new Float64Array(9).fill(7), tmp = new Float64Array(6);
    applyGradC(W, X, Y, x, out, tmp);
    expect([...out.subarray(6)]).toEqual([7, 7, 7]);
  });

  test('should take W x from the kernel passed in, when there is one', () => {
    const x = Float64Array.of(1, -2, 0.5, 0.25, 0, 3);
    const expected = applyGradC(W, X, Y, x, new Float64Array(6), new Float64Array(6));
    let calls = 0;
    const kernel = { mul: (v: Float64Array, y: Float64Array) => { calls++; return bsrMul(W, v, y); } };
    const out = applyGradC(W, X, Y, x, new Float64Array(6), new Float64Array(6), kernel as never);
    expect(calls).toBe(1);
    expect([...out]).toEqual([...expected]);
  });
});
