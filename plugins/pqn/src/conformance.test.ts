import { runSolverConformance, solverSuite } from '@moreau/conformance';
import { expect, test } from 'vitest';
import plugin from './index.js';

// With paper 000 §8.1.2's relative regularisation δ = 1 · avg W_ii, PQN passes every property.
solverSuite(plugin, { options: { delta: { value: 1, relativeTo: 'avgWii' } } });

// With Table 1's defaults (δ = 0) it does not: on some one-contact sticking problems the
// undamped projected steps alternate between the stick and the slip linearisations and never
// converge. Such configurations rely on the Gauss-Seidel fallback, which the suite does not run.
// The runner makes the known failure an assertion instead of hiding it: if the defaults ever pass
// the sticking case, this test fails and the expectation should move.
test('pqn with Table 1 defaults fails only the analytic sticking case', async () => {
  const report = await runSolverConformance(plugin, { seed: 20261125, runs: 20 });
  const failing = report.properties.filter((p) => p.status !== 'pass' && p.status !== 'skip').map((p) => `${p.name}: ${p.status}`);
  expect(failing).toEqual(['analytic: sticking contact gives u = 0: fail']);
}, 120_000);
