import { availableSharedProblems, SHARED_PROBLEM_FILES, sharedProblem } from '@moreau/conformance';
import { describe, expect, test } from 'vitest';
import { bsrMul, readProblem, SiconosMerit, type FrictionContactProblem, type z } from '@moreau/core';
import plugin, { options } from './index.js';
import { testContext } from './__fixtures__/context.js';

const FILES = SHARED_PROBLEM_FILES;

function solve(p: FrictionContactProblem, opts: z.input<typeof options>) {
  const res = plugin.create(options.parse(opts), testContext()).solve(p);
  const u = bsrMul(p.W, res.r, new Float64Array(p.size));
  for (let i = 0; i < u.length; i++) expect(res.u[i]).toBe(u[i] + p.q[i]);
  for (let a = 0; a < p.contacts; a++) {
    expect(Math.hypot(res.r[3 * a + 1], res.r[3 * a + 2])).toBeLessThanOrEqual(p.mu[a] * res.r[3 * a] * (1 + 1e-12) + 1e-300);
  }
  return res;
}

const available = availableSharedProblems('plugins/pd-ip/src/real-problems.test.ts', FILES);

describe('pd-ip on the shared Siconos problems', () => {
  for (const file of FILES) {
    test.skipIf(!available.has(file))(`should reach siconos 1e-8 on ${file} with the defaults (Nesterov–Todd), in few Newton steps`, async () => {
      const p = (await readProblem(sharedProblem(file))).problem;
      const res = solve(p, {});
      expect(res.converged).toBe(true);
      expect(res.stats!.method).toBe('nesterov-todd');
      expect(res.error).toBe(new SiconosMerit().evaluate(p, res.r));
      expect(res.error).toBeLessThanOrEqual(1e-8);
      // measured 6 to 42 (README)
      expect(res.iterations).toBeLessThanOrEqual(60);
    });

    test.skipIf(!available.has(file))(`should reach siconos 1e-8 on ${file} with the barrier method`, async () => {
      const p = (await readProblem(sharedProblem(file))).problem;
      const res = solve(p, { method: 'barrier' });
      expect(res.converged).toBe(true);
      expect(res.error).toBeLessThanOrEqual(1e-8);
      // measured 11 to 54 (README): the interior point's count, not a first-order method's
      expect(res.iterations).toBeLessThanOrEqual(80);
    });

    test.skipIf(!available.has(file))(`should solve the relaxed problem of ${file} to eq 10 ≤ 1e-6`, async () => {
      const p = (await readProblem(sharedProblem(file))).problem;
      const res = solve(p, { cone: 'relaxed', tolerance: 1e-6 });
      expect(res.converged).toBe(true);
      expect(res.merit).toBe('projected-gradient');
    });
  }
});

// A step of 100 cubes dropped into a box (`bench/peers.mjs`, step 263, 179 contacts, four per
// face on face: W singular), dumped with the warm start the simulation gave its solver.
describe('pd-ip on a step of dropped cubes', () => {
  const fixture = new URL('./__fixtures__/cubes-step-263.hdf5', import.meta.url).pathname;

  test('should finish, after a stall with the shift\'s derivative, with the shift lagged (and stall without)', async () => {
    const loaded = await readProblem(fixture);
    const p = loaded.problem;
    const warmStart = Float64Array.from(loaded.guesses![0].r);
    const run = (opts: z.input<typeof options>) => plugin.create(options.parse({ tolerance: 1e-8, maxIterations: 150, ...opts }), testContext()).solve(p, { warmStart });
    const stops = run({ lagShiftOnStall: false });
    expect(stops.reason).toBe('stalled');
    // measured 2.4e-5 after 55 steps
    expect(stops.error).toBeGreaterThan(1e-6);
    expect(stops.stats!.shiftLaggedFrom).toBe(0);
    const lags = run({});
    expect(lags.converged).toBe(true);
    expect(new SiconosMerit().evaluate(p, lags.r)).toBeLessThanOrEqual(1e-8);
    // the lag begins where the run without it stopped: the same steps up to there
    expect(lags.stats!.shiftLaggedFrom).toBe(stops.iterations);
    expect(lags.iterations).toBeGreaterThan(stops.iterations);
  });
});
