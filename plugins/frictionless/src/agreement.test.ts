import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import { createRegistry, resolve, SiconosMerit, type FrictionContactProblem, type SolveResult } from '@moreau/core';
import { randomProblem } from '@moreau/conformance';
import { naturalMapResidual, wellPosed } from '@moreau/conformance/runner';
import gaussSeidel from '@moreau/gauss-seidel';
import semismoothNewton from '@moreau/semismooth-newton';
import { gpminres, mprgp } from './index.js';

const TOLERANCE = 1e-10;

const registry = createRegistry()
  .register(gpminres, '@moreau/frictionless')
  .register(mprgp, '@moreau/frictionless')
  .register(gaussSeidel, '@moreau/gauss-seidel')
  .register(semismoothNewton, '@moreau/semismooth-newton');

/** The solver configurations compared: ours, projected Gauss–Seidel (μ = 0) and semismooth Newton's UNIL. */
const CONFIGS = [
  { name: 'gpminres', options: {} },
  { name: 'mprgp', options: {} },
  { name: 'gauss-seidel', options: {} },
  { name: 'semismooth-newton', options: { variant: 'unil' } },
];

function solveWith(c: (typeof CONFIGS)[number], p: FrictionContactProblem): SolveResult {
  return resolve({ name: c.name, options: { ...c.options, tolerance: TOLERANCE } }, registry).solver.solve(p);
}

describe('agreement on random frictionless problems with one solution', () => {
  test('should converge at the siconos measure and agree with Gauss–Seidel and UNIL within the error bound', () => {
    // Generated rigid-body problems with μ = 0, made strongly monotone (W + αG·I, G the Gershgorin
    // bound): one solution r*, and ‖r − r*‖ ≤ κ ‖r − P_K(r − (W r + q))‖ for every r. Two answers
    // r_a, r_b are then at most κ (e_a + e_b) apart, e the natural-map residual of each.
    const siconos = new SiconosMerit();
    fc.assert(fc.property(
      fc.integer({ min: 1, max: 40 }), fc.integer({ min: 0, max: 0x7fffffff }), fc.constantFrom(0.01, 0.1, 1),
      (contacts, seed, alpha) => {
        const { problem, kappa } = wellPosed(randomProblem(seed, { contacts }).frictionless(), alpha, 'relaxed');
        const answers = CONFIGS.map((c) => {
          const res = solveWith(c, problem);
          expect(res.converged, `${c.name} on ${problem.name}: ${res.reason}`).toBe(true);
          expect(siconos.evaluate(problem, res.r)).toBeLessThanOrEqual(TOLERANCE);
          return { name: c.name, r: res.r, e: naturalMapResidual(problem, res.r, 'relaxed').residual };
        });
        for (const mine of answers.slice(0, 2)) {
          for (const other of answers.slice(2)) {
            let d2 = 0;
            for (let i = 0; i < mine.r.length; i++) d2 += (mine.r[i] - other.r[i]) ** 2;
            expect(Math.sqrt(d2), `${mine.name} vs ${other.name} on ${problem.name}`)
              .toBeLessThanOrEqual(kappa * (mine.e + other.e) * (1 + 1e-9) + 1e-300);
          }
        }
      },
    ), { numRuns: 15 });
  });

});
