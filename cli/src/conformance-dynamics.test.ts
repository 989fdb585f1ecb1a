import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { runCli } from '../test/cli-harness.js';

// `moreau conformance` on the dynamics plugins of this repository: each exported plugin
// goes through the suite of its kind, with the report shape of the solver suite.

const root = fileURLToPath(new URL('../..', import.meta.url));

interface Report {
  passed: boolean;
  reports: { kind: string; plugin: string; passed: boolean; properties: { name: string; status: string }[] }[];
}

describe('moreau conformance: kinematics, integrators, detectors', () => {
  test('should run the kinematics suite on the rigid kinematics and pass', async () => {
    const run = await runCli(['conformance', './plugins/kinematics-rigid', '--runs', '3', '--seed', '5', '--json'], root);
    const report = JSON.parse(run.stdout) as Report;
    expect(report.reports.map((r) => [r.kind, r.plugin])).toEqual([['kinematics', 'rigid']]);
    expect(report.reports[0].properties.length).toBeGreaterThan(5);
    expect(report.passed, run.stdout).toBe(true);
    expect(run.code).toBe(0);
  });

  test('should run the integrator suite on each of the three integrators and name the kind in the table', async () => {
    const run = await runCli(['conformance', './plugins/integrators', '--runs', '3', '--seed', '5'], root);
    expect(run.code, run.stdout).toBe(0);
    for (const name of ['moreau-midpoint', 'linearly-implicit', 'implicit-euler']) expect(run.stdout).toMatch(new RegExp(`(^|\\n)integrator "${name}" with `));
    expect(run.stdout).toMatch(/replay: moreau conformance \.\/plugins\/integrators --runs 3 --seed 5/);
  });

  test('should run the detector suite on the contact detection and pass', async () => {
    const run = await runCli(['conformance', './plugins/contact-detection', '--runs', '3', '--seed', '5', '--json'], root);
    const report = JSON.parse(run.stdout) as Report;
    expect(report.reports.map((r) => [r.kind, r.plugin])).toEqual([['detector', 'contact-detection']]);
    expect(report.passed, run.stdout).toBe(true);
    expect(run.code).toBe(0);
  });
});
