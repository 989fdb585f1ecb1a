import { availableSharedProblems, sharedProblem } from '@moreau/conformance';
import { describe, expect, test } from 'vitest';
import { bsrMul, EnergyMerit, EventBus, createRegistry, readProblem, RunContext, SiconosMerit, type FrictionContactProblem, type SolveResult, type z } from '@moreau/core';
import plugin, { options, type PqnStats } from './index.js';

/**
 * PQN from r = 0 on the ten shared problems, with its defaults (siconos merit 1e-8; δ = 10 ·
 * avg W_ii shrinking with ‖C_ω‖) and with paper 000 Table 1 (`preset: 'paper'`: energy merit
 * 1e-8, δ = 0). Where it does not converge it ends at k = n = 1000 (the Gauss-Seidel fallback is
 * what answers there, see bench/pqn.mjs).
 */
const CASES: { file: string; defaults: boolean; paper: boolean }[] = [
  { file: 'FrictionContact3D_1c.dat', defaults: true, paper: true },
  { file: 'FC3D_Example1_SBM.dat', defaults: true, paper: true },
  { file: 'Rover4516.dat', defaults: true, paper: true },
  { file: 'Rover1040.dat', defaults: true, paper: true },
  { file: 'OneObject-i1028-138.hdf5.dat', defaults: false, paper: false },
  { file: 'BoxesStack1-i100000-32.hdf5.dat', defaults: false, paper: false },
  { file: 'LMGC_100_PR_PerioBox-i00361-60-03000.hdf5', defaults: true, paper: true },
  { file: 'Box_Stacks-i0122-82-5.hdf5', defaults: true, paper: true },
  { file: 'Capsules-i101-404.dat', defaults: true, paper: false },
  { file: 'Capsules-i125-1213.hdf5', defaults: true, paper: false },
];

function solve(problem: FrictionContactProblem, opts: z.input<typeof options>): SolveResult {
  return plugin.create(options.parse(opts), new RunContext(createRegistry(), new EventBus())).solve(problem);
}

function expectHonest(problem: FrictionContactProblem, res: SolveResult, converges: boolean): void {
  expect(res.converged).toBe(converges);
  expect(res.reason).toBe(converges ? 'converged' : 'max-iterations');
  if (converges) expect(res.error).toBeLessThan(1e-8);
  else expect(res.iterations).toBe(1000);
  expect((res.stats as unknown as PqnStats).gmresMatVecs).toBeLessThanOrEqual(100_000);
  const u = bsrMul(problem.W, res.r, new Float64Array(problem.size));
  for (let i = 0; i < u.length; i++) expect(res.u[i]).toBe(u[i] + problem.q[i]);
  for (let a = 0; a < problem.contacts; a++) {
    const rt = Math.hypot(res.r[3 * a + 1], res.r[3 * a + 2]);
    expect(rt).toBeLessThanOrEqual(problem.mu[a] * res.r[3 * a] * (1 + 1e-12));
  }
}

const available = availableSharedProblems('plugins/pqn/src/real-problems.test.ts', CASES.map((c) => c.file));

describe('pqn on the shared Siconos problems', () => {
  for (const { file, defaults, paper } of CASES) {
    test.skipIf(!available.has(file))(`should ${defaults ? 'reach the siconos error 1e-8' : 'stop at k = n short of it'} with its defaults on ${file}`, async () => {
      const { problem } = await readProblem(sharedProblem(file));
      const res = solve(problem, {});
      expect(res.error).toBe(new SiconosMerit().evaluate(problem, res.r));
      expectHonest(problem, res, defaults);
    });

    test.skipIf(!available.has(file))(`should ${paper ? 'reach the energy merit 1e-8' : 'stop at k = n short of it'} with paper 000 Table 1 on ${file}`, async () => {
      const { problem } = await readProblem(sharedProblem(file));
      const res = solve(problem, { preset: 'paper' });
      expect(res.error).toBe(new EnergyMerit().evaluate(problem, res.r));
      expectHonest(problem, res, paper);
    });
  }
});
