import { afterAll, describe, expect, test } from 'vitest';
import { fileURLToPath } from 'node:url';
import { runSolverConformance, solverSuite } from './index.js';
import { SolverWatchdog } from './solver-watchdog.js';
import { hangLimitMs, MIN_HANG_LIMIT_MS, UNBUDGETED_LIMIT_MS } from './solver-watch.js';
import { jacobiPlugin } from '../test-fixtures/jacobi-solvers.js';
// @ts-expect-error: a plain-JS fixture without declarations
import hangs from '../test-fixtures/hangs.js';

// These tests run the compiled suite in the watchdog's worker (`npm run build` first, as for
// the cross-process property). The hang is an infinite loop, so the verdict comes after the
// watchdog's limit (MIN_HANG_LIMIT_MS) however busy the machine is; nothing here measures time.
const fixture = (file: string) => ({ specifier: fileURLToPath(new URL(`../test-fixtures/${file}`, import.meta.url)) });
const budget = 'respects the time budget' as const;
const HANG_TEST_MS = 240_000;

// The vitest path with a module: every property of a correct solver passes through the worker.
solverSuite(jacobiPlugin('reference-jacobi'), { runs: 5, seed: 42, module: fixture('jacobi-reference.js'), title: 'solver "reference-jacobi" under the watchdog' });

describe('the conformance watchdog', () => {
  test('should derive a solve\'s limit from its budget, with a floor and a cap for unbudgeted calls', () => {
    expect(hangLimitMs(0)).toBe(MIN_HANG_LIMIT_MS);
    expect(hangLimitMs(250)).toBe(MIN_HANG_LIMIT_MS);
    expect(hangLimitMs(10_000)).toBe(100_000);
    expect(hangLimitMs(undefined)).toBe(UNBUDGETED_LIMIT_MS);
  });

  test('should fail the property whose solve never returns, name its budget and case, and go on with the next', async () => {
    const after = 'same input and options give bit-identical output' as const;
    const seen: string[] = [];
    const report = await runSolverConformance(hangs, {
      runs: 5, seed: 42, only: [budget, after], module: fixture('hangs.js'), onProperty: (p) => seen.push(`${p.status} ${p.name}`),
    });
    const hung = report.properties.find((p) => p.name === budget)!;
    expect(hung.status).toBe('fail');
    expect(hung.reason).toMatch(new RegExp(`^solver did not return within ${MIN_HANG_LIMIT_MS} ms \\(solve of .*\\); the budget was (0|1|2|5|10) ms`));
    expect(hung.counterexample).toMatch(/seed=\d+ .*timeBudgetMs=(0|1|2|5|10)$/);
    // The property after the hang ran in a fresh worker and passed: the run continued.
    expect(report.properties.find((p) => p.name === after)!.status).toBe('pass');
    expect(seen).toContain(`fail ${budget}`);
    expect(seen).toContain(`pass ${after}`);
    expect(report.passed).toBe(false);
  }, HANG_TEST_MS);

  describe('as solverSuite uses it (one worker per block, a fresh one after a hang)', () => {
    const guard = new SolverWatchdog('hangs', { runs: 3, seed: 7, module: { ...fixture('hangs.js'), cwd: process.cwd() } });
    afterAll(() => guard.close());

    test('should turn a hang into a failed property, then run the next property', async () => {
      const hung = await guard.runProperty(budget, 7, 3);
      expect(hung.status).toBe('fail');
      expect(hung.reason).toMatch(/did not return within \d+ ms .*the budget was \d+ ms/);
      const next = await guard.runProperty('u equals W r + q', 8, 3);
      expect(next.status).toBe('pass');
      expect(next.runs).toBe(3);
    }, HANG_TEST_MS);
  });

  test('should fail the property, not hang, when the module does not export the plugin', async () => {
    const guard = new SolverWatchdog('no-such-solver', { runs: 1, seed: 1, module: { ...fixture('hangs.js'), cwd: process.cwd() } });
    try {
      const r = await guard.runProperty('u equals W r + q', 1, 1);
      expect(r.status).toBe('fail');
      expect(r.reason).toMatch(/could not prepare the plugin: .*no solver plugin named "no-such-solver"/);
    } finally {
      await guard.close();
    }
  });

  test('should keep the in-process path when asked to (watchdog: false)', async () => {
    const report = await runSolverConformance(jacobiPlugin('reference-jacobi'), { runs: 3, seed: 42, only: ['u equals W r + q'], module: fixture('jacobi-reference.js'), watchdog: false });
    expect(report.properties.find((p) => p.name === 'u equals W r + q')!.status).toBe('pass');
  });
});
