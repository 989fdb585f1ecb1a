import { afterAll, describe, test } from 'vitest';
import type { SolverPlugin } from '@moreau/core';
import { prepareSolver, type SolverSuiteOptions } from './solver-harness.js';
import { solverProperties } from './solver-properties.js';
import { SOLVER_PROPERTY_NAMES } from './solver-property.js';
import { propertySeed, suiteSeed, runSolverProperty, type PropertyReport } from './solver-runner.js';
import { watchdogFor } from './solver-watchdog.js';

/** A watched test's own vitest timeout, ms: the watchdog, not vitest, judges how long a solve may take. */
const WATCHED_TEST_TIMEOUT_MS = 30 * 60_000;

/**
 * Registers the solver conformance suite with vitest: one test per property of
 * SOLVER_PROPERTY_NAMES, in a describe block named after the plugin and its options.
 * Properties the plugin does not claim are registered as skipped, with the reason in
 * the title. A failure names the case, the seed and the fast-check path that replay it.
 *
 * The solver is created through core's `resolve()`, so bad options fail here, at
 * registration, with core's E_CONFIG message.
 *
 * With `options.module` (and `watchdog` not false) the properties run in a worker thread
 * under the watchdog (solver-watchdog.ts): a solve that never returns fails its test,
 * naming the budget, instead of hanging vitest. Without a module they run in the test's
 * own thread, where nothing can stop a solver that never returns.
 */
export function solverSuite(plugin: SolverPlugin, options: SolverSuiteOptions & { title?: string } = {}): void {
  if (typeof (plugin as Partial<SolverPlugin> | null)?.create !== 'function') throw new TypeError('solverSuite: expected a solver plugin');
  const sut = prepareSolver(plugin, options);
  const seed = suiteSeed(options.seed);
  const runs = options.runs ?? 25;
  const specs = solverProperties(sut);
  const variant = options.options && Object.keys(options.options).length ? ` with ${JSON.stringify(options.options)}` : ' with default options';
  describe(options.title ?? `solver "${plugin.name}" conformance${variant}`, () => {
    // One worker for the whole block (a fresh one after a hang), stopped after the last test.
    const guard = watchdogFor(plugin, options, seed, runs);
    if (guard) afterAll(() => guard.close());
    for (const [i, name] of SOLVER_PROPERTY_NAMES.entries()) {
      const spec = specs[name];
      if (spec.skip !== undefined) {
        test.skip(`${name} (skipped: ${spec.skip})`, () => {});
        continue;
      }
      test(name, async () => {
        const pseed = propertySeed(seed, i);
        const report = guard ? await guard.runProperty(name, pseed, runs) : runSolverProperty(name, spec, { runs, seed: pseed });
        if (report.status === 'fail' || report.status === 'inconclusive') throw new Error(describeFailure(report, seed));
      }, guard ? WATCHED_TEST_TIMEOUT_MS : undefined);
    }
  });
}

/** The message of a failed or inconclusive property, with what replays it (`seedOfSuite`: the seed the suite ran with). */
export function describeFailure(r: PropertyReport, seedOfSuite?: number): string {
  const lines = [`${r.name}: ${r.status}`, `  ${r.reason ?? ''}`];
  if (r.counterexample) lines.push(`  counterexample: ${r.counterexample}`);
  const suite = seedOfSuite === undefined ? '' : `solverSuite(plugin, { seed: ${seedOfSuite} }); `;
  const runs = r.status === 'fail' ? `failed on run ${r.runs}` : `${r.runs} runs`;
  lines.push(`  replay: ${suite}this property ran fast-check with seed ${r.seed}${r.path ? `, path "${r.path}"` : ''} (${runs})`);
  return lines.join('\n');
}
