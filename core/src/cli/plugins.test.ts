import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { runCli, tempFolder } from '../../test/cli-harness.js';

const toyDynamics = fileURLToPath(new URL('./__fixtures__/toy-dynamics.ts', import.meta.url));

function folder(): string {
  return tempFolder({ 'moreau.config.json': JSON.stringify({ plugins: [toyDynamics], solver: { name: 'gauss-seidel' } }) });
}

describe('moreau plugins: the dynamics kinds', () => {
  test('should list kinematics, detectors and integrators with their options and defaults', async () => {
    const run = await runCli(['plugins', '--json'], folder());
    expect(run.code).toBe(0);
    const { plugins } = JSON.parse(run.stdout) as { plugins: { kind: string; name: string; options: { name: string; default?: unknown; description?: string }[] }[] };
    const byName = Object.fromEntries(plugins.map((p) => [p.name, p]));
    expect(byName['toy-body']).toMatchObject({ kind: 'kinematics', options: [{ name: 'damping', default: 0, description: 'velocity damping per second' }] });
    expect(byName['toy-detector']).toMatchObject({ kind: 'detector', options: [{ name: 'margin', default: 0.01 }] });
    expect(byName['toy-integrator']).toMatchObject({ kind: 'integrator', options: [{ name: 'theta', default: 0.5 }] });
  });

  test('should print a section per kind in the table form', async () => {
    const run = await runCli(['plugins'], folder());
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/\nkinematics:\n(.*\n)*? {2}toy-body — a toy body model\n {6}damping: number \(>= 0\) = 0 {2}— velocity damping per second/);
    expect(run.stdout).toMatch(/\ndetectors:\n(.*\n)*? {2}toy-detector — a toy contact detector/);
    expect(run.stdout).toMatch(/\nintegrators:\n(.*\n)*? {2}toy-integrator — a toy time integrator\n {6}theta: number \(>= 0, <= 1\) = 0\.5/);
  });
});
