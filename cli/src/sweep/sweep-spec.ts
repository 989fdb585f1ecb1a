import { MoreauError, didYouMean, formatIssues, z } from '@moreau/core';
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

/** Validates a parsed sweep file; `where` names it in every message. */
export function parseSweepSpec(input: unknown, where: string): SweepSpec {
  const parsed = sweepSpecSchema.safeParse(input);
  // Every problem at once: the schema's and the choice between problems and scenes.
  const lines = [...(parsed.success ? [] : formatIssues(parsed.error.issues)), ...subjectProblems(input)];
  if (!parsed.success || lines.length) throw configError(where, lines);
  const spec = parsed.data;
  if (spec.list && spec.options && Object.values(spec.options).some(Array.isArray)) {
    throw configError(where, ['options: with "list", options are the fixed values under every entry and cannot hold arrays; put each combination in the list']);
  }
  return spec;
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
    const known = registry.names('solver');
    throw configError(where, [`solver: unknown solver "${spec.solver}"; known solvers: ${known.join(', ') || '(none registered)'}${didYouMean('solver', spec.solver, known)}`]);
  }
  const fixed = spec.options ?? {};
  const points = spec.list ? spec.list.map((entry) => ({ ...fixed, ...entry })) : grid(fixed, where);
  if (points.length === 0) throw configError(where, ['list: the list is empty: the sweep has no jobs']);
  checkOptionNames(spec, points, registry, where);
  return points;
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

function checkOptionNames(spec: SweepSpec, points: Record<string, unknown>[], registry: PluginRegistry, where: string): void {
  const shape = (registry.get('solver', spec.solver).options as unknown as { shape?: Record<string, unknown> }).shape;
  if (!shape) return;
  const known = Object.keys(shape);
  const names = new Set(points.flatMap((p) => Object.keys(p)));
  const lines = [...names].filter((k) => !Object.hasOwn(shape, k))
    .map((k) => `options.${k}: "${spec.solver}" has no option "${k}"${didYouMean('option', k, known)}; its options are: ${known.join(', ')}`);
  if (lines.length) throw configError(where, lines);
}

function configError(where: string, lines: string[]): MoreauError {
  const err = new MoreauError('E_CONFIG', `${where}: invalid sweep (${lines.length} problem${lines.length === 1 ? '' : 's'}):\n${lines.map((l) => `  ${l}`).join('\n')}`, { file: where });
  err.issues = lines;
  return err;
}
