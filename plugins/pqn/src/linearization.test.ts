import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import { BlockSparseMatrix, bsrMul, computeCOmega, norm2Scaled, type FrictionContactProblem } from '@moreau/core';
import { randomProblem } from '@moreau/conformance';
import { Linearization } from './linearization.js';

/** C_ω(R) = C_ω(W R + q, R) (paper 000 eq 41 with U eliminated), computed from scratch. */
function cOmega(p: FrictionContactProblem, R: Float64Array, omega: number): Float64Array {
  const U = bsrMul(p.W, R, new Float64Array(p.size));
  for (let i = 0; i < U.length; i++) U[i] += p.q[i];
  const C = new Float64Array(p.size);
  computeCOmega(U, R, p.mu, omega, C);
  return C;
}

/** A deterministic R with entries of the size of q, inside and outside the cones alike. */
function reactions(p: FrictionContactProblem, seed: number): Float64Array {
  let s = seed >>> 0 || 1;
  const next = () => ((s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 4294967296) * 2 - 1;
  let scale = 0;
  for (let i = 0; i < p.size; i++) scale = Math.max(scale, Math.abs(p.q[i]));
  return Float64Array.from({ length: p.size }, () => (scale || 1) * next());
}

function linearizeAt(p: FrictionContactProblem, R: Float64Array, omega: number, delta: number): Linearization {
  const lin = new Linearization(p.contacts);
  const U = bsrMul(p.W, R, new Float64Array(p.size));
  for (let i = 0; i < U.length; i++) U[i] += p.q[i];
  lin.linearize(p.W, p.mu, U, R, omega);
  lin.factor(delta);
  return lin;
}

const norm = (x: Float64Array) => Math.sqrt(x.reduce((s, v) => s + v * v, 0));

describe('Linearization', () => {
  test('should apply ∇C_ω + δI that matches central differences of C_ω on random problems', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 0x7fffffff }), fc.integer({ min: 1, max: 12 }),
        fc.constantFrom(0.05, 0.3, 1), fc.constantFrom(0, 0.7), fc.integer({ min: 1, max: 1e6 }),
        (seed, contacts, omega, delta, rseed) => {
          const p = randomProblem(seed, { contacts, mu: [0.05, 1.2] });
          const R = reactions(p, rseed), v = reactions(p, rseed + 1);
          const lin = linearizeAt(p, R, omega, delta);
          const Av = new Float64Array(p.size);
          lin.apply(v, Av);
          const h = 1e-6;
          const plus = cOmega(p, Float64Array.from(R, (r, i) => r + h * v[i]), omega);
          const minus = cOmega(p, Float64Array.from(R, (r, i) => r - h * v[i]), omega);
          const fd = Float64Array.from(plus, (c, i) => (c - minus[i]) / (2 * h) + delta * v[i]);
          const diff = Float64Array.from(fd, (f, i) => f - Av[i]);
          expect(norm(diff)).toBeLessThanOrEqual(1e-6 * (norm(fd) + norm(v)));
        },
      ),
      { numRuns: 60 },
    );
  });

  test('should give C_ω itself as computed by core, and its norm', () => {
    const p = randomProblem(7, { contacts: 9 });
    const R = reactions(p, 3);
    const lin = new Linearization(p.contacts);
    const U = bsrMul(p.W, R, new Float64Array(p.size));
    for (let i = 0; i < U.length; i++) U[i] += p.q[i];
    const c = lin.linearize(p.W, p.mu, U, R, 0.1);
    const expected = cOmega(p, R, 0.1);
    expect(Array.from(lin.C)).toEqual(Array.from(expected));
    expect(c).toBeCloseTo(norm(expected), 12);
  });

  test('should hold the diagonal 3x3 blocks of A (by finite differences) and their inverses', () => {
    const p = randomProblem(11, { contacts: 6, mu: [0.1, 1] });
    const R = reactions(p, 5), omega = 0.2, delta = 0.3;
    const lin = linearizeAt(p, R, omega, delta);
    const h = 1e-6;
    for (let a = 0; a < p.contacts; a++) {
      for (let j = 0; j < 3; j++) {
        const e = new Float64Array(p.size);
        e[3 * a + j] = 1;
        const plus = cOmega(p, Float64Array.from(R, (r, i) => r + h * e[i]), omega);
        const minus = cOmega(p, Float64Array.from(R, (r, i) => r - h * e[i]), omega);
        for (let i = 0; i < 3; i++) {
          const fd = (plus[3 * a + i] - minus[3 * a + i]) / (2 * h) + (i === j ? delta : 0);
          expect(Math.abs(lin.diagonal[9 * a + 3 * i + j] - fd)).toBeLessThanOrEqual(1e-6 * (1 + Math.abs(fd)));
        }
      }
      // inverse · block = I
      for (let i = 0; i < 3; i++) for (let j = 0; j < 3; j++) {
        let s = 0;
        for (let k = 0; k < 3; k++) s += lin.inverse[9 * a + 3 * i + k] * lin.diagonal[9 * a + 3 * k + j];
        expect(s).toBeCloseTo(i === j ? 1 : 0, 10);
      }
    }
    expect(lin.singularBlocks).toBe(0);
  });

  test('should count one W product per application', () => {
    const p = randomProblem(2, { contacts: 4 });
    const lin = linearizeAt(p, reactions(p, 1), 0.1, 0);
    const out = new Float64Array(p.size);
    lin.apply(reactions(p, 2), out);
    lin.apply(reactions(p, 3), out);
    expect(lin.matVecs).toBe(2);
  });

  test('should linearise in R/s for a reaction scale s: A v = d/dt C_ω(s W (y + t v) + q, y + t v)', () => {
    const p = randomProblem(5, { contacts: 5, mu: [0.2, 0.9] });
    const s = 2.5, omega = 0.3, delta = 0.1;
    const R = reactions(p, 9), v = reactions(p, 10);
    const y = R.map((r) => r / s);
    // C_ω as a function of y = R/s, from scratch: U = W R + q = s W y + q.
    const cAt = (yy: Float64Array) => {
      const U = bsrMul(p.W, yy.map((x) => s * x), new Float64Array(p.size));
      for (let i = 0; i < U.length; i++) U[i] += p.q[i];
      const C = new Float64Array(p.size);
      computeCOmega(U, yy, p.mu, omega, C);
      return C;
    };
    const lin = new Linearization(p.contacts);
    const U = bsrMul(p.W, R, new Float64Array(p.size));
    for (let i = 0; i < U.length; i++) U[i] += p.q[i];
    const c = lin.linearize(p.W, p.mu, U, R, omega, s);
    expect(c).toBeCloseTo(norm(cAt(y)), 12);
    lin.factor(delta);
    const Av = new Float64Array(p.size);
    lin.apply(v, Av);
    const h = 1e-6;
    const plus = cAt(y.map((x, i) => x + h * v[i])), minus = cAt(y.map((x, i) => x - h * v[i]));
    const fd = plus.map((c2, i) => (c2 - minus[i]) / (2 * h) + delta * v[i]);
    expect(norm(fd.map((f, i) => f - Av[i]))).toBeLessThanOrEqual(1e-6 * (norm(fd) + norm(v)));
  });
  test('should replace a singular diagonal block by (1 / max |diagonal entry|) I, and invert the others', () => {
    // W = I, so A_aa = X_a + Y_a + δ I; X and Y are set by hand after the linearisation.
    const W = BlockSparseMatrix.fromBlocks(2, [
      { row: 0, col: 0, values: [1, 0, 0, 0, 1, 0, 0, 0, 1] },
      { row: 1, col: 1, values: [1, 0, 0, 0, 1, 0, 0, 0, 1] },
    ]);
    const lin = new Linearization(2);
    lin.linearize(W, Float64Array.of(0.5, 0.5), new Float64Array(6).fill(1), new Float64Array(6), 0);
    lin.Y.fill(0);
    // contact 0: [[2, 0, 0], [0, 4, 0], [0, 0, 8]], inverse diag(1/2, 1/4, 1/8);
    // contact 1: [[1, 2, 0], [2, 4, 0], [0, 0, -5]] (rows 0 and 1 proportional), |diagonal| at most 5
    lin.X.set([2, 0, 0, 0, 4, 0, 0, 0, 8, 1, 2, 0, 2, 4, 0, 0, 0, -5]);
    lin.factor(0);
    expect(lin.singularBlocks).toBe(1);
    expect(Array.from(lin.inverse)).toEqual([0.5, 0, 0, 0, 0.25, 0, 0, 0, 0.125, 0.2, 0, 0, 0, 0.2, 0, 0, 0, 0.2]);
    // all-zero block: the identity
    lin.X.fill(0, 9);
    lin.factor(0);
    expect(Array.from(lin.inverse.subarray(9))).toEqual([1, 0, 0, 0, 1, 0, 0, 0, 1]);
    // δ > 0 makes it regular again
    lin.factor(1);
    expect(lin.singularBlocks).toBe(0);
  });

  test('should compute the same bits after resize as a fresh linearization, and fold the reaction scale in exactly', () => {
    const reused = new Linearization(0);
    for (const seed of [11, 12, 13]) {
      const p = randomProblem(seed, { contacts: [2, 7] });
      const R = reactions(p, seed);
      const fresh = linearizeAt(p, R, 1e-3, 0.5);
      reused.resize(p.contacts);
      const U = bsrMul(p.W, R, new Float64Array(p.size));
      for (let i = 0; i < U.length; i++) U[i] += p.q[i];
      reused.linearize(p.W, p.mu, U, R, 1e-3);
      reused.factor(0.5);
      for (const k of ['C', 'X', 'Y', 'diagonal', 'inverse'] as const) expect(Array.from(reused[k])).toEqual(Array.from(fresh[k]));
      // s ≠ 1: C_ω at R/s and X scaled by s, as computing them apart gives.
      const s = 1e-3, scaled = R.map((v) => v / s);
      const C = new Float64Array(p.size), X = new Float64Array(9 * p.contacts), Y = new Float64Array(9 * p.contacts);
      computeCOmega(U, scaled, p.mu, 1e-3, C, X, Y);
      reused.linearize(p.W, p.mu, U, R, 1e-3, s);
      expect(Array.from(reused.C)).toEqual(Array.from(C));
      expect(Array.from(reused.X)).toEqual(Array.from(X.map((v) => v * s)));
      expect(Array.from(reused.Y)).toEqual(Array.from(Y));
    }
  });
});

describe('Linearization.linearize, the norm of C_ω it returns', () => {
  // On ordinary problems the plain root of the sum of squares, bit for bit (the GMRES tolerance
  // and δ are read from it); past 1e154, where the squares overflow, still finite.
  test('should be the plain √Σ C² to the bit on ordinary problems, and finite where the squares overflow', () => {
    for (let seed = 1; seed <= 40; seed++) {
      const p = randomProblem(seed, { contacts: 6, mu: [0.1, 0.8] });
      const R = new Float64Array(p.size).map((_, i) => (i % 3 === 0 ? 0.3 + 0.1 * Math.sin(seed + i) : 0.05 * Math.cos(seed * i)));
      const U = bsrMul(p.W, R, new Float64Array(p.size)).map((u, i) => u + p.q[i]);
      const lin = new Linearization(p.contacts);
      const c = lin.linearize(p.W, p.mu, U, R, 0.1);
      let c2 = 0;
      for (const x of lin.C) c2 += x * x;
      expect(c).toBe(Math.sqrt(c2));
    }
    const p = randomProblem(3, { contacts: 4, mu: [0.2, 0.5] });
    const q = p.q.map((x) => x * 1e160);
    const U = Float64Array.from(q);
    const lin = new Linearization(p.contacts);
    const big = lin.linearize(p.W, p.mu, U, new Float64Array(p.size), 0.1);
    expect(Number.isFinite(big)).toBe(true);
    expect(big).toBe(norm2Scaled(lin.C));
  });
});
