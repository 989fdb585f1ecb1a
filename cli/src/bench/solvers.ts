import { basename, isAbsolute, resolve as resolvePath } from 'node:path';
import { applyOverrides, createRegistry, didYouMean, findConfig, importPluginPackage, isMoreauError, MoreauError, openRun, readConfigFile, resolve as resolveRun, withRegisteredDefault } from '@moreau/core';
import type { PluginRegistry, ResolvedRun, SolverConfig, SolverPlugin, StopOverrides } from '@moreau/core';
import type { SolverSpec } from './args.js';
import type { PluginSource } from '../jobs/job.js';

/** One solver configuration of a bench: its label in every output, and the run that solves. */
export interface BenchSolver {
  label: string;
  run: ResolvedRun;
  /** Where its plugins come from, for a worker to rebuild the same run. */
  plugins: PluginSource;
}

/**
 * Builds every solver configuration of a bench, in the order asked, through the same
 * machinery as `moreau solve` (registry, plugin loading, `resolve`, the `--tol` /
 * `--max-iter` / `--merit` overrides of whichever solver runs):
 * - a registered name (installed packages, and the working folder's moreau.config.json
 *   plugins); explicit `--options` win over the overrides;
 * - a plugin package by path (or scoped package name), imported as `moreau conformance`
 *   imports one, each solver it exports in a registry of its own (so a modified copy of
 *   a built-in can race the original under the same name);
 * - a config file: its solver chain, fallbacks included, with the plugins it lists.
 * With no spec, the working folder's config chain (else the default solver), as `moreau solve`.
 * Every configuration is validated before the first solve.
 */
export async function benchSolvers(specs: SolverSpec[], cwd: string, stop: StopOverrides): Promise<BenchSolver[]> {
  const local = findConfig(cwd);
  let shared: PluginRegistry | undefined;
  const sharedRegistry = async () => (shared ??= await localRegistry(cwd));
  const asked: SolverSpec[] = specs.length ? specs : local.file ? [{ kind: 'config', file: local.file }]
    : [{ kind: 'solver', spec: withRegisteredDefault(local, await sharedRegistry()).config.solver.name }];
  const solvers: BenchSolver[] = [];
  for (const spec of asked) {
    if (spec.kind === 'config') {
      const loaded = await openRun(readConfigFile(resolvePath(cwd, spec.file)));
      const { registry } = loaded;
      const origin = basename(spec.file);
      const plugins: PluginSource = { kind: 'registry', baseDir: loaded.dir, extra: loaded.config.plugins ?? [] };
      solvers.push(build(origin, (name) => `${origin}: ${name}`, registry, plugins, loaded.config.solver, stop));
    } else if (isPluginPath(spec.spec)) {
      for (const plugin of await solverPluginsAt(spec.spec, cwd)) {
        const registry = createRegistry().register(plugin, spec.spec);
        const label = `${plugin.name} (${spec.spec})${optionsLabel(spec.options)}`;
        solvers.push(build(label, () => label, registry, { kind: 'package', spec: spec.spec, cwd }, { name: plugin.name }, stop, spec.options));
      }
    } else {
      const registry = await sharedRegistry();
      if (!registry.has('solver', spec.spec)) {
        const known = registry.names('solver');
        throw new MoreauError('E_UNKNOWN_PLUGIN',
          `--solver "${spec.spec}": unknown solver; known solvers: ${known.join(', ') || '(none registered)'}${didYouMean('solver', spec.spec, known)}. A plugin outside the registry is given by path, e.g. --solver ./my-solver.`);
      }
      const label = `${spec.spec}${optionsLabel(spec.options)}`;
      const plugins: PluginSource = { kind: 'registry', baseDir: local.dir, extra: local.config.plugins ?? [] };
      solvers.push(build(label, () => label, registry, plugins, { name: spec.spec }, stop, spec.options));
    }
  }
  return uniqueLabels(solvers);
}

/** The registry of registered names: installed plugin packages and those the working folder's config lists. */
export async function localRegistry(cwd: string): Promise<PluginRegistry> {
  return (await openRun({ cwd })).registry;
}

/** A path (`./x`, `/x`, `x/y.js`) or a scoped package name: a plugin to import, not a registered name. */
export function isPluginPath(spec: string): boolean {
  return spec.startsWith('.') || spec.startsWith('@') || isAbsolute(spec) || spec.includes('/') || /\.(m?js|ts)$/.test(spec);
}

async function solverPluginsAt(spec: string, cwd: string): Promise<SolverPlugin[]> {
  const exported = await importPluginPackage(spec, cwd);
  const solvers = exported.filter((p): p is SolverPlugin => p?.kind === 'solver');
  if (solvers.length === 0) {
    const kinds = exported.map((p) => `${String(p?.kind)} "${String(p?.name)}"`).join(', ');
    throw new MoreauError('E_USAGE', `--solver ${spec}: the package exports no solver plugin (it exports: ${kinds}).`, { file: spec });
  }
  return solvers;
}

/**
 * Resolves one configuration: the stop overrides on every link that has the option,
 * then the explicit options on the first link. Configuration errors name the label.
 */
function build(origin: string, labelOf: (chain: string) => string, registry: PluginRegistry, plugins: PluginSource, chain: SolverConfig, stop: StopOverrides, explicit?: Record<string, unknown>): BenchSolver {
  let config = applyOverrides(chain, registry, stop);
  if (explicit) config = { ...config, options: { ...config.options, ...explicit } };
  try {
    const run = resolveRun(config, registry);
    return { label: labelOf(run.solver.name), run, plugins };
  } catch (e) {
    if (!isMoreauError(e)) throw e;
    const err = new MoreauError(e.code, `${origin}: ${e.message}`, e.where, { cause: e });
    err.issues = e.issues;
    throw err;
  }
}

const optionsLabel = (options?: Record<string, unknown>) => (options && Object.keys(options).length ? ` ${JSON.stringify(options)}` : '');

/** The same label twice (the same solver asked twice) gets " #2", " #3", ... */
function uniqueLabels(solvers: BenchSolver[]): BenchSolver[] {
  const count = new Map<string, number>();
  return solvers.map((s) => {
    const k = (count.get(s.label) ?? 0) + 1;
    count.set(s.label, k);
    return k === 1 ? s : { ...s, label: `${s.label} #${k}` };
  });
}
