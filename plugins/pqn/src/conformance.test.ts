import { runSolverConformance, solverSuite } from '@moreau/conformance';
import { expect, test } from 'vitest';
import plugin, { options } from './index.js';

// The defaults (siconos merit; δ = 10 · avg W_ii, shrinking with ‖C_ω‖) pass every property.
solverSuite(plugin);

// Paper 000 Table 1 in the paper's unknown, the impulse (δ = 0; the `paper` preset), does not: on
// some one-contact sticking problems the undamped projected steps alternate between the stick and
// the slip linearisations and never converge. Such configurations rely on the Gauss-Seidel
// fallback, which the suite does not run. The same settings in Solfec's unknown, the mean force
// over a step (`solfec-drum`: reaction scale 1e-3), pass every property. The runner makes the known
// failure an assertion instead of hiding it: if a preset's failures change, this test fails.
const KNOWN_FAILURES: Record<string, string[]> = {
  paper: ['analytic: sticking contact gives u = 0: fail'],
  'solfec-drum': [],
};
for (const preset of Object.keys(options.presets)) {
  test(`pqn with preset ${preset} fails only its known cases`, async () => {
    const report = await runSolverConformance(plugin, { options: { preset }, seed: 20261125, runs: 20 });
    const failing = report.properties.filter((p) => p.status !== 'pass' && p.status !== 'skip').map((p) => `${p.name}: ${p.status}`);
    expect(failing).toEqual(KNOWN_FAILURES[preset]);
  }, 120_000);
}
