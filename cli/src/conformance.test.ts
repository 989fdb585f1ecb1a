import { describe, expect, test } from 'vitest';
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { main } from './main.js';
import type { CliIO } from './io.js';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** Runs `moreau <args>` in process from the repository root, collecting its output. */
async function run(args: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = '', err = '';
  const io: CliIO = { out: (t) => { out += `${t}\n`; }, err: (t) => { err += `${t}\n`; }, isTTY: false, cwd: root };
  const code = await main(args, io);
  return { code, out, err };
}

/** The lines of the report from "FAIL <name>" to the blank line after it. */
function failureBlock(out: string, name: string): string {
  const start = out.indexOf(`FAIL ${name}\n`);
  expect(start, out).toBeGreaterThanOrEqual(0);
  return out.slice(start, out.indexOf('\n\n', start) + 1);
}

/** A command line's words as a POSIX shell splits them (plain words and single-quoted ones). */
function shellWords(line: string): string[] {
  return [...line.matchAll(/'([^']*)'|(\S+)/g)].map((m) => m[1] ?? m[2]);
}

interface JsonReport {
  passed: boolean;
  reports: { plugin: string; passed: boolean; seed: number; properties: { name: string; status: string; reason?: string; counterexample?: string }[] }[];
}

describe('moreau conformance', () => {
  test('should pass the example plugin, a plain-JS package outside the workspaces', async () => {
    const { code, out } = await run(['conformance', './examples/projected-jacobi', '--json', '--runs', '10']);
    const report = JSON.parse(out) as JsonReport;
    expect(report.passed).toBe(true);
    expect(code).toBe(0);
    expect(report.reports.map((r) => r.plugin)).toEqual(['projected-jacobi']);
    const statuses = report.reports[0].properties.map((p) => `${p.name}: ${p.status}`);
    expect(statuses).toHaveLength(26);
    // The properties it does not claim: core's refusal of μ > 0 concerns friction: false plugins, the rolling ones supports.rolling.
    for (const s of statuses) expect(s).toMatch(/: pass$|^core refuses frictional problems to a frictionless-only plugin: skip$|^a frictionless-only plugin refuses μ > 0 or claims only true solutions: skip$|^rolling: .*: skip$/);
    expect(statuses).toContain('same input gives bit-identical output in another process: pass');
  });

  test('should print a table and a replay line, reproducible by seed', async () => {
    const { code, out } = await run(['conformance', './examples/projected-jacobi', '--runs', '5', '--seed', '11', '--options', '{"tolerance": 1e-7}']);
    expect(code).toBe(0);
    expect(out).toMatch(/^solver "projected-jacobi" with \{"tolerance":1e-7,/);
    expect(out).toMatch(/result lies in the friction cones\s+pass\s+5/);
    expect(out).toContain('26 properties: 20 pass, 0 fail, 0 inconclusive, 6 skip — PASSED');
    expect(out).toContain(`replay: moreau conformance ./examples/projected-jacobi --options '{"tolerance":1e-7}' --runs 5 --seed 11`);
  });

  // Five plugins through every property: about a minute on a busy 2-core machine, past the
  // configured 60 s; the limit only stops a run that hangs, it measures nothing.
  test('should fail each broken fixture, naming the property it breaks', async () => {
    const { code, out } = await run(['conformance', './conformance/test-fixtures/broken-solvers.js', '--json', '--runs', '4', '--seed', '42']);
    expect(code).toBe(1);
    const report = JSON.parse(out) as JsonReport;
    expect(report.passed).toBe(false);
    const failed = Object.fromEntries(report.reports.map((r) => [r.plugin, r.properties.filter((p) => p.status === 'fail').map((p) => p.name)]));
    expect(failed['leaves-cone']).toContain('result lies in the friction cones');
    expect(failed['claims-convergence']).toContain('converged implies merit within tolerance');
    expect(failed['returns-nan']).toContain('outputs are finite, converged or not');
    expect(failed['ignores-cap']).toContain('respects the iteration cap');
    expect(failed['stale-velocity']).toContain('u equals W r + q');
  }, 300_000);

  test('should explain a failure in the table form', async () => {
    const { code, out } = await run(['conformance', './conformance/test-fixtures/leaves-cone.js', '--runs', '5', '--seed', '3']);
    expect(code).toBe(1);
    expect(out).toMatch(/result lies in the friction cones\s+fail\s+\d+\s+see below/);
    expect(out).toMatch(/FAIL result lies in the friction cones\n {2}r of contact \d+ = \[.*\] is outside K_μ/);
    expect(out).toMatch(/counterexample: random seed=\d+/);
    expect(out).toContain('FAILED');
  });

  test('should print, with each failure, the command that replays it, and that command should print the same failure', async () => {
    // 100 iterations at most: each solve ends long before the suite's 250 ms budget however busy
    // the machine, so where it stops (and what it returns) cannot depend on the load.
    const first = await run(['conformance', './conformance/test-fixtures/leaves-cone-at-last-contact.js', '--runs', '5', '--seed', '9', '--options', '{"maxIterations":100}']);
    expect(first.code).toBe(1);
    const block = failureBlock(first.out, 'result lies in the friction cones');
    // Shrinking renumbers contacts: the block also names the contact as generated (the last one).
    expect(block).toMatch(/\n {2}before shrinking: random seed=\d+ contacts=(\d+) .*\n {4}r of contact \d+ = .*\n {4}contact (\d+) of \1 \(the last\): μ = /);
    const replay = /\n {2}replay: moreau conformance (.*)\n/.exec(block)![1];
    expect(replay).toBe(`./conformance/test-fixtures/leaves-cone-at-last-contact.js --options '{"maxIterations":100}' --runs 5 --seed 9 --only 'result lies in the friction cones'`);
    const again = await run(['conformance', ...shellWords(replay)]);
    expect(again.code).toBe(1);
    expect(failureBlock(again.out, 'result lies in the friction cones').replace(/fast-check seed.*\n/, '')).toBe(block.replace(/fast-check seed.*\n/, ''));
    expect(again.out).toContain('26 properties: 0 pass, 1 fail, 0 inconclusive, 25 skip — FAILED');
  }, 120_000);

  test('should refuse an --only name no suite has, suggesting the closest', async () => {
    const res = await run(['conformance', './examples/projected-jacobi', '--runs', '1', '--only', 'respects the iteration caps']);
    expect(res.code).toBe(2);
    expect(res.err).toMatch(/^E_USAGE: --only "respects the iteration caps" \(did you mean "respects the iteration cap"\?\): no such property/m);
  });

  test.each([
    [[], 'E_USAGE'],
    [['./examples/projected-jacobi', '--seed', '-3'], 'E_USAGE'],
    [['./examples/projected-jacobi', '--runs', '0'], 'E_USAGE'],
    [['./examples/projected-jacobi', '--options', '{"tolerance": -1}'], 'E_CONFIG'],
    [['./no/such/plugin'], 'E_FILE_IO'],
    [['not-an-installed-package'], 'E_UNKNOWN_PLUGIN'],
    [['./examples/projected-jacobi', './examples/projected-jacobi'], 'E_USAGE'],
    [['./examples/projected-jacobi', '--cone', 'lorentz'], 'E_USAGE'],
    [['./plugins/integrators', '--cone', 'relaxed'], 'E_USAGE'],
  ])('should reject %j with %s and status 2', async (args, code) => {
    const res = await run(['conformance', ...args]);
    expect(res.code).toBe(2);
    expect(res.err).toMatch(new RegExp(`^${code}: `));
  });

  // The interior point method solves the relaxed problem when asked to: judged on the Coulomb
  // problem its answers fail where a contact slides; --cone relaxed judges them on the problem solved.
  test('should judge a solver on the relaxed problem with --cone relaxed, and say so in the replay line', async () => {
    const args = ['conformance', './plugins/pd-ip', '--options', '{"cone":"relaxed"}', '--runs', '5', '--seed', '5', '--only', 'converged implies merit within tolerance'];
    const coulomb = await run(args);
    expect(coulomb.code).toBe(1);
    expect(coulomb.out).toMatch(/converged implies merit within tolerance\s+fail/);
    const relaxed = await run([...args, '--cone', 'relaxed']);
    expect(relaxed.code, relaxed.out).toBe(0);
    expect(relaxed.out).toMatch(/converged implies merit within tolerance\s+pass\s+5/);
    expect(relaxed.out).toContain(`--cone relaxed --runs 5 --seed 5`);
  }, 60_000);

  test('should run the merit suite on a merit plugin', async () => {
    const { code, out } = await run(['conformance', './core/src/merit/siconos.ts', '--runs', '5', '--seed', '3']);
    expect(out).toMatch(/^merit "siconos" with \{\}/);
    expect(out).toMatch(/is zero at an exact solution\s+pass\s+5/);
    expect(out).toContain('7 properties: 7 pass, 0 fail, 0 inconclusive, 0 skip — PASSED');
    expect(code).toBe(0);
  });

  // The compiled command in a process of its own (`npm run build` first): a solver that never
  // returns ends the run with status 1 instead of hanging it. The hang is infinite, so the
  // verdict comes at the watchdog's limit (15 s for these budgets) on any machine; the kill
  // below only stops a run that would otherwise hang this test.
  test('should end a run whose solver never returns, failing that property and naming the budget', async () => {
    const bin = fileURLToPath(new URL('../bin/moreau.js', import.meta.url));
    const res = await new Promise<{ code: number | null; out: string; err: string }>((done) => {
      const child = execFile(process.execPath, [bin, 'conformance', './conformance/test-fixtures/hangs.js', '--json', '--runs', '3', '--seed', '42'],
        { cwd: root, timeout: 240_000, killSignal: 'SIGKILL' }, (_e, out, err) => done({ code: child.exitCode, out, err }));
    });
    expect(res.code).toBe(1);
    const report = JSON.parse(res.out) as JsonReport;
    const hung = report.reports[0].properties.find((p) => p.name === 'respects the time budget')!;
    expect(hung.status).toBe('fail');
    expect(hung.reason).toMatch(/^solver did not return within 15000 ms .*the budget was (0|1|2|5|10) ms/);
    // Every property after it ran (in a fresh worker) and was reported.
    expect(report.reports[0].properties).toHaveLength(26);
    expect(report.reports[0].properties.find((p) => p.name === 'u equals W r + q')!.status).toBe('pass');
  }, 300_000);

  test('should stream each property as it finishes, the hung one included', async () => {
    const { code, err, out } = await run(['conformance', './conformance/test-fixtures/hangs.js', '--runs', '2', '--seed', '42']);
    expect(code).toBe(1);
    expect(err).toMatch(/^hangs: fail respects the time budget — solver did not return within 15000 ms .*the budget was \d+ ms/m);
    expect(err.indexOf('hangs: pass respects the iteration cap')).toBeLessThan(err.indexOf('hangs: fail respects the time budget'));
    expect(out).toMatch(/FAIL respects the time budget\n {2}solver did not return within/);
  }, 300_000);
});

