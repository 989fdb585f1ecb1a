import { describe, expect, test } from 'vitest';
import { randomProblem } from '@moreau/conformance';
import { naturalMapResidual } from '@moreau/conformance/runner';
import { SiconosMerit, type FrictionContactProblem } from '@moreau/core';
import { frictionlessProblem, normals, planted, solverOf } from './__fixtures__/problems.js';
import { testContext } from './__fixtures__/context.js';
import { mprgp, mprgpOptions } from './index.js';

/** The siconos merit, counting its evaluations (still a SiconosMerit, so the solver screens it). */
class CountingSiconos extends SiconosMerit {
  evaluations = 0;
  override evaluate(problem: FrictionContactProblem, r: Float64Array): number {
    this.evaluations++;
    return super.evaluate(problem, r);
  }
}

describe('mprgp', () => {
  test('should terminate at the exact solution of small strictly complementary problems', () => {
    // Dostál & Schöberl's finite termination: once the active set of x* is found, conjugate
    // gradients on its face end at x* in at most as many steps as free variables. So the
    // iterate reaches x* to rounding (siconos error 1e-14), with every active contact exactly
    // at its bound, in a few sweeps' worth of iterations, where a projected gradient method
    // (linear rate 1 − 1/κ, κ up to ~640 here) would need thousands.
    let most = 0;
    for (let seed = 0; seed < 64; seed++) {
      const nc = 1 + (seed % 8);
      const { problem, x, kappa } = planted(seed, nc);
      const res = solverOf('mprgp', { tolerance: 1e-14 }).solver.solve(problem);
      expect(res.converged, `seed ${seed}: ${res.reason}`).toBe(true);
      const got = normals(res.r);
      for (let a = 0; a < nc; a++) expect(got[a] === 0, `seed ${seed} contact ${a}`).toBe(x[a] === 0);
      const { residual } = naturalMapResidual(problem, res.r, 'relaxed');
      expect(Math.hypot(...got.map((v, i) => v - x[i]))).toBeLessThanOrEqual(kappa * residual * (1 + 1e-9) + 1e-15);
      // Measured: at most 2 nc iterations on these problems (and on 300 more).
      expect(res.iterations, `seed ${seed}`).toBeLessThanOrEqual(3 * nc);
      most = Math.max(most, res.iterations / nc);
    }
    expect(most).toBeGreaterThan(1); // the bound above is not vacuous: some problems need several steps per contact
  });

  test('should take the steps the paper names and count them', () => {
    // From r = 0 every contact is active: a proportioning step first (line 19); the 2×2 case of
    // exact-solutions.test.ts then needs one CG step on the face of contact 0.
    const res = solverOf('mprgp', { tolerance: 1e-14 }).solver.solve(frictionlessProblem([2, 1, 1, 2], [-2, 1]));
    expect(res.stats).toMatchObject({ proportioningSteps: 1, cgSteps: 1, expansionSteps: 0 });
    expect(res.iterations).toBe(2);
    // ᾱ = 1/λ_max(W_NN) = 1/3 (the top of paper 002's interval (0, ‖N‖⁻¹], stepScale 1), from a power iteration to 1e-4.
    expect(Math.abs((res.stats!.alphaBar as number) * 3 - 1)).toBeLessThanOrEqual(1e-3);
  });

  test('should make one product with W per CG step, and evaluate the merit only where the kept u allows a stop', () => {
    // A problem with every contact free at the solution: after one proportioning step, CG steps only.
    const { problem } = planted(7, 8, 0.5);
    const merit = new CountingSiconos();
    const ctx = testContext();
    const solver = mprgp.create(mprgpOptions.parse({}), Object.assign(Object.create(ctx) as typeof ctx, { merit: () => merit }));
    const res = solver.solve(problem);
    const s = res.stats as { matvecs: number; cgSteps: number; expansionSteps: number; proportioningSteps: number; powerIterations: number };
    expect(res.converged).toBe(true);
    expect(res.iterations).toBeGreaterThanOrEqual(5);
    // Products: u at the start, the power iteration, one per CG and proportioning step, two per
    // expansion, u recomputed for the claim and at the end.
    expect(s.matvecs).toBe(1 + s.powerIterations + s.cgSteps + s.proportioningSteps + 2 * s.expansionSteps + 2);
    // The merit (one product of its own each time): at r = 0, at the iteration that meets it, and for the answer.
    expect(merit.evaluations).toBeLessThanOrEqual(3);
  });

  test('should stop on the paper\'s own test with preset paper, converged only where the merit agrees', () => {
    const problem = randomProblem(1, { contacts: 40, bodies: 30 }).frictionless();
    // ε huge: line 4's test stops at once; the siconos merit is far from 1e-8.
    const loose = solverOf('mprgp', { preset: 'paper', tau: 1e3 }).solver.solve(problem);
    expect(loose).toMatchObject({ converged: false, reason: 'stalled', iterations: 1 });
    const paper = solverOf('mprgp', { preset: 'paper' }).solver.solve(problem);
    expect(paper.converged).toBe(true);
  });
});
