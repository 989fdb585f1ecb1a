import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { MoreauError } from '../contracts/errors.js';
import { formatIssues } from '../contracts/format-issues.js';
import { moreauConfigSchema, protoOptionProblems, type MoreauConfig, type SolverConfig } from './config.js';
import { openRegistry } from './load-plugins.js';
import type { PluginRegistry } from './registry.js';

export const CONFIG_FILE = 'moreau.config.json';

export interface LoadedConfig {
  config: MoreauConfig;
  /** The folder paths in the config are relative to. */
  dir: string;
  file?: string;
}

/** Reads and validates a config file (structure only; plugin names and options are checked by resolve()). */
export function readConfigFile(file: string): LoadedConfig {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    // Could not be read at all (missing, a folder, no permission, an I/O error): a file error, not a config error.
    const code = (e as NodeJS.ErrnoException).code;
    const why = code === 'ENOENT' ? 'does not exist' : code === 'EISDIR' ? 'is a directory' : `could not be read (${code ?? (e as Error).message})`;
    throw new MoreauError('E_FILE_IO', `Config file ${file} ${why}.`, { file }, { cause: e });
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (e) {
    throw new MoreauError('E_CONFIG', `Config file ${file} is not valid JSON: ${(e as Error).message}`, { file });
  }
  const parsed = moreauConfigSchema.safeParse(json);
  const proto = protoOptionProblems(json);
  if (!parsed.success || proto.length) {
    const issues = [...proto, ...(parsed.success ? [] : formatIssues(parsed.error.issues))];
    const err = new MoreauError('E_CONFIG', `Invalid configuration in ${file} (${issues.length} problem${issues.length === 1 ? '' : 's'}):\n${issues.map((l) => `  ${l}`).join('\n')}`, { file });
    err.issues = issues;
    throw err;
  }
  return { config: parsed.data, dir: dirname(resolve(file)), file };
}

/**
 * The solver of a run that names none (no config file): `auto`, which picks a measured chain of
 * the built-in solvers by the problem and reaches the `siconos` tolerance on the problems where
 * Gauss–Seidel alone stops at its cap (docs/results/peers.md). A run whose registry has no `auto`
 * (its package not installed) gets DEFAULT_SOLVER_WITHOUT_AUTO instead (`openRun`).
 */
export const DEFAULT_SOLVER: SolverConfig = Object.freeze({ name: 'auto' });

/** The default solver when `auto` is not registered: Gauss–Seidel, the reference solver. */
export const DEFAULT_SOLVER_WITHOUT_AUTO: SolverConfig = Object.freeze({ name: 'gauss-seidel' });

/** `--config` if given, else moreau.config.json in the working folder if present, else the default (DEFAULT_SOLVER). */
export function findConfig(cwd: string, explicit?: string): LoadedConfig {
  if (explicit) return readConfigFile(resolve(cwd, explicit));
  const local = resolve(cwd, CONFIG_FILE);
  if (existsSync(local)) return readConfigFile(local);
  return { config: { solver: DEFAULT_SOLVER }, dir: cwd };
}

/** The config as a run with `registry` uses it: a default solver (no config file) of `auto` becomes Gauss–Seidel when `auto` is not registered. */
export function withRegisteredDefault(loaded: LoadedConfig, registry: PluginRegistry): LoadedConfig {
  if (loaded.file !== undefined || loaded.config.solver !== DEFAULT_SOLVER || registry.has('solver', DEFAULT_SOLVER.name)) return loaded;
  return { ...loaded, config: { ...loaded.config, solver: DEFAULT_SOLVER_WITHOUT_AUTO } };
}

export interface StopOverrides {
  tolerance?: number;
  maxIterations?: number;
  merit?: string;
}

/** The command-line flag of each stopping override, for the message when no link takes it. */
const OVERRIDE_FLAGS: Record<keyof StopOverrides, string> = { tolerance: '--tol', maxIterations: '--max-iter', merit: '--merit' };

/**
 * The tolerances a command line may set on a whole chain: from a solve past rounding to one that
 * barely starts. Every merit is relative (about 1 at r = 0), so a tolerance near 1 lets a solver
 * stop at r = 0, which the answer check then refuses at every step.
 */
export const OVERRIDE_TOLERANCE = Object.freeze({ least: 1e-14, most: 0.1 });

/**
 * Applies the command line's stopping test to every solver of the chain that has
 * the option (`--tol` and `--merit` set the test of whichever solver runs). An override
 * that no solver of the chain takes is refused (E_USAGE) rather than dropped: `auto`, for
 * one, measures in `siconos` only and has no `merit`; so is a tolerance outside
 * OVERRIDE_TOLERANCE.
 */
export function applyOverrides(solver: SolverConfig, registry: PluginRegistry, o: StopOverrides): SolverConfig {
  const t = o.tolerance;
  if (t !== undefined && !(t >= OVERRIDE_TOLERANCE.least && t <= OVERRIDE_TOLERANCE.most)) {
    throw new MoreauError('E_USAGE', `--tol expects a tolerance from ${OVERRIDE_TOLERANCE.least} to ${OVERRIDE_TOLERANCE.most} (each solver's stop, in its own merit), got ${t}.`, { place: '--tol' });
  }
  // A loop over the chain, relinked from the tail: no recursion, whatever the chain's length.
  const links: SolverConfig[] = [];
  const taken = new Set<keyof StopOverrides>();
  for (let c: SolverConfig | undefined = solver; c; c = c.fallback) {
    const keys = registry.has('solver', c.name) ? optionKeys(registry, c.name) : undefined;
    const options = { ...(c.options ?? {}) };
    const set = (key: keyof StopOverrides, value: unknown) => {
      if (value !== undefined && (!keys || keys.has(key))) {
        options[key] = value;
        taken.add(key);
      }
    };
    set('tolerance', o.tolerance);
    set('maxIterations', o.maxIterations);
    set('merit', o.merit);
    links.push({ ...c, options, fallback: undefined });
  }
  for (const key of Object.keys(OVERRIDE_FLAGS) as (keyof StopOverrides)[]) {
    if (o[key] === undefined || taken.has(key)) continue;
    const names = links.slice(0, 6).map((l) => l.name).join(' -> ') + (links.length > 6 ? ' -> ...' : '');
    throw new MoreauError('E_USAGE',
      `${OVERRIDE_FLAGS[key]} ${o[key]}: no solver of the chain (${names}) has a "${key}" option, so it would change nothing. Choose a solver that has it (gauss-seidel has all three), or leave the flag out.`,
      { place: OVERRIDE_FLAGS[key] });
  }
  for (let k = links.length - 2; k >= 0; k--) links[k].fallback = links[k + 1];
  return links[0];
}

function optionKeys(registry: PluginRegistry, name: string): Set<string> | undefined {
  const shape = (registry.get('solver', name).options as unknown as { shape?: Record<string, unknown> }).shape;
  return shape ? new Set(Object.keys(shape)) : undefined;
}

/** What a command runs with: its config, the folder the config's paths are relative to, and a registry of every plugin it may name. */
export interface OpenRun extends LoadedConfig {
  registry: PluginRegistry;
  /** The plugin packages loaded (installed ones found by keyword, and the config's `plugins`). */
  packages: string[];
}

/**
 * Opens a command's run: the config (`config`, a path from `cwd`; else moreau.config.json in
 * `cwd` if present; else the default solver, `auto` or, without it, Gauss–Seidel; or a config already read) and the registry of
 * core's merits, every installed plugin package and the packages the config lists. Every
 * command that solves or simulates starts here; a job in another process rebuilds the
 * registry alone (`openRegistry`) from the folder and packages it was given.
 */
export async function openRun(from: { cwd: string; config?: string } | LoadedConfig): Promise<OpenRun> {
  const loaded = 'cwd' in from ? findConfig(from.cwd, from.config) : from;
  const { registry, packages } = await openRegistry({ baseDir: loaded.dir, extra: loaded.config.plugins });
  return { ...withRegisteredDefault(loaded, registry), registry, packages };
}
