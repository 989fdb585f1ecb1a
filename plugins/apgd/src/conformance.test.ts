import { runSolverConformance, solverSuite } from '@moreau/conformance';
import { expect, test } from 'vitest';
import plugin from './index.js';

solverSuite(plugin);
solverSuite(plugin, { options: { restart: 'gradient' } });
solverSuite(plugin, { options: { variant: 'nesterov' } });
solverSuite(plugin, { options: { variant: 'acary', rho: 'eigenwrho', rhoUpdate: 'none' } });
solverSuite(plugin, { options: { cone: 'relaxed' }, cone: 'relaxed' });

// Paper 003 as published stops when eq 22 ≤ 1e-3 after passes solved to eq 10 ≤ 1e-3: a siconos
// error of about 1e-3, never the 1e-8 the suite asks for. So the analytic cases fail, and the
// properties that need a converged solve to compare with are inconclusive. The runner makes that
// an assertion: if the preset ever passes one of these, or fails another, this test fails.
test('apgd with preset paper fails the analytic cases and nothing else', async () => {
  const report = await runSolverConformance(plugin, { options: { preset: 'paper' }, seed: 20261125, runs: 20 });
  const failing = report.properties.filter((p) => p.status !== 'pass' && p.status !== 'skip').map((p) => `${p.name}: ${p.status}`);
  expect(failing).toEqual([
    'warm start at a solution returns it within one iteration: inconclusive',
    'analytic: sticking contact gives u = 0: fail',
    'analytic: sliding on the cone boundary, slip opposite the friction force: fail',
    'analytic: frictionless problems match the LCP solution: fail',
    'invariance: permuting the contacts permutes r: inconclusive',
    'invariance: scaling q by c > 0 scales r by c: inconclusive',
    'warm start near a solution takes fewer iterations than a cold start: inconclusive',
    'rolling: converged implies siconos within tolerance: inconclusive',
  ]);
}, 120_000);
