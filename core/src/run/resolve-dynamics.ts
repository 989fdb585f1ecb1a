import type { EventBus } from '../contracts/events.js';
import { moreauConfigSchema, protoOptionProblems, SIMULATION_DEFAULTS, type MoreauConfig } from './config.js';
import type { AnyPlugin, PluginKind } from '../contracts/plugin.js';
import type { ContactDetector, Integrator, Kinematics } from '../contracts/dynamics.js';
import { unknownPluginLine } from '../contracts/did-you-mean.js';
import { isMoreauError, MoreauError } from '../contracts/errors.js';
import { formatIssues, formatPath } from '../contracts/format-issues.js';
import type { PluginRegistry } from './registry.js';
import type { SleepSettings } from '../engine/sleep.js';
import { checkPluginOptions } from './check-options.js';
import { configError, resolveChain, type ResolvedRun } from './resolve.js';

/** Everything a simulation runs with, built from a validated config. */
export interface ResolvedDynamics {
  run: ResolvedRun;
  integrator: Integrator;
  detector: ContactDetector;
  /** The configured detector's registry name. */
  detectorName: string;
  /** One instance per kinematics plugin name the scene uses. */
  kinematics: Map<string, Kinematics>;
  onSolveFailure: 'continue' | 'stop';
  /** Config `sleep`, when given. */
  sleep: SleepSettings | undefined;
  /** Whether the solver chain's first solver accepts a warm start. */
  warmStart: boolean;
  /** The config with every option validated and defaulted (for fingerprints). */
  normalized: unknown;
}

/** A kinematics plugin a scene body asks for, with the body's path for messages. */
export interface KinematicsUse {
  name: string;
  path: (string | number)[];
}

/**
 * Validates the simulation keys of a config (integrator, detector, kinematics, onSolveFailure)
 * and the solver chain (through core's `resolve()`, so fallbacks and merits work as in
 * `moreau solve`), reporting every problem at once in one error, `E_UNKNOWN_PLUGIN` when
 * all of them are unknown names and `E_CONFIG` otherwise; then builds the plugins.
 */
export function resolveDynamics(config: unknown, uses: readonly KinematicsUse[], registry: PluginRegistry, events: EventBus): ResolvedDynamics {
  const proto = protoOptionProblems(config);
  if (proto.length) throw configError(proto, false);
  const parsed = moreauConfigSchema.safeParse(config);
  if (!parsed.success) throw configError(formatIssues(parsed.error.issues), false);
  const c: MoreauConfig = parsed.data;

  const problems: string[] = [];
  let unknownOnly = true;
  const note = (line: string, unknownName: boolean): void => {
    problems.push(line);
    unknownOnly &&= unknownName;
  };

  const integratorName = c.integrator?.name ?? SIMULATION_DEFAULTS.integrator;
  const integratorOptions = checkPlugin(registry, 'integrator', integratorName, c.integrator?.options, ['integrator'], note);
  const detectorName = c.detector?.name ?? SIMULATION_DEFAULTS.detector;
  const detectorOptions = checkPlugin(registry, 'detector', detectorName, c.detector?.options, ['detector'], note);

  const kinematicsOptions = new Map<string, Record<string, unknown> | undefined>();
  for (const [name, options] of Object.entries(c.kinematics ?? {})) {
    kinematicsOptions.set(name, checkPlugin(registry, 'kinematics', name, options, ['kinematics', name], note, ['kinematics']));
  }
  for (const use of uses) {
    if (kinematicsOptions.has(use.name)) continue;
    if (!registry.has('kinematics', use.name)) {
      note(`${formatPath(use.path)}: ${unknownPluginLine('kinematics', use.name, registry.names('kinematics'))}`, true);
      kinematicsOptions.set(use.name, undefined);
    } else {
      kinematicsOptions.set(use.name, checkPlugin(registry, 'kinematics', use.name, {}, ['kinematics', use.name], note));
    }
  }

  let run: ResolvedRun | undefined;
  try {
    run = resolveChain(c.solver, registry, { events });
  } catch (e) {
    if (!isMoreauError(e) || !e.issues) throw e;
    for (const line of e.issues) note(line, e.code === 'E_UNKNOWN_PLUGIN');
  }
  if (problems.length || !run) throw configError(problems, unknownOnly);

  const kinematics = new Map<string, Kinematics>();
  for (const use of uses) {
    if (kinematics.has(use.name)) continue;
    kinematics.set(use.name, registry.get('kinematics', use.name).create(kinematicsOptions.get(use.name)!, run.context));
  }
  const primary = registry.get('solver', run.config.name);
  return {
    run,
    integrator: registry.get('integrator', integratorName).create(integratorOptions!, run.context),
    detector: registry.get('detector', detectorName).create(detectorOptions!, run.context),
    detectorName,
    kinematics,
    onSolveFailure: c.onSolveFailure ?? SIMULATION_DEFAULTS.onSolveFailure,
    sleep: c.sleep,
    warmStart: primary.supports.warmStart,
    normalized: {
      solver: run.config,
      integrator: { name: integratorName, options: integratorOptions },
      detector: { name: detectorName, options: detectorOptions },
      kinematics: Object.fromEntries([...kinematicsOptions].filter(([n]) => kinematics.has(n)).sort(([a], [b]) => (a < b ? -1 : 1))),
      onSolveFailure: c.onSolveFailure ?? SIMULATION_DEFAULTS.onSolveFailure,
      // Only when given: the fingerprints of runs without it stay as they were.
      ...(c.sleep ? { sleep: c.sleep } : {}),
    },
  };
}

/**
 * Checks that a plugin of that kind and name is registered and that its options parse,
 * in the style of `resolve()`: an unknown option key is named with the plugin's options.
 * @returns the validated options with defaults, or undefined after noting a problem
 */
function checkPlugin(
  registry: PluginRegistry, kind: PluginKind, name: string, given: Record<string, unknown> | undefined,
  path: (string | number)[], note: (line: string, unknownName: boolean) => void, namePath: (string | number)[] = [...path, 'name'],
): Record<string, unknown> | undefined {
  if (!registry.has(kind, name)) {
    note(`${formatPath(kind === 'kinematics' ? path : namePath)}: ${unknownPluginLine(kind, name, registry.names(kind))}`, true);
    return undefined;
  }
  const optionsPath = kind === 'kinematics' ? path : [...path, 'options'];
  return checkPluginOptions(registry.get(kind, name) as AnyPlugin, given, optionsPath, note);
}
