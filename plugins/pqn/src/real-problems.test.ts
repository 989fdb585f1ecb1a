import { haveSharedProblems as present, sharedProblem } from '@moreau/conformance';
import { describe, expect, test } from 'vitest';
import { bsrMul, EnergyMerit, EventBus, createRegistry, readProblem, RunContext } from '@moreau/core';
import plugin, { options, type PqnStats } from './index.js';


/**
 * PQN with paper 000 Table 1's defaults from r = 0. It reaches the energy merit 1e-8 on six
 * of the ten; on the other four the projected steps stop making progress and it ends at
 * k = n = 1000 (the Gauss-Seidel fallback is what answers there, see bench/pqn.mjs).
 */
const CASES: { file: string; converges: boolean }[] = [
  { file: 'FrictionContact3D_1c.dat', converges: true },
  { file: 'FC3D_Example1_SBM.dat', converges: true },
  { file: 'Rover4516.dat', converges: true },
  { file: 'Rover1040.dat', converges: true },
  { file: 'OneObject-i1028-138.hdf5.dat', converges: false },
  { file: 'BoxesStack1-i100000-32.hdf5.dat', converges: false },
  { file: 'LMGC_100_PR_PerioBox-i00361-60-03000.hdf5', converges: true },
  { file: 'Box_Stacks-i0122-82-5.hdf5', converges: true },
  { file: 'Capsules-i101-404.dat', converges: false },
  { file: 'Capsules-i125-1213.hdf5', converges: false },
];

describe.skipIf(!present)('pqn on the shared Siconos problems', () => {
  for (const { file, converges } of CASES) {
    test(`should ${converges ? 'reach the energy merit 1e-8' : 'stop at k = n short of 1e-8'} on ${file}`, async () => {
      const { problem } = await readProblem(sharedProblem(file));
      const res = plugin.create(options.parse({}), new RunContext(createRegistry(), new EventBus())).solve(problem);
      expect(res.converged).toBe(converges);
      expect(res.reason).toBe(converges ? 'converged' : 'max-iterations');
      expect(res.error).toBe(new EnergyMerit().evaluate(problem, res.r));
      if (converges) expect(res.error).toBeLessThan(1e-8);
      else expect(res.iterations).toBe(1000);
      const st = res.stats as unknown as PqnStats;
      expect(st.gmresMatVecs).toBeLessThanOrEqual(100_000);
      const u = bsrMul(problem.W, res.r, new Float64Array(problem.size));
      for (let i = 0; i < u.length; i++) expect(res.u[i]).toBe(u[i] + problem.q[i]);
      for (let a = 0; a < problem.contacts; a++) {
        const rt = Math.hypot(res.r[3 * a + 1], res.r[3 * a + 2]);
        expect(rt).toBeLessThanOrEqual(problem.mu[a] * res.r[3 * a] * (1 + 1e-12));
      }
    });
  }

  test('should converge on the Capsules problems with δ relative to the mean diagonal of W (§8.1.2)', async () => {
    for (const file of ['Capsules-i101-404.dat', 'Capsules-i125-1213.hdf5']) {
      const { problem } = await readProblem(sharedProblem(file));
      const s = plugin.create(options.parse({ delta: { value: 1, relativeTo: 'avgWii' } }), new RunContext(createRegistry(), new EventBus()));
      const res = s.solve(problem);
      expect(res.converged, file).toBe(true);
      expect(res.iterations).toBeLessThan(100);
    }
  });
});
