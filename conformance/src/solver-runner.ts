import fc from 'fast-check';
import type { SolverPlugin } from '@moreau/core';
import { prepareSolver, type SolverSuiteOptions, type SolverUnderTest } from './solver-harness.js';
import { solverProperties } from './solver-properties.js';
import { SOLVER_PROPERTY_NAMES, type SolverPropertyName, type SolverPropertySpec } from './solver-property.js';
import { watchdogFor } from './solver-watchdog.js';
import { caseFailure, type CaseFailure } from './solver-counterexample.js';
import type { ConformanceReport, PropertyReport } from './suite-report.js';

export type { ConformanceReport, NamedPropertyReport, PropertyReport, PropertyStatus, SuiteReport } from './suite-report.js';

export interface RunnerOptions extends SolverSuiteOptions {
  /** Called after each property, e.g. to print progress. */
  onProperty?: (report: PropertyReport) => void;
}

/**
 * The seed of a run that does not give one (the report carries it): the seed the test run
 * fixed (`suiteSeed()`'s sources), so `npm test` draws the same cases every time, and a
 * random one only where nothing fixed it (the `moreau conformance` command, which prints it).
 */
export function randomSeed(): number {
  return fixedSeed() ?? Math.floor(Math.random() * 0x7fffffff);
}

/**
 * The seed a vitest suite runs with: the given one, else fast-check's global seed (set once
 * for a whole test run by core/test/setup.ts from MOREAU_FC_SEED, so CI samples the same
 * problems every time), else MOREAU_FC_SEED itself (a package testing its plugin without
 * that setup), else a random one (MOREAU_FC_SEED=random, to explore). Failures print it, and
 * MOREAU_FC_SEED=<that seed> replays the run.
 */
export function suiteSeed(seed?: number): number {
  return seed ?? randomSeed();
}

/** fast-check's global seed, else an integer MOREAU_FC_SEED, else undefined. */
function fixedSeed(): number | undefined {
  const global = fc.readConfigureGlobal().seed;
  if (global !== undefined) return global;
  const env = (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env?.MOREAU_FC_SEED;
  return env !== undefined && /^\d+$/.test(env.trim()) ? Number(env) % 0x7fffffff : undefined;
}

/** The seed of the i-th property of a run started with `seed`. */
export function propertySeed(seed: number, i: number): number {
  return (seed + i) % 0x7fffffff;
}

/**
 * Runs one property `runs` times with fast-check (shrinking a failure unless the spec says
 * not to) and reports it. Never throws for a failing plugin: the failure is in the report.
 */
export function runSolverProperty(
  name: SolverPropertyName, spec: SolverPropertySpec, options: { runs: number; seed: number; onRun?: (label: string) => void },
): PropertyReport {
  const { seed } = options;
  const runs = Math.min(options.runs, spec.maxRuns ?? Infinity);
  if (spec.skip !== undefined) return { name, status: 'skip', reason: spec.skip, seed, runs: 0, inconclusive: 0, ms: 0 };
  const reasons = new Map<string, number>();
  let inconclusive = 0;
  // The first failure is the case as generated; every later one is a shrinking step.
  let first: CaseFailure | undefined;
  const property = fc.property(spec.arbitrary, (c) => {
    options.onRun?.(c.label);
    let verdict;
    try {
      verdict = spec.predicate(c);
    } catch (e) {
      first ??= caseFailure(c, e);
      throw e;
    }
    if (verdict) {
      inconclusive++;
      reasons.set(verdict.inconclusive, (reasons.get(verdict.inconclusive) ?? 0) + 1);
    }
  });
  const t0 = performance.now();
  const out = fc.check(property, { numRuns: runs, seed, endOnFailure: spec.noShrink === true });
  const ms = performance.now() - t0;
  if (out.failed) {
    const shrunk = caseFailure(out.counterexample?.[0] ?? { label: '' }, out.errorInstance);
    const changed = first && (first.counterexample !== shrunk.counterexample || first.contact !== shrunk.contact);
    return {
      name, status: 'fail', reason: shrunk.reason, ...(shrunk.counterexample ? { counterexample: shrunk.counterexample } : {}),
      ...(shrunk.contact ? { contact: shrunk.contact } : {}), ...(changed ? { unshrunk: first } : {}),
      seed, path: out.counterexamplePath ?? undefined, runs: out.numRuns, inconclusive: 0, ms,
    };
  }
  const why = [...reasons].map(([r, n]) => `${n}× ${r}`).join('; ');
  if (inconclusive >= out.numRuns) return { name, status: 'inconclusive', reason: `no run was conclusive: ${why}`, seed, runs: out.numRuns, inconclusive, ms };
  return { name, status: 'pass', ...(inconclusive ? { reason: `${inconclusive} of ${out.numRuns} runs inconclusive: ${why}` } : {}), seed, runs: out.numRuns, inconclusive, ms };
}

/**
 * Runs the solver conformance suite on `plugin` without vitest (the `moreau conformance`
 * command uses this): the solver is built through core's `resolve()`, every property of
 * SOLVER_PROPERTY_NAMES runs `runs` times, and the report says pass, fail, skip or
 * inconclusive per property, with seeds and counterexamples. Throws MoreauError for a
 * malformed plugin (E_PLUGIN_CONTRACT) or invalid options (E_CONFIG).
 *
 * With `options.module` (and `watchdog` not false) every property runs in a worker thread
 * under the watchdog (solver-watchdog.ts): a solve past its limit fails the property it
 * was in, and the run continues with the next property in a fresh worker.
 */
export async function runSolverConformance(plugin: SolverPlugin, options: RunnerOptions = {}): Promise<ConformanceReport> {
  const sut = prepareSolver(plugin, options);
  const seed = options.seed ?? randomSeed();
  const runs = options.runs ?? 25;
  const specs = solverProperties(sut);
  const properties: PropertyReport[] = [];
  // With a module to load the plugin from, the properties run in a worker the watchdog can stop.
  const guard = watchdogFor(plugin, options, seed, runs);
  try {
    for (const [i, name] of SOLVER_PROPERTY_NAMES.entries()) {
      const pseed = propertySeed(seed, i);
      const spec = specs[name];
      const selected = !options.only || options.only.includes(name) || spec.skip !== undefined;
      const report = !selected
        ? { name, status: 'skip' as const, reason: 'not selected', seed: pseed, runs: 0, inconclusive: 0, ms: 0 }
        : guard && spec.skip === undefined ? await guard.runProperty(name, pseed, runs) : runSolverProperty(name, spec, { runs, seed: pseed });
      properties.push(report);
      options.onProperty?.(report);
      // Let output written by onProperty reach the terminal between properties.
      await new Promise((done) => setImmediate(done));
    }
  } finally {
    await guard?.close();
  }
  return summarize(sut, seed, runs, properties);
}

function summarize(sut: SolverUnderTest, seed: number, runs: number, properties: PropertyReport[]): ConformanceReport {
  return {
    plugin: sut.plugin.name,
    options: sut.options,
    supports: sut.plugin.supports,
    ...(sut.tolerance !== undefined ? { tolerance: sut.tolerance } : {}),
    seed,
    runs,
    passed: properties.every((p) => p.status === 'pass' || p.status === 'skip'),
    properties,
  };
}
