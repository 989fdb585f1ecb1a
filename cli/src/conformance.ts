import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { MoreauError, closestName, discoverPluginPackages, importPluginPackage, otherCoreCopy } from '@moreau/core';
import type { AnyPlugin, PluginKind } from '@moreau/core';
import { jsonArg, numberArg, parseCommandArgs } from './args.js';
import type { NamedPropertyReport, SuiteReport } from '@moreau/conformance/runner';
import type { CliIO } from './io.js';
import { renderTable } from './table.js';

export const conformanceHelp = `moreau conformance <package-name-or-path> [options]

Runs the conformance suites of @moreau/conformance on every plugin the package exports
(an installed package name, or a path to a package folder or module), each with the
suite of its kind: solvers, kinematics, detectors, integrators, merits. Prints pass /
fail / skip per property.

  --options '<json>'   the plugin's options, e.g. '{"relaxation": 1.2}' (default: its defaults)
  --runs <n>           runs per property (default 25)
  --seed <s>           fast-check seed; the same seed replays a run (default: random, printed)
  --only '<property>'  run only this property (repeat for more); with the seed of a failed
                       run, replays its failure of that property exactly (each failure
                       prints this command)
  --tol <t>            solvers: tolerance convergence claims are checked against
                       (default: the plugin's "tolerance" option)
  --cone <c>           solvers: the problem their answers are judged on, "coulomb" or
                       "relaxed" (its convex relaxation, u in the dual cone), for a solver
                       whose options choose which it solves, e.g. --options '{"cone":"relaxed"}'
                       (default: "relaxed" for a solver that declares only the relaxed
                       cone, else "coulomb")
  --json               print one JSON object instead of tables

Solvers run in a worker thread under a watchdog: a solve still running past
max(10 × its time budget, 15 s) (120 s for calls without a budget) fails the property
it was in, and the run goes on with the next property in a fresh worker.

Exit status: 0 every property the plugin claims passed, 1 a property failed or was
inconclusive, 2 user error (e.g. @moreau/conformance is not installed, or it has no
suite for the plugin's kind).`;

// The runner of @moreau/conformance is imported when the command runs, not before: the suites
// load fast-check and vitest, which no other command needs. Its types are imported as types.

/** One property's outcome, any suite's. */
export type PropertyOutcome = NamedPropertyReport<string>;

/** The suite's outcome for one plugin, any suite's (the solver suite's adds what this command does not read). */
export type SuiteOutcome = SuiteReport<string> & { tolerance?: number };

/** What a runner function takes: the same for every kind (`tolerance` matters to solvers). */
export interface SuiteRunOptions {
  options?: Record<string, unknown>;
  tolerance?: number;
  /** Solvers: the problem the answers are judged on (the suite's default when absent). */
  cone?: 'coulomb' | 'relaxed';
  runs?: number;
  seed?: number;
  /** Property names to run; the others are reported as skipped. */
  only?: string[];
  onProperty?: (p: PropertyOutcome) => void;
  /** Solvers: where a child process loads the plugin from (the cross-process determinism property). */
  module?: { specifier: string; cwd: string };
  /** Solvers: where other processes load the installed solver packages registered beside the plugin. */
  companionModules?: { specifier: string; cwd: string }[];
}

type SuiteRunner = (plugin: AnyPlugin, options: SuiteRunOptions) => Promise<SuiteOutcome>;

/** The runner function of @moreau/conformance/runner for each plugin kind that has a suite. */
export const SUITE_RUNNERS = {
  solver: 'runSolverConformance',
  kinematics: 'runKinematicsConformance',
  detector: 'runDetectorConformance',
  integrator: 'runIntegratorConformance',
  merit: 'runMeritConformance',
} as const satisfies Partial<Record<PluginKind, string>>;

type SuiteKind = keyof typeof SUITE_RUNNERS;
type ConformanceRunner = Partial<Record<(typeof SUITE_RUNNERS)[SuiteKind], SuiteRunner>>;

const RUNNER = '@moreau/conformance/runner';

const hasSuite = (p: AnyPlugin | undefined): p is Extract<AnyPlugin, { kind: SuiteKind }> => p !== undefined && p !== null && p.kind in SUITE_RUNNERS;

/**
 * Loads the conformance runner at run time: from where this command is installed, else from
 * the working folder. A missing package is a usage error that says how to install it.
 */
async function loadRunner(cwd: string): Promise<ConformanceRunner> {
  const failures: string[] = [];
  const candidates: (() => string)[] = [() => RUNNER, () => pathToFileURL(createRequire(join(cwd, 'noop.js')).resolve(RUNNER)).href];
  for (const locate of candidates) {
    try {
      const mod = (await import(locate())) as ConformanceRunner;
      if (Object.values(SUITE_RUNNERS).some((fn) => typeof mod[fn] === 'function')) return mod;
      failures.push('it exports no suite runner');
    } catch (e) {
      failures.push((e as Error).message.split('\n')[0]);
    }
  }
  throw new MoreauError('E_USAGE',
    `moreau conformance needs the package @moreau/conformance, which could not be loaded from @moreau/cli's location or from ${cwd} (${failures.join('; ')}). Install it next to @moreau/cli: npm install --save-dev @moreau/conformance`);
}

/** The runner function for each plugin, or E_UNSUPPORTED naming the kinds the installed package has no suite for. */
export function suitesFor(plugins: Extract<AnyPlugin, { kind: SuiteKind }>[], runner: ConformanceRunner): SuiteRunner[] {
  const missing = [...new Set(plugins.map((p) => p.kind).filter((k) => typeof runner[SUITE_RUNNERS[k]] !== 'function'))];
  if (missing.length) {
    const names = plugins.filter((p) => missing.includes(p.kind)).map((p) => `${p.kind} "${p.name}"`).join(', ');
    throw new MoreauError('E_UNSUPPORTED',
      `No conformance suite available for ${missing.join(', ')} plugins (${names}): the installed @moreau/conformance does not export ${missing.map((k) => SUITE_RUNNERS[k]).join(', ')}. Update @moreau/conformance.`);
  }
  return plugins.map((p) => runner[SUITE_RUNNERS[p.kind]]!);
}

function coneArg(value: string | boolean | undefined): 'coulomb' | 'relaxed' | undefined {
  if (value === undefined) return undefined;
  if (value === 'coulomb' || value === 'relaxed') return value;
  throw new MoreauError('E_USAGE', `--cone expects "coulomb" or "relaxed", got "${String(value)}"`);
}

function seedArg(value: string | boolean | undefined): number | undefined {
  if (value === undefined) return undefined;
  const s = Number(value);
  if (typeof value !== 'string' || value.trim() === '' || !Number.isInteger(s) || s < 0 || s > 0x7fffffff) {
    throw new MoreauError('E_USAGE', `--seed expects an integer from 0 to ${0x7fffffff}, got "${String(value)}"`);
  }
  return s;
}

export async function conformanceCommand(args: string[], io: CliIO): Promise<number> {
  const { values, positionals } = parseCommandArgs('conformance', args, {
    options: { type: 'string' }, runs: { type: 'string' }, seed: { type: 'string' }, tol: { type: 'string' }, cone: { type: 'string' }, json: { type: 'boolean' },
    only: { type: 'string', multiple: true },
  });
  if (positionals.length !== 1) {
    throw new MoreauError('E_USAGE', `moreau conformance expects one package name or path, got ${positionals.length}.\n\n${conformanceHelp}`);
  }
  const spec = positionals[0];
  const runs = numberArg('runs', values.runs, true);
  const seed = seedArg(values.seed);
  const tolerance = numberArg('tol', values.tol);
  const options = jsonArg('options', values.options);
  const only = onlyArg(values.only);
  const cone = coneArg(values.cone);

  // Said before loading it: a second copy of core can be why loading fails.
  const copy = otherCoreCopy(spec, io.cwd);
  if (copy) io.err(`moreau conformance: ${copy}`);
  const exported = await importPluginPackage(spec, io.cwd);
  const plugins = exported.filter(hasSuite);
  if (plugins.length === 0) {
    const kinds = exported.map((p) => `${String(p?.kind)} "${String(p?.name)}"`).join(', ');
    throw new MoreauError('E_USAGE', `"${spec}" exports no plugin with a conformance suite (it exports: ${kinds}); suites exist for ${Object.keys(SUITE_RUNNERS).join(', ')} plugins.`, { file: spec });
  }
  if (cone !== undefined && !plugins.some((p) => p.kind === 'solver')) {
    throw new MoreauError('E_USAGE', `--cone is for solvers; "${spec}" exports ${plugins.map((p) => `${p.kind} "${p.name}"`).join(', ')}.`, { file: spec });
  }
  const suites = suitesFor(plugins, await loadRunner(io.cwd));
  const companions = discoverPluginPackages(io.cwd).filter((name) => name !== spec);

  const reports: (SuiteOutcome & { kind: SuiteKind })[] = [];
  for (const [i, plugin] of plugins.entries()) {
    // Each property's line as it finishes, so a run that stalls has shown what it found so far.
    const onProperty = values.json ? undefined : (p: PropertyOutcome) => io.err(`${plugin.name}: ${p.status} ${p.name}${p.status === 'fail' ? ` — ${(p.reason ?? '').split('\n')[0]}` : ''}`);
    const module = plugin.kind === 'solver' ? { specifier: spec, cwd: io.cwd } : undefined;
    // A solver may build chains of other solvers by name (as `auto` does): the installed ones are registered beside it.
    const companionModules = plugin.kind === 'solver' ? companions.map((name) => ({ specifier: name, cwd: io.cwd })) : undefined;
    const outcome = await suites[i](plugin, { options, tolerance: plugin.kind === 'solver' ? tolerance : undefined, ...(plugin.kind === 'solver' && cone !== undefined ? { cone } : {}), runs, seed, only, onProperty, module, companionModules });
    reports.push({ kind: plugin.kind, ...outcome });
  }
  // With --only, a suite none of whose properties was named ran nothing: leave it out.
  const shown = only ? reports.filter((r) => r.properties.some((p) => only.includes(p.name))) : reports;
  if (only) checkOnly(only, reports);
  const passed = shown.every((r) => r.passed);
  if (values.json) io.out(JSON.stringify({ package: spec, passed, reports: shown }));
  else {
    const given = `${options ? ` --options ${shellQuote(JSON.stringify(options))}` : ''}${tolerance !== undefined ? ` --tol ${tolerance}` : ''}${cone !== undefined ? ` --cone ${cone}` : ''}`;
    io.out(shown.map((r) => renderConformanceReport(r, `moreau conformance ${shellQuote(spec)}${given} --runs ${r.runs} --seed ${r.seed}`, r.kind, only)).join('\n\n'));
  }
  return passed ? 0 : 1;
}

function onlyArg(value: unknown): string[] | undefined {
  if (value === undefined) return undefined;
  const names = (Array.isArray(value) ? value : [value]).map(String);
  const empty = names.find((n) => n.trim() === '');
  if (empty !== undefined) throw new MoreauError('E_USAGE', '--only needs a property name, got an empty string.');
  return names;
}

/** E_USAGE for a --only name no suite has (a typo would otherwise run nothing and pass), with the closest name. */
function checkOnly(only: string[], reports: SuiteOutcome[]): void {
  const known = [...new Set(reports.flatMap((r) => r.properties.map((p) => p.name)))];
  const unknown = only.filter((n) => !known.includes(n));
  if (!unknown.length) return;
  const hints = unknown.map((n) => {
    const close = closestName(n, known);
    return `"${n}"${close ? ` (did you mean "${close}"?)` : ''}`;
  });
  throw new MoreauError('E_USAGE', `--only ${hints.join(', ')}: no such property in the suites run; their properties: ${known.map((n) => `"${n}"`).join(', ')}.`);
}

/** `text` as one shell word: as is when it is plainly safe, else in single quotes. */
export function shellQuote(text: string): string {
  return /^[\w@%+=:,./-]+$/.test(text) ? text : `'${text.replace(/'/g, `'\\''`)}'`;
}

/**
 * The plain-text form: one table row per property, then the details of each failure, each
 * with the command that replays it alone. `replay`: the command that replays the run
 * without --only; `only`: the --only names it ran with.
 */
export function renderConformanceReport(r: SuiteOutcome, replay: string, kind: string = 'solver', only?: readonly string[]): string {
  const rows = r.properties.map((p) => [p.name, p.status, p.runs, p.status === 'fail' ? 'see below' : (p.reason ?? '')]);
  const count = (s: PropertyOutcome['status']) => r.properties.filter((p) => p.status === s).length;
  const lines = [
    `${kind} "${r.plugin}" with ${JSON.stringify(r.options)}`,
    `seed ${r.seed}, ${r.runs} runs per property${r.tolerance !== undefined ? `, tolerance ${r.tolerance}` : ''}`,
    '',
    renderTable(['property', 'status', 'runs', 'note'], rows),
    '',
  ];
  for (const p of r.properties.filter((x) => x.status === 'fail')) {
    lines.push(`FAIL ${p.name}`, `  ${p.reason ?? ''}`);
    if (p.counterexample) lines.push(`  counterexample: ${p.counterexample}`);
    if (p.contact) lines.push(`    ${p.contact}`);
    if (p.unshrunk) {
      // Shrinking renumbers contacts: the case as generated says which one it was there.
      lines.push(`  before shrinking: ${p.unshrunk.counterexample}`, `    ${p.unshrunk.reason.split('\n')[0]}`);
      if (p.unshrunk.contact) lines.push(`    ${p.unshrunk.contact}`);
    }
    lines.push(`  fast-check seed ${p.seed}${p.path ? `, path "${p.path}"` : ''}, failed on run ${p.runs}`);
    lines.push(`  replay: ${replay} --only ${shellQuote(p.name)}`, '');
  }
  lines.push(`${r.properties.length} properties: ${count('pass')} pass, ${count('fail')} fail, ${count('inconclusive')} inconclusive, ${count('skip')} skip — ${r.passed ? 'PASSED' : 'FAILED'}`);
  lines.push(`replay: ${replay}${(only ?? []).map((n) => ` --only ${shellQuote(n)}`).join('')}`);
  return lines.join('\n');
}
