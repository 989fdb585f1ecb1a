import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { SolverPlugin } from '../plugin/contracts.js';
import { MoreauError } from '../plugin/errors.js';
import { importPluginPackage } from '../plugin/load-plugins.js';
import { jsonArg, numberArg, parseCommandArgs } from './args.js';
import type { CliIO } from './io.js';
import { renderTable } from './table.js';

export const conformanceHelp = `moreau conformance <package-name-or-path> [options]

Runs the solver conformance suite of @moreau/conformance on every solver plugin the
package exports (an installed package name, or a path to a package folder or module),
and prints pass / fail / skip per property.

  --options '<json>'   the plugin's options, e.g. '{"relaxation": 1.2}' (default: its defaults)
  --runs <n>           runs per property (default 25)
  --seed <s>           fast-check seed; the same seed replays a run (default: random, printed)
  --tol <t>            tolerance convergence claims are checked against
                       (default: the plugin's "tolerance" option)
  --json               print one JSON object instead of tables

Exit status: 0 every property the plugin claims passed, 1 a property failed or was
inconclusive, 2 user error (e.g. @moreau/conformance is not installed).`;

// The shapes of @moreau/conformance/runner this command uses. Core never imports the
// conformance package (it depends on core), so they are restated here, not imported.

/** One property's outcome, as @moreau/conformance reports it. */
export interface PropertyOutcome {
  name: string;
  status: 'pass' | 'fail' | 'skip' | 'inconclusive';
  reason?: string;
  counterexample?: string;
  seed: number;
  path?: string;
  runs: number;
  inconclusive: number;
  ms: number;
}

/** The suite's outcome for one plugin, as @moreau/conformance reports it. */
export interface SuiteOutcome {
  plugin: string;
  options: Record<string, unknown>;
  tolerance?: number;
  seed: number;
  runs: number;
  passed: boolean;
  properties: PropertyOutcome[];
}

interface ConformanceRunner {
  runSolverConformance(plugin: SolverPlugin, options: {
    options?: Record<string, unknown>; tolerance?: number; runs?: number; seed?: number;
    onProperty?: (p: PropertyOutcome) => void;
  }): Promise<SuiteOutcome>;
}

const RUNNER = '@moreau/conformance/runner';

/**
 * Loads the conformance runner at run time: from where core is installed, else from the
 * working folder. A missing package is a usage error that says how to install it.
 */
async function loadRunner(cwd: string): Promise<ConformanceRunner> {
  const failures: string[] = [];
  const candidates: (() => string)[] = [() => RUNNER, () => pathToFileURL(createRequire(join(cwd, 'noop.js')).resolve(RUNNER)).href];
  for (const locate of candidates) {
    try {
      const mod = (await import(locate())) as Partial<ConformanceRunner>;
      if (typeof mod.runSolverConformance === 'function') return mod as ConformanceRunner;
      failures.push('it does not export runSolverConformance');
    } catch (e) {
      failures.push((e as Error).message.split('\n')[0]);
    }
  }
  throw new MoreauError('E_USAGE',
    `moreau conformance needs the package @moreau/conformance, which could not be loaded from @moreau/core's location or from ${cwd} (${failures.join('; ')}). Install it next to @moreau/core: npm install --save-dev @moreau/conformance`);
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
    options: { type: 'string' }, runs: { type: 'string' }, seed: { type: 'string' }, tol: { type: 'string' }, json: { type: 'boolean' },
  });
  if (positionals.length !== 1) {
    throw new MoreauError('E_USAGE', `moreau conformance expects one package name or path, got ${positionals.length}.\n\n${conformanceHelp}`);
  }
  const spec = positionals[0];
  const runs = numberArg('runs', values.runs, true);
  const seed = seedArg(values.seed);
  const tolerance = numberArg('tol', values.tol);
  const options = jsonArg('options', values.options);

  const exported = await importPluginPackage(spec, io.cwd);
  const solvers = exported.filter((p): p is SolverPlugin => p?.kind === 'solver');
  if (solvers.length === 0) {
    const kinds = exported.map((p) => `${String(p?.kind)} "${String(p?.name)}"`).join(', ');
    throw new MoreauError('E_USAGE', `"${spec}" exports no solver plugin (it exports: ${kinds}); moreau conformance runs the solver suite.`, { file: spec });
  }
  const runner = await loadRunner(io.cwd);

  const reports: SuiteOutcome[] = [];
  for (const plugin of solvers) {
    const onProperty = !values.json && io.isTTY ? (p: PropertyOutcome) => io.err(`\r\x1b[K${plugin.name}: ${p.status} ${p.name}\r`) : undefined;
    reports.push(await runner.runSolverConformance(plugin, { options, tolerance, runs, seed, onProperty }));
    if (onProperty) io.err('\r\x1b[K\r');
  }
  const passed = reports.every((r) => r.passed);
  if (values.json) io.out(JSON.stringify({ package: spec, passed, reports }));
  else {
    const given = `${options ? ` --options '${JSON.stringify(options)}'` : ''}${tolerance !== undefined ? ` --tol ${tolerance}` : ''}`;
    io.out(reports.map((r) => renderConformanceReport(r, `moreau conformance ${spec}${given} --runs ${r.runs} --seed ${r.seed}`)).join('\n\n'));
  }
  return passed ? 0 : 1;
}

/** The plain-text form: one table row per property, then the details of each failure. */
export function renderConformanceReport(r: SuiteOutcome, replay: string): string {
  const rows = r.properties.map((p) => [p.name, p.status, p.runs, p.status === 'fail' ? 'see below' : (p.reason ?? '')]);
  const count = (s: PropertyOutcome['status']) => r.properties.filter((p) => p.status === s).length;
  const lines = [
    `solver "${r.plugin}" with ${JSON.stringify(r.options)}`,
    `seed ${r.seed}, ${r.runs} runs per property${r.tolerance !== undefined ? `, tolerance ${r.tolerance}` : ''}`,
    '',
    renderTable(['property', 'status', 'runs', 'note'], rows),
    '',
  ];
  for (const p of r.properties.filter((x) => x.status === 'fail')) {
    lines.push(`FAIL ${p.name}`, `  ${p.reason ?? ''}`);
    if (p.counterexample) lines.push(`  counterexample: ${p.counterexample}`);
    lines.push(`  fast-check seed ${p.seed}${p.path ? `, path "${p.path}"` : ''}`, '');
  }
  lines.push(`${r.properties.length} properties: ${count('pass')} pass, ${count('fail')} fail, ${count('inconclusive')} inconclusive, ${count('skip')} skip — ${r.passed ? 'PASSED' : 'FAILED'}`);
  lines.push(`replay: ${replay}`);
  return lines.join('\n');
}
