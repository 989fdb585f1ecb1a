import { describe, expect, test } from 'vitest';
import { isMoreauError } from '@moreau/core';
import { describeFailure, randomProblem, runSolverConformance, prepareSolver, SOLVER_PROPERTY_NAMES, solverSuite } from './index.js';
import { fileURLToPath } from 'node:url';
import { brokenSolvers, frictionlessOnFrictional, pidNoise, refusesFriction, refusesFrictionUncoded } from '../test-fixtures/broken-solvers.js';
import { jacobiPlugin } from '../test-fixtures/jacobi-solvers.js';

// The suite on a correct solver: every property registered, all pass.
solverSuite(jacobiPlugin('reference-jacobi'), { runs: 15 });
// A plugin claiming less: its unclaimed properties show up as skipped, with the reason.
solverSuite(jacobiPlugin('frictionless-jacobi', {}, { supports: { friction: false, warmStart: false } }), { runs: 10 });

const failing = (r: Awaited<ReturnType<typeof runSolverConformance>>) => r.properties.filter((p) => p.status === 'fail').map((p) => p.name);
// Tests that compare verdicts or messages across runs give every solve a budget no busy machine
// reaches: with the default 250 ms, where a large solve stops (and so what it returns) can
// depend on the load. The time-budget property sets its own budgets.
const UNHURRIED = { timeBudgetMs: 60_000 };

describe('solver suite catches broken solvers', () => {
  for (const [label, { plugin, breaks }] of Object.entries(brokenSolvers)) {
    test(`should fail "${label}" on "${breaks}"`, async () => {
      // The property it breaks, and one it keeps (the command-line test runs every property on them).
      const kept = breaks === 'respects the iteration cap' ? 'u equals W r + q' : 'respects the iteration cap';
      const report = await runSolverConformance(plugin, { ...UNHURRIED, runs: 10, seed: 42, only: [breaks, kept] });
      expect(report.properties.find((p) => p.name === kept)!.status).toBe('pass');
      expect(report.passed).toBe(false);
      expect(failing(report)).toContain(breaks);
      const failure = report.properties.find((p) => p.name === breaks)!;
      expect(failure.reason).toBeTruthy();
      expect(failure.counterexample).toMatch(/seed=\d+/);
      expect(failure.seed).toBe(42 + SOLVER_PROPERTY_NAMES.indexOf(breaks));
    });
  }

  test('should pass the reference solver on the same seed (the failures come from the defects)', async () => {
    const only = [...new Set(Object.values(brokenSolvers).map((b) => b.breaks))];
    const report = await runSolverConformance(jacobiPlugin('reference-jacobi'), { ...UNHURRIED, runs: 10, seed: 42, only });
    expect(failing(report)).toEqual([]);
    // What it skips (it declares friction: true) the frictionless-only reference runs: it refuses μ > 0 itself.
    const frictionless = await runSolverConformance(refusesFriction, { ...UNHURRIED, runs: 10, seed: 42, only });
    const status = (name: string) => [report, frictionless].map((r) => r.properties.find((p) => p.name === name)!.status).find((x) => x !== 'skip');
    expect(only.map(status)).toEqual(only.map(() => 'pass'));
  });

  test('should catch the memory defects with the new properties only: every older property passes them', async () => {
    // The two ownership properties were added last; before them these fixtures passed the whole suite.
    const ownership = ['results are not aliased with solver state', 'inputs are not mutated'] as const;
    const older = SOLVER_PROPERTY_NAMES.filter((n) => !(ownership as readonly string[]).includes(n));
    for (const key of ['returns-workspace', 'overwrites-warm-start'] as const) {
      const report = await runSolverConformance(brokenSolvers[key].plugin, { ...UNHURRIED, runs: 5, seed: 42, only: [...older] });
      const statuses = report.properties.filter((p) => older.includes(p.name)).map((p) => p.status);
      expect(statuses.every((s) => s === 'pass' || s === 'skip'), `${key}: ${failing(report).join(', ')}`).toBe(true);
      expect(failing(report)).toEqual([]);
    }
  }, 120_000);

  test('should catch a frictional problem solved as frictionless, and a warm start used only at a solution, with their properties only', async () => {
    // Before these two properties, each fixture passed the whole suite.
    for (const key of ['silently-frictionless', 'warm-starts-only-at-solution'] as const) {
      const { plugin, breaks } = brokenSolvers[key];
      const report = await runSolverConformance(plugin, { ...UNHURRIED, runs: 5, seed: 42 });
      expect(failing(report), key).toEqual([breaks]);
      expect(report.properties.every((p) => p.status !== 'inconclusive'), key).toBe(true);
    }
  }, 120_000);

  test('should name what a memory defect changed', async () => {
    const only = ['results are not aliased with solver state', 'inputs are not mutated'] as const;
    const aliased = await runSolverConformance(brokenSolvers['returns-workspace'].plugin, { runs: 10, seed: 42, only: [...only] });
    expect(aliased.properties.find((p) => p.name === only[0])!.reason).toMatch(/the first result's u changed when the same instance then solved/);
    expect(aliased.properties.find((p) => p.name === only[1])!.status).toBe('pass');
    const mutated = await runSolverConformance(brokenSolvers['overwrites-warm-start'].plugin, { runs: 10, seed: 42, only: [...only] });
    expect(mutated.properties.find((p) => p.name === only[1])!.reason).toMatch(/modified the caller's warm-start array/);
    expect(mutated.properties.find((p) => p.name === only[0])!.status).toBe('pass');
  });

  test('should name the failing contact as generated, before shrinking renumbered it', async () => {
    const cone = 'result lies in the friction cones' as const;
    const report = await runSolverConformance(brokenSolvers['leaves-cone-at-last-contact'].plugin, { runs: 10, seed: 42, only: [cone] });
    const failure = report.properties.find((p) => p.name === cone)!;
    expect(failure.status).toBe('fail');
    // The generated case: the defect sits at its last contact, and the report says so.
    const generated = /contacts=(\d+)/.exec(failure.unshrunk!.counterexample)!;
    const last = Number(generated[1]) - 1;
    expect(last).toBeGreaterThan(0);
    expect(failure.unshrunk!.reason).toMatch(new RegExp(`^r of contact ${last} = `));
    expect(failure.unshrunk!.contact).toMatch(new RegExp(`^contact ${last} of ${last + 1} \\(the last\\): μ = [\\d.e-]+, q = \\[.*\\], W block \\(${last}, ${last}\\) = \\[\\[`));
    // The shrunk case is smaller and names its own (renumbered) contact.
    expect(Number(/contacts=(\d+)/.exec(failure.counterexample!)![1])).toBeLessThan(last + 1);
    expect(failure.contact).toMatch(/^contact \d+ of \d+ \((the last|the only one)\)/);
    expect(describeFailure(failure, 42)).toMatch(/before shrinking: .*\n.*\n {4}contact \d+ of \d+ \(the last\)/);
  });

  test('should replay a failure from the call its message prints', async () => {
    const { plugin } = brokenSolvers['leaves-cone-at-last-contact'];
    const first = await runSolverConformance(plugin, { ...UNHURRIED, runs: 10, seed: 5 });
    const failure = first.properties.find((p) => p.status === 'fail')!;
    const replay = /replay: solverSuite\(plugin, \{ \.\.\.options, seed: (\d+), only: \[(".*")\] \}\)/.exec(describeFailure(failure, first.seed))!;
    const again = await runSolverConformance(plugin, { ...UNHURRIED, runs: 10, seed: Number(replay[1]), only: [JSON.parse(replay[2])] });
    const replayed = again.properties.find((p) => p.name === failure.name)!;
    expect(replayed).toEqual({ ...failure, ms: replayed.ms });
    expect(again.properties.filter((p) => p.status !== 'skip').map((p) => p.name)).toEqual([failure.name]);
  });

  test('should refuse a property name the suite does not have, rather than select nothing', () => {
    let thrown: unknown;
    try {
      solverSuite(jacobiPlugin('reference-jacobi'), { only: ['respects the budget' as never] });
    } catch (e) {
      thrown = e;
    }
    expect(isMoreauError(thrown, 'E_CONFIG')).toBe(true);
    expect((thrown as Error).message).toMatch(/"respects the budget", not properties of the solver suite/);
  });

  test('should report the same failure for the same seed', async () => {
    const { plugin } = brokenSolvers['returns-nan'];
    const only = ['outputs are finite, converged or not' as const];
    const a = await runSolverConformance(plugin, { ...UNHURRIED, runs: 10, seed: 7, only });
    const b = await runSolverConformance(plugin, { ...UNHURRIED, runs: 10, seed: 7, only });
    expect(a.properties[2].status).toBe('fail');
    expect(b.properties[2]).toEqual({ ...a.properties[2], ms: b.properties[2].ms });
  });
});

describe('solver suite cannot be gamed', () => {
  const fixture = (file: string) => ({ specifier: fileURLToPath(new URL(`../test-fixtures/${file}`, import.meta.url)) });
  const statusOf = (r: Awaited<ReturnType<typeof runSolverConformance>>, name: string) => r.properties.find((p) => p.name === name)!.status;

  test('should fail noise seeded by the process id across processes, though each process is deterministic', async () => {
    const across = 'same input gives bit-identical output in another process' as const, within = 'same input and options give bit-identical output' as const;
    const report = await runSolverConformance(pidNoise, { runs: 5, seed: 42, only: [across, within], module: fixture('pid-noise.js') });
    expect(statusOf(report, within)).toBe('pass');
    expect(statusOf(report, across)).toBe('fail');
    expect(report.properties.find((p) => p.name === across)!.reason).toMatch(/two processes returned different answers/);
  }, 60_000);

  test('should pass the reference solver across processes', async () => {
    const across = 'same input gives bit-identical output in another process' as const;
    const report = await runSolverConformance(jacobiPlugin('reference-jacobi'), { runs: 5, seed: 42, only: [across], module: fixture('jacobi-reference.js') });
    expect(statusOf(report, across)).toBe('pass');
  }, 60_000);

  test('should skip the cross-process property without a module to load, saying how to give one', async () => {
    const across = 'same input gives bit-identical output in another process' as const;
    const report = await runSolverConformance(jacobiPlugin('reference-jacobi'), { runs: 1, seed: 1, only: [across] });
    expect(report.properties.find((p) => p.name === across)!.reason).toMatch(/pass \{ module \}/);
  });

  test('should check core\'s refusal of μ > 0 for a frictionless-only plugin that would answer it anyway', async () => {
    const refused = 'core refuses frictional problems to a frictionless-only plugin' as const;
    const report = await runSolverConformance(frictionlessOnFrictional, { runs: 10, seed: 42, only: [refused] });
    expect(statusOf(report, refused)).toBe('pass');
    // The defence is core's: the plugin's own solver still answers a frictional problem as frictionless.
    const sut = prepareSolver(frictionlessOnFrictional);
    const p = randomProblem(3, { contacts: 5, mu: [0.3, 0.8] });
    const own = sut.instance().solver.solve(p, { maxIterations: 50 });
    expect(own.r.every((v, i) => i % 3 === 0 || v === 0)).toBe(true);
    let thrown: unknown;
    try {
      sut.chain().solve(p);
    } catch (e) {
      thrown = e;
    }
    expect(isMoreauError(thrown, 'E_UNSUPPORTED')).toBe(true);
    expect((thrown as Error).message).toMatch(/"frictionless-on-frictional" declares supports.friction = false.*contact 0/);
  });

  test('should fail a frictionless-only plugin that claims convergence on μ > 0 by the merit with μ = 0', async () => {
    const own = 'a frictionless-only plugin refuses μ > 0 or claims only true solutions' as const;
    const report = await runSolverConformance(brokenSolvers['silently-frictionless'].plugin, { ...UNHURRIED, runs: 10, seed: 42, only: [own] });
    expect(report.properties.find((p) => p.name === own)!.reason)
      .toMatch(/^called directly on a problem with μ > 0, the plugin \(friction: false\) claimed convergence, but the siconos merit of its r with the problem's own μ is \S+ > tolerance 1e-8/);
  });

  test('should pass a frictionless-only plugin that refuses μ > 0 with a code or never claims a wrong answer, and fail an uncoded refusal', async () => {
    const own = 'a frictionless-only plugin refuses μ > 0 or claims only true solutions' as const;
    const run = (plugin: typeof refusesFriction) => runSolverConformance(plugin, { ...UNHURRIED, runs: 10, seed: 42, only: [own] });
    // E_UNSUPPORTED, as core's chain; iterating with μ = 0 but judging with the real μ (it never converges there).
    for (const plugin of [refusesFriction, frictionlessOnFrictional]) expect(statusOf(await run(plugin), own), plugin.name).toBe('pass');
    const uncoded = (await run(refusesFrictionUncoded)).properties.find((p) => p.name === own)!;
    expect(uncoded.status).toBe('fail');
    expect(uncoded.reason).toMatch(/threw Error: refuses-friction-uncoded solves frictionless problems only.*refuse with a MoreauError of one of core's codes/);
  });

  test('should judge the merit the options request, whatever merit the result names', () => {
    expect(prepareSolver(jacobiPlugin('reference-jacobi')).meritName).toBe('siconos');
    expect(prepareSolver(jacobiPlugin('reference-jacobi'), { options: { merit: 'energy' } }).meritName).toBe('energy');
    expect(prepareSolver(jacobiPlugin('relaxed', {}, { supports: { cone: 'relaxed' } })).meritName).toBe('siconos');
  });
});

describe('solver suite reads the capabilities a plugin declares', () => {
  test('should skip the warm-start properties for a plugin without warm starts, saying why', async () => {
    const plugin = jacobiPlugin('cold-jacobi', {}, { supports: { warmStart: false } });
    const names = ['warm start at a solution returns it within one iteration', 'warm start near a solution takes fewer iterations than a cold start'] as const;
    const report = await runSolverConformance(plugin, { runs: 5, seed: 1, only: [...names] });
    for (const name of names) {
      const warm = report.properties.find((p) => p.name === name)!;
      expect(warm.status).toBe('skip');
      expect(warm.reason).toMatch(/warmStart = false/);
    }
  });

  test('should name the iterations cold and warm when a warm start near a solution saves none', async () => {
    const near = 'warm start near a solution takes fewer iterations than a cold start' as const;
    const report = await runSolverConformance(brokenSolvers['warm-starts-only-at-solution'].plugin, { ...UNHURRIED, runs: 10, seed: 42, only: [near] });
    const failure = report.properties.find((p) => p.name === near)!;
    expect(failure.reason).toMatch(/^warm started at its own converged r perturbed by δ = 1\.000e-5 \(relative\), the solver took more than 0\.9 × its cold iterations on (\d) of \1 problems \(cold → warm: (\d+) → \2,/);
  });

  test('should skip sticking and sliding for a frictionless-only plugin and the sliding case for the relaxed cone', async () => {
    const statusOf = async (supports: object) => {
      const r = await runSolverConformance(jacobiPlugin('claims', {}, { supports }), { runs: 5, seed: 1, only: ['analytic: separation gives r = 0'] });
      return Object.fromEntries(r.properties.filter((p) => p.name.startsWith('analytic')).map((p) => [p.name, `${p.status}: ${p.reason ?? ''}`]));
    };
    const frictionless = await statusOf({ friction: false });
    expect(frictionless['analytic: separation gives r = 0']).toBe('pass: ');
    expect(frictionless['analytic: sticking contact gives u = 0']).toMatch(/^skip: .*friction: false/);
    expect(frictionless['analytic: sliding on the cone boundary, slip opposite the friction force']).toMatch(/^skip: .*friction: false/);
    expect(frictionless['analytic: frictionless problems match the LCP solution']).toBe('skip: not selected');
    const relaxed = await statusOf({ cone: 'relaxed' });
    expect(relaxed['analytic: sticking contact gives u = 0']).toBe('skip: not selected');
    expect(relaxed['analytic: sliding on the cone boundary, slip opposite the friction force']).toMatch(/^skip: .*relaxed cone/);
    expect(prepareSolver(jacobiPlugin('relaxed', {}, { supports: { cone: 'relaxed' } })).cone).toBe('relaxed');
    expect(prepareSolver(jacobiPlugin('both', {}, { supports: { cone: 'both' } })).cone).toBe('coulomb');
  });

  test('should report a property as inconclusive when no run proves anything', async () => {
    // Converges nowhere within one iteration: the convergence claim is never exercised.
    const report = await runSolverConformance(jacobiPlugin('reference-jacobi'), { runs: 5, seed: 3, maxIterations: 1, only: ['converged implies merit within tolerance'] });
    const p = report.properties.find((x) => x.name === 'converged implies merit within tolerance')!;
    expect(p.status).toBe('inconclusive');
    expect(p.inconclusive).toBe(5);
    expect(report.passed).toBe(false);
  });
});

describe('prepareSolver', () => {
  test('should validate options through resolve() and fill defaults', () => {
    const sut = prepareSolver(jacobiPlugin('reference-jacobi'), { options: { tolerance: 1e-6 } });
    expect(sut.options).toEqual({ tolerance: 1e-6, maxIterations: 20_000, merit: 'siconos' });
    expect(sut.tolerance).toBe(1e-6);
    let thrown: unknown;
    try {
      prepareSolver(jacobiPlugin('reference-jacobi'), { options: { tolerance: -1, colour: 'red' } });
    } catch (e) {
      thrown = e;
    }
    expect(isMoreauError(thrown, 'E_CONFIG')).toBe(true);
  });

  test('should refuse something that is not a solver plugin', () => {
    // @ts-expect-error: check the runtime guard
    expect(() => prepareSolver({ name: 'x' })).toThrow(TypeError);
    expect(() => solverSuite(null as never)).toThrow(TypeError);
  });

  test('should run the plugin\'s own solver, not the fallback chain', () => {
    const sut = prepareSolver(jacobiPlugin('reference-jacobi'));
    expect(sut.instance().solver.constructor.name).toBe('Jacobi');
  });
});
