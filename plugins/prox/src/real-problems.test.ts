import { availableSharedProblems, SHARED_PROBLEM_FILES, sharedProblem } from '@moreau/conformance';
import { describe, expect, test } from 'vitest';
import { bsrMul, readProblem, SiconosMerit, type FrictionContactProblem, type z } from '@moreau/core';
import plugin, { options } from './index.js';
import { testContext } from './__fixtures__/context.js';

/**
 * PROX from r = 0 on the ten shared problems at the siconos error 1e-8: with its defaults (Siconos'
 * α = σ e in W's units) and with α in units of the mean W_ii. Each takes well under a second.
 */
function solve(p: FrictionContactProblem, opts: z.input<typeof options>) {
  const res = plugin.create(options.parse(opts), testContext()).solve(p);
  // The reported error is the siconos error of the returned r, recomputed by a fresh merit; u is W r + q.
  expect(res.error).toBe(new SiconosMerit().evaluate(p, res.r));
  const u = bsrMul(p.W, res.r, new Float64Array(p.size));
  for (let i = 0; i < u.length; i++) expect(res.u[i]).toBe(u[i] + p.q[i]);
  for (let a = 0; a < p.contacts; a++) {
    const rt = Math.hypot(res.r[3 * a + 1], res.r[3 * a + 2]);
    expect(rt).toBeLessThanOrEqual(p.mu[a] * res.r[3 * a] * (1 + 1e-12));
  }
  return res;
}

const available = availableSharedProblems('plugins/prox/src/real-problems.test.ts', SHARED_PROBLEM_FILES);

describe('prox on the shared Siconos problems', () => {
  for (const file of SHARED_PROBLEM_FILES) {
    for (const [what, opts] of [['its defaults', {}], ['α in units of the mean W_ii (alphaScale diagonal)', { alphaScale: 'diagonal' }]] as const) {
      test.skipIf(!available.has(file))(`should reach 1e-8 on ${file} with ${what}`, async () => {
        const p = (await readProblem(sharedProblem(file))).problem;
        const res = solve(p, opts);
        expect(res.converged).toBe(true);
        expect(res.reason).toBe('converged');
        expect(res.error).toBeLessThanOrEqual(1e-8);
      });
    }
  }
});
