import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { lambdaMaxSymmetricPart, projectOntoCones } from '@moreau/core';
import { randomProblem, Rng } from './generators.js';
import { gershgorinBound, permuteProblem, permuteVector, scaleQ, shiftDiagonal, wellPosed } from './problem-transforms.js';
import { naturalMapResidual } from './solver-checks.js';
import { prepareSolver } from './solver-harness.js';
import { jacobiPlugin } from '../test-fixtures/jacobi-solvers.js';

const seeds = fc.integer({ min: 0, max: 0x7fffffff });

function randomPermutation(n: number, rng: Rng): Int32Array {
  const p = Int32Array.from({ length: n }, (_, i) => i);
  for (let i = n - 1; i > 0; i--) {
    const j = rng.int(0, i);
    [p[i], p[j]] = [p[j], p[i]];
  }
  return p;
}

function randomInCones(n: number, mu: Float64Array, rng: Rng, scale: number): Float64Array {
  const r = Float64Array.from({ length: n }, () => scale * rng.normal());
  return projectOntoCones(r, r, mu);
}

describe('permuteProblem', () => {
  test('should reorder W, q and μ so that contact i is old contact perm[i]', () => {
    fc.assert(fc.property(seeds, (seed) => {
      const p = randomProblem(seed, { contacts: [1, 12] });
      const perm = randomPermutation(p.contacts, new Rng(seed));
      const pp = permuteProblem(p, perm);
      for (let i = 0; i < p.size; i++) for (let j = 0; j < p.size; j++) {
        const oi = 3 * perm[Math.floor(i / 3)] + (i % 3), oj = 3 * perm[Math.floor(j / 3)] + (j % 3);
        expect(pp.W.get(i, j)).toBe(p.W.get(oi, oj));
      }
      expect([...pp.q]).toEqual([...permuteVector(p.q, perm)]);
      expect([...pp.mu]).toEqual([...perm].map((k) => p.mu[k]));
    }), { numRuns: 30 });
  });

  test('should keep the natural-map residual of the permuted reactions', () => {
    fc.assert(fc.property(seeds, (seed) => {
      const rng = new Rng(seed), p = randomProblem(seed);
      const perm = randomPermutation(p.contacts, rng);
      const r = randomInCones(p.size, p.mu, rng, 1);
      const a = naturalMapResidual(p, r, 'coulomb'), b = naturalMapResidual(permuteProblem(p, perm), permuteVector(r, perm), 'coulomb');
      expect(b.residual).toBeCloseTo(a.residual, 10);
      expect(b.scale).toBeCloseTo(a.scale, 10);
    }), { numRuns: 30 });
  });
});

describe('scaleQ', () => {
  test('should scale the residual of c r by c', () => {
    fc.assert(fc.property(seeds, fc.integer({ min: -3, max: 3 }), (seed, e) => {
      const c = 10 ** e, rng = new Rng(seed), p = randomProblem(seed, { contacts: [1, 20] });
      const r = randomInCones(p.size, p.mu, rng, 1);
      const a = naturalMapResidual(p, r, 'coulomb'), b = naturalMapResidual(scaleQ(p, c), r.map((v) => c * v), 'coulomb');
      expect(b.residual / c).toBeCloseTo(a.residual, 8);
    }), { numRuns: 30 });
  });
});

describe('wellPosed', () => {
  test('should bound every eigenvalue of W by the Gershgorin bound', () => {
    fc.assert(fc.property(seeds, (seed) => {
      const W = randomProblem(seed, { conditioning: seed % 2 ? 'ill' : 'well' }).W;
      expect(lambdaMaxSymmetricPart(W).lambda).toBeLessThanOrEqual(gershgorinBound(W) * (1 + 1e-9));
    }), { numRuns: 20 });
  });

  test('should shift only the diagonal', () => {
    const W = randomProblem(4, { contacts: 5 }).W, S = shiftDiagonal(W, 2);
    for (let i = 0; i < W.size; i++) for (let j = 0; j < W.size; j++) expect(S.get(i, j)).toBe(W.get(i, j) + (i === j ? 2 : 0));
  });

  // The invariance properties rest on this bound: check it against an accurate solution.
  test('should give an error bound κ that holds: ‖r − r*‖ <= κ ‖r − P_K(r − F(r))‖', () => {
    const sut = prepareSolver(jacobiPlugin('reference-jacobi'), { options: { tolerance: 1e-14, maxIterations: 100_000 } });
    fc.assert(fc.property(seeds, fc.double({ min: 0.1, max: 1, noNaN: true }), fc.constantFrom('coulomb' as const, 'relaxed' as const), (seed, alpha, cone) => {
      const rng = new Rng(seed);
      const base = randomProblem(seed, { contacts: [1, 15], conditioning: seed % 2 ? 'ill' : 'well' });
      const { problem, kappa } = wellPosed(base, alpha, cone);
      if (cone === 'coulomb') {
        const G = gershgorinBound(base.W), muMax = Math.max(...problem.mu);
        expect(muMax * (1 + alpha) * G).toBeLessThanOrEqual((alpha * G) / 2 * (1 + 1e-12));
      }
      // Only the Coulomb problem has a solver here; the relaxed one at μ = 0 is the same problem.
      const p = cone === 'coulomb' ? problem : problem.frictionless();
      const star = sut.instance().solver.solve(p).r;
      const starResidual = naturalMapResidual(p, star, cone).residual;
      for (let k = 0; k < 5; k++) {
        const r = Float64Array.from(star, (v) => v + 10 ** rng.uniform(-6, 0) * rng.normal());
        const d = Math.hypot(...r.map((v, i) => v - star[i]));
        const residual = naturalMapResidual(p, r, cone).residual;
        expect(d).toBeLessThanOrEqual(kappa * (residual + starResidual) * (1 + 1e-9));
      }
    }), { numRuns: 20 });
  });
});
