import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { ROLLING_CONTACT, coneViolation, rollingConeViolation } from '@moreau/core';
import {
  arbConeCase, arbContactSolution, arbContactSystem, arbProblem, arbRollingConeCase, bodyVelocities, contactVelocities,
  randomContactSystem, randomProblem, Rng,
} from './generators.js';
import { symmetricEigenvalues3 } from './sym3-eigen.js';

describe('Rng', () => {
  test('should repeat its sequence for a seed and differ between seeds', () => {
    const a = new Rng(5), b = new Rng(5), c = new Rng(6);
    const sa = [...Array(20)].map(() => a.next()), sb = [...Array(20)].map(() => b.next());
    expect(sa).toEqual(sb);
    expect(sa).not.toEqual([...Array(20)].map(() => c.next()));
    for (const v of sa) expect(v >= 0 && v < 1).toBe(true);
  });

  test('should draw right-handed orthonormal frames', () => {
    const rng = new Rng(1);
    for (let k = 0; k < 50; k++) {
      const F = rng.frame();
      for (let i = 0; i < 3; i++) for (let j = 0; j < 3; j++) {
        const d = F[3 * i] * F[3 * j] + F[3 * i + 1] * F[3 * j + 1] + F[3 * i + 2] * F[3 * j + 2];
        expect(d).toBeCloseTo(i === j ? 1 : 0, 14);
      }
      const det = F[0] * (F[4] * F[8] - F[5] * F[7]) - F[1] * (F[3] * F[8] - F[5] * F[6]) + F[2] * (F[3] * F[7] - F[4] * F[6]);
      expect(det).toBeCloseTo(1, 14);
    }
  });
});

describe('random contact problems', () => {
  test('should be deterministic in the seed', () => {
    const a = randomProblem(17), b = randomProblem(17), c = randomProblem(18);
    expect([...a.W.values]).toEqual([...b.W.values]);
    expect([...a.q]).toEqual([...b.q]);
    expect([...a.mu]).toEqual([...b.mu]);
    expect(a.name).toBe(b.name);
    expect(a.name).toContain('seed=17');
    expect([...c.q]).not.toEqual([...a.q]);
  });

  test('should honour the contact, body and μ options', () => {
    const s = randomContactSystem(3, { contacts: 12, bodies: [2, 4], mu: [0.2, 0.4] });
    expect(s.problem.contacts).toBe(12);
    expect(s.bodies.length).toBeGreaterThanOrEqual(2);
    expect(s.bodies.length).toBeLessThanOrEqual(4);
    for (const m of s.problem.mu) expect(m >= 0.2 && m <= 0.4).toBe(true);
    expect([...randomProblem(4, { contacts: 3, mu: 0.7 }).mu]).toEqual([0.7, 0.7, 0.7]);
  });

  test('should assemble W = H A⁻¹ Hᵀ and q = H b consistently with the bodies (u = W r + q = H(b + A⁻¹Hᵀ r))', () => {
    for (const seed of [1, 2, 3, 4, 5]) {
      for (const conditioning of ['well', 'ill'] as const) {
        const s = randomContactSystem(seed, { contacts: [5, 30], conditioning, redundant: 0.2 });
        const p = s.problem, n = p.size;
        const rng = new Rng(seed + 100);
        const r = Float64Array.from({ length: n }, () => rng.normal());
        const viaBodies = contactVelocities(s, bodyVelocities(s, r));
        const dense = p.W.toDense();
        let scale = 0;
        for (let i = 0; i < n; i++) {
          let u = p.q[i];
          for (let j = 0; j < n; j++) u += dense[i * n + j] * r[j];
          scale = Math.max(scale, Math.abs(u));
          expect(Math.abs(u - viaBodies[i])).toBeLessThan(1e-10 * (1 + scale));
        }
        const q = contactVelocities(s, s.b);
        expect(Math.max(...q.map((v, i) => Math.abs(v - p.q[i])))).toBeLessThan(1e-12 * (1 + scale));
      }
    }
  });

  test('should give an exactly symmetric, positive semidefinite W', () => {
    for (const seed of [11, 12, 13]) {
      const p = randomProblem(seed, { contacts: [10, 40], conditioning: 'ill' });
      const n = p.size, d = p.W.toDense();
      let maxAbs = 0;
      for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) {
        expect(d[i * n + j]).toBe(d[j * n + i]);
        maxAbs = Math.max(maxAbs, Math.abs(d[i * n + j]));
      }
      const rng = new Rng(seed);
      for (let k = 0; k < 20; k++) {
        const x = Float64Array.from({ length: n }, () => rng.normal());
        let xWx = 0, xx = 0;
        for (let i = 0; i < n; i++) {
          xx += x[i] * x[i];
          for (let j = 0; j < n; j++) xWx += x[i] * d[i * n + j] * x[j];
        }
        expect(xWx).toBeGreaterThanOrEqual(-1e-12 * maxAbs * n * xx);
      }
    }
  });

  test('should store exactly the blocks of contacts that share a body', () => {
    const s = randomContactSystem(21, { contacts: 25, bodies: 8 });
    const W = s.problem.W;
    const bodiesOf = s.contacts.map((c) => new Set([c.bodyA, c.bodyB].filter((b) => b >= 0)));
    for (let a = 0; a < 25; a++) {
      const cols = new Set([...W.colIdx.subarray(W.rowPtr[a], W.rowPtr[a + 1])]);
      for (let b = 0; b < 25; b++) {
        const shares = [...bodiesOf[a]].some((i) => bodiesOf[b].has(i));
        expect(cols.has(b)).toBe(shares || a === b);
      }
    }
  });

  test('should make redundant contacts exact duplicates (a rank-deficient W)', () => {
    const s = randomContactSystem(8, { contacts: 30, redundant: 0.5 });
    const dup = s.contacts.findIndex((c) => c.duplicateOf >= 0);
    expect(dup).toBeGreaterThan(0);
    const k = s.contacts[dup].duplicateOf, p = s.problem, n = p.size, d = p.W.toDense();
    for (let t = 0; t < 3; t++) {
      expect(p.q[3 * dup + t]).toBe(p.q[3 * k + t]);
      // W (e_dup − e_k) = 0: the two columns are equal.
      for (let i = 0; i < n; i++) expect(d[i * n + 3 * dup + t]).toBeCloseTo(d[i * n + 3 * k + t], 12);
    }
    expect(p.mu[dup]).toBe(p.mu[k]);
  });

  test('should always have an approaching contact (q_N < 0)', () => {
    for (let seed = 0; seed < 50; seed++) {
      const p = randomProblem(seed, { contacts: [1, 6] });
      expect(p.q.some((v, i) => i % 3 === 0 && v < 0)).toBe(true);
    }
  });

  test('should spread the diagonal of W over many more decades when ill-conditioned', () => {
    const spread = (conditioning: 'well' | 'ill'): number => {
      const ratios = [...Array(15)].map((_, seed) => {
        const p = randomProblem(seed, { contacts: 20, conditioning });
        const diag = [...Array(p.size)].map((_, i) => p.W.get(i, i));
        return Math.max(...diag) / Math.min(...diag);
      });
      return ratios.sort((a, b) => a - b)[7];
    };
    expect(spread('ill')).toBeGreaterThan(100 * spread('well'));
  });

  test('should shrink and stay within its options as a fast-check arbitrary', () => {
    fc.assert(fc.property(arbProblem({ contacts: [2, 9] }), (p) => {
      expect(p.contacts >= 2 && p.contacts <= 9).toBe(true);
      expect(p.W.blockRows).toBe(p.contacts);
    }), { numRuns: 50 });
    fc.assert(fc.property(arbContactSystem({ contacts: 4, bodies: 1 }), (s) => {
      expect(s.contacts.every((c) => c.bodyB === -1)).toBe(true);
    }), { numRuns: 20 });
  });
});

describe('single-contact arbitraries', () => {
  test('should draw vectors in the region they name', () => {
    fc.assert(fc.property(arbConeCase({ regions: ['inside', 'boundary'] }), ({ x, mu }) => {
      expect(coneViolation(x, 0, mu)).toBeLessThanOrEqual(1e-12 * Math.hypot(x[0], x[1], x[2]));
    }), { numRuns: 200 });
    fc.assert(fc.property(arbConeCase({ regions: ['polar'] }), ({ x, mu }) => {
      expect(mu * Math.hypot(x[1], x[2]) + x[0]).toBeLessThanOrEqual(1e-12 * Math.hypot(x[0], x[1], x[2]));
    }), { numRuns: 200 });
    fc.assert(fc.property(arbConeCase({ regions: ['axis'] }), ({ x }) => {
      expect([x[1], x[2]]).toEqual([0, 0]);
    }), { numRuns: 50 });
  });

  test('should draw six-vectors in the rolling-cone region they name', () => {
    const { normal: N, tangent: T, rolling: R, spinning: S } = ROLLING_CONTACT;
    const size = (x: Float64Array) => Math.hypot(...x);
    fc.assert(fc.property(arbRollingConeCase({ regions: ['inside', 'boundary'] }), ({ x, mu, rho, sigma }) => {
      expect(rollingConeViolation(x, 0, mu, rho, sigma)).toBeLessThanOrEqual(1e-12 * size(x));
    }), { numRuns: 200 });
    // 'boundary' puts at least one group on its threshold
    fc.assert(fc.property(arbRollingConeCase({ regions: ['boundary'] }), ({ x, mu, rho, sigma }) => {
      const gaps = [Math.hypot(x[T], x[T + 1]) - mu * x[N], Math.hypot(x[R], x[R + 1]) - rho * x[N], Math.abs(x[S]) - sigma * x[N]];
      expect(Math.max(...gaps)).toBeGreaterThanOrEqual(-1e-12 * size(x));
    }), { numRuns: 200 });
    fc.assert(fc.property(arbRollingConeCase({ regions: ['polar'] }), ({ x, mu, rho, sigma }) => {
      const polar = x[N] + mu * Math.hypot(x[T], x[T + 1]) + rho * Math.hypot(x[R], x[R + 1]) + sigma * Math.abs(x[S]);
      expect(polar).toBeLessThanOrEqual(1e-12 * size(x));
    }), { numRuns: 200 });
    fc.assert(fc.property(arbRollingConeCase({ regions: ['axis'] }), ({ x }) => {
      expect([...x.subarray(1)]).toEqual([0, 0, 0, 0, 0]);
    }), { numRuns: 50 });
  });

  test('should draw one-contact solutions in De Saxcé form: R ∈ K, ũ ∈ K*, <R, ũ> = 0', () => {
    fc.assert(fc.property(arbContactSolution(), ({ R, U, mu }) => {
      const ut = Math.hypot(U[1], U[2]);
      const un = U[0] + mu * ut;
      const scale = Math.hypot(...R) * Math.hypot(...U) + 1e-300;
      expect(coneViolation(R, 0, mu)).toBeLessThanOrEqual(1e-12 * Math.hypot(...R));
      // K* = K_{1/μ}: μ ‖ũ_T‖ <= ũ_N
      expect(mu * ut - un).toBeLessThanOrEqual(1e-12 * Math.hypot(...U));
      expect(Math.abs(R[0] * un + R[1] * U[1] + R[2] * U[2])).toBeLessThanOrEqual(1e-12 * scale);
    }), { numRuns: 300 });
  });
});

describe('symmetricEigenvalues3', () => {
  test('should find the eigenvalues of a known symmetric matrix, small ones accurately', () => {
    // Q diag(1e-9, 1, 3) Qᵀ for a rotation Q.
    const Q = new Rng(3).frame(), l = [1e-9, 1, 3];
    const A = new Float64Array(9);
    for (let i = 0; i < 3; i++) for (let j = 0; j < 3; j++) for (let k = 0; k < 3; k++) A[3 * i + j] += Q[3 * k + i] * l[k] * Q[3 * k + j];
    const e = symmetricEigenvalues3(A);
    expect(e[0] / 1e-9).toBeCloseTo(1, 5);
    expect(e[1]).toBeCloseTo(1, 14);
    expect(e[2]).toBeCloseTo(3, 14);
    expect(symmetricEigenvalues3([2, 0, 0, 0, -1, 0, 0, 0, 5])).toEqual([-1, 2, 5]);
  });
});
