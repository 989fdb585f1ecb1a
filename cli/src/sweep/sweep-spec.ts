import { MoreauError, didYouMean, formatIssues, hasProtoKey, protoKeyMessage, unknownPluginLine, z } from '@moreau/core';
import type { PluginRegistry } from '@moreau/core';

/**
 * A sweep file: one solver, its option values as a grid (every array-valued option is
 * an axis: the cartesian product is run) or as an explicit list of option objects (each
 * over the fixed `options`), over problem files or folders, or over scenes simulated
 * with a config whose first solver takes the options.
 */
const paths = z.union([z.string().min(1), z.array(z.string().min(1)).min(1)]);

export const sweepSpecSchema = z.strictObject({
  solver: z.string().min(1).describe('a registered solver name'),
  options: z.record(z.string(), z.unknown()).optional().describe('fixed values, and arrays of values to sweep (a grid)'),
  list: z.array(z.record(z.string(), z.unknown())).optional().describe('option objects to run one by one, instead of a grid'),
  problems: paths.optional().describe('problem files or folders, relative to the sweep file'),
  scenes: paths.optional().describe('scene files or folders, relative to the sweep file: each point is a simulation'),
  config: z.string().min(1).optional().describe('with scenes: a moreau.config.json (integrator, detector, kinematics, solver chain), relative to the sweep file'),
  until: z.number().positive('must be positive').optional().describe("with scenes: simulated time to stop at (default: the scene's duration)"),
  seed: z.number().int().nonnegative().optional().describe('recorded in every job and its key (default 0)'),
});

export type SweepSpec = z.infer<typeof sweepSpecSchema>;

/**
 * The most option sets a sweep may run (grid points or list entries): each is a job per problem or
 * scene, and the grid is counted before it is built. A larger study is several sweep files.
 */
export const MAX_SWEEP_POINTS = 100_000;

/** Validates a parsed sweep file; `where` names it in every message. */
export function parseSweepSpec(input: unknown, where: string): SweepSpec {
  const parsed = sweepSpecSchema.safeParse(input);
  // Every problem at once: the schema's, options under __proto__, and the choice between problems and scenes.
  const lines = [...(parsed.success ? [] : formatIssues(parsed.error.issues)), ...protoOptions(input), ...subjectProblems(input)];
  if (!parsed.success || lines.length) throw configError(where, lines);
  const spec = parsed.data;
  if (spec.list && spec.options && Object.values(spec.options).some(Array.isArray)) {
    throw configError(where, ['options: with "list", options are the fixed values under every entry and cannot hold arrays; put each combination in the list']);
  }
  return spec;
}

/**
 * `__proto__` among the options (JSON makes it an own key; a parsed record drops it unseen): never
 * an option, so it is refused rather than silently left out of every job.
 */
function protoOptions(input: unknown): string[] {
  const spec = input as { options?: unknown; list?: unknown } | null;
  if (typeof spec !== 'object' || spec === null) return [];
  const lines = hasProtoKey(spec.options) ? [`options.__proto__: ${protoKeyMessage('a solver has no option')}`] : [];
  if (Array.isArray(spec.list)) {
    spec.list.forEach((entry, i) => {
      if (hasProtoKey(entry)) lines.push(`list.${i}.__proto__: ${protoKeyMessage('a solver has no option')}`);
    });
  }
  return lines;
}

/** A sweep runs over problems or over scenes, exactly one; `config` and `until` belong to scenes. */
function subjectProblems(input: unknown): string[] {
  if (typeof input !== 'object' || input === null) return [];
  const has = (k: string) => (input as Record<string, unknown>)[k] !== undefined;
  if (has('problems') === has('scenes')) {
    return [`problems, scenes: ${has('problems') ? 'both are given' : 'neither is given'}; a sweep runs over exactly one of them`];
  }
  return has('scenes') ? [] : ['config', 'until'].filter(has).map((k) => `${k}: applies to a sweep over scenes; this one is over problems`);
}

/**
 * The option sets of a sweep, in order: the grid's points (the first axis varies
 * slowest) or the list's entries over the fixed options. Checks the solver and every
 * option name against the registry first, so a typo fails before any solve.
 */
export function sweepPoints(spec: SweepSpec, registry: PluginRegistry, where: string): Record<string, unknown>[] {
  if (!registry.has('solver', spec.solver)) {
    throw configError(where, [`solver: ${unknownPluginLine('solver', spec.solver, registry.names('solver'))}`]);
  }
  const fixed = spec.options ?? {};
  // The names and the size first: nothing is built for a sweep that would be refused.
  checkOptionNames(spec, registry, where);
  if (spec.list && spec.list.length === 0) throw configError(where, ['list: the list is empty: the sweep has no jobs']);
  checkSize(spec, where);
  return spec.list ? spec.list.map((entry) => ({ ...fixed, ...entry })) : grid(fixed, where);
}

/** E_CONFIG when the list or the grid holds more than MAX_SWEEP_POINTS option sets, counted, not built. */
function checkSize(spec: SweepSpec, where: string): void {
  if (spec.list) {
    if (spec.list.length > MAX_SWEEP_POINTS) throw configError(where, [`list: ${spec.list.length} entries, more than the ${MAX_SWEEP_POINTS} option sets a sweep may run; split it into several sweep files`]);
    return;
  }
  const axes = Object.entries(spec.options ?? {}).filter(([, v]) => Array.isArray(v)) as [string, unknown[]][];
  const size = axes.reduce((n, [, v]) => n * v.length, 1);
  if (size > MAX_SWEEP_POINTS) {
    const factors = axes.map(([k, v]) => `${k}: ${v.length}`).join(' × ');
    throw configError(where, [`options: the grid has ${size} points (${factors}), more than the ${MAX_SWEEP_POINTS} option sets a sweep may run; split it into several sweep files`]);
  }
}

function grid(options: Record<string, unknown>, where: string): Record<string, unknown>[] {
  let points: Record<string, unknown>[] = [{}];
  for (const [key, value] of Object.entries(options)) {
    if (!Array.isArray(value)) {
      points = points.map((p) => ({ ...p, [key]: value }));
      continue;
    }
    if (value.length === 0) throw configError(where, [`options.${key}: an empty list of values: the grid has no points`]);
    points = points.flatMap((p) => value.map((v) => ({ ...p, [key]: v })));
  }
  return points;
}

function checkOptionNames(spec: SweepSpec, registry: PluginRegistry, where: string): void {
  const shape = (registry.get('solver', spec.solver).options as unknown as { shape?: Record<string, unknown> }).shape;
  if (!shape) return;
  const known = Object.keys(shape);
  const names = new Set([...Object.keys(spec.options ?? {}), ...(spec.list ?? []).flatMap((entry) => Object.keys(entry))]);
  const lines = [...names].filter((k) => !Object.hasOwn(shape, k))
    .map((k) => `options.${k}: "${spec.solver}" has no option "${k}"${didYouMean('option', k, known)}; its options are: ${known.join(', ')}`);
  if (lines.length) throw configError(where, lines);
}

function configError(where: string, lines: string[]): MoreauError {
  const err = new MoreauError('E_CONFIG', `${where}: invalid sweep (${lines.length} problem${lines.length === 1 ? '' : 's'}):\n${lines.map((l) => `  ${l}`).join('\n')}`, { file: where });
  err.issues = lines;
  return err;
}
