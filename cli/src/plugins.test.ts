import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { runCli, tempFolder } from '../test/cli-harness.js';

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

describe('moreau plugins: solvers', () => {
  test('should print what each solver supports in the table form', async () => {
    const run = await runCli(['plugins'], folder());
    expect(run.code).toBe(0);
    // The built-in Gauss–Seidel declares warm starts, the Coulomb cone, friction and rolling resistance.
    expect(run.stdout).toMatch(/\n {2}gauss-seidel — .*\n {4}supports: warmStart: true, cone: coulomb, friction: true, rolling: true\n/);
    // Every solver gets its supports line, right after its summary; other kinds none.
    const solvers = run.stdout.slice(run.stdout.indexOf('solvers:'), run.stdout.indexOf('\n\n'));
    const summaries = solvers.match(/^ {2}\S+ — /gm) ?? [];
    expect(summaries.length).toBeGreaterThan(0);
    expect(solvers.match(/^ {4}supports: /gm)).toHaveLength(summaries.length);
    expect(run.stdout.match(/^ {4}supports: /gm)).toHaveLength(summaries.length);
  });
});

describe('unknown plugin names on the command line', () => {
  const problem = JSON.stringify({ format: 'moreau-problem', version: 1, contacts: 1, W: { dense: [[2, 0, 0], [0, 1, 0], [0, 0, 1]] }, q: [1, 0.5, 0], mu: [0.3] });
  const solveWith = (solver: string) => runCli(['solve', 'sep.json', '--solver', solver], tempFolder({ 'sep.json': problem }));

  test("should map a Siconos solver name to ours, whatever its case", async () => {
    for (const [typed, ours] of [['NSGS', 'gauss-seidel'], ['psor', 'gauss-seidel'], ['NSN_FB', 'semismooth-newton'], ['nsn_ac', 'semismooth-newton']]) {
      const run = await solveWith(typed);
      expect(run.code).toBe(2);
      expect(run.stderr).toMatch(new RegExp(`unknown solver "${typed}"; known solvers: .*; did you mean "${ours}"\\?`));
    }
  });

  test('should suggest the closest name for a misspelling, and our name in another case', async () => {
    expect((await solveWith('gaus-seidel')).stderr).toMatch(/did you mean "gauss-seidel"\?/);
    expect((await solveWith('APGD')).stderr).toMatch(/did you mean "apgd"\?/);
    expect((await solveWith('zzzz')).stderr).not.toMatch(/did you mean/);
  });
});
