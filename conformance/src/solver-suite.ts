import { afterAll, describe, test } from 'vitest';
import { MoreauError, type SolverPlugin } from '@moreau/core';
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
  checkPropertyNames(options.only);
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
      if (options.only && !options.only.includes(name)) {
        test.skip(`${name} (not selected)`, () => {});
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

/** E_CONFIG for a name in `only` that is not a property of the solver suite (a typo would otherwise select nothing and pass). */
function checkPropertyNames(only: readonly string[] | undefined): void {
  const unknown = (only ?? []).filter((n) => !(SOLVER_PROPERTY_NAMES as readonly string[]).includes(n));
  if (unknown.length) {
    throw new MoreauError('E_CONFIG',
      `solverSuite: "only" names ${unknown.map((n) => `"${n}"`).join(', ')}, not properties of the solver suite; they are: ${SOLVER_PROPERTY_NAMES.map((n) => `"${n}"`).join(', ')}.`);
  }
}

/** How a suite's failure is replayed from vitest: the function, and whether it takes `only`. */
export interface ReplayCall {
  suite: string;
  only: boolean;
}

/**
 * The message of a failed or inconclusive property: why, the counterexample (and, when
 * shrinking changed it, the case as generated, whose contact numbers are the generator's),
 * and the call that replays it (`seedOfSuite`: the seed the suite ran with).
 */
export function describeFailure(r: PropertyReport, seedOfSuite?: number, call: ReplayCall = { suite: 'solverSuite', only: true }): string {
  const lines = [`${r.name}: ${r.status}`, `  ${r.reason ?? ''}`];
  if (r.counterexample) lines.push(`  counterexample: ${r.counterexample}`);
  if (r.contact) lines.push(`    ${r.contact}`);
  if (r.unshrunk) {
    lines.push(`  before shrinking: ${r.unshrunk.counterexample}`, `    ${r.unshrunk.reason.split('\n')[0]}`);
    if (r.unshrunk.contact) lines.push(`    ${r.unshrunk.contact}`);
  }
  const runs = r.status === 'fail' ? `failed on run ${r.runs}` : `${r.runs} runs`;
  const facts = `fast-check seed ${r.seed}${r.path ? `, path "${r.path}"` : ''}, ${runs}`;
  const only = call.only ? `, only: [${JSON.stringify(r.name)}]` : '';
  lines.push(seedOfSuite === undefined
    ? `  replay: ${facts}`
    : `  replay: ${call.suite}(plugin, { ...options, seed: ${seedOfSuite}${only} }), with the options this suite was given (${facts})`);
  return lines.join('\n');
}
