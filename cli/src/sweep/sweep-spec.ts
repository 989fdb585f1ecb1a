import { formatIssues, hasProtoKey, MoreauError, protoKeyMessage, z } from '@moreau/core';
import { pointerTokens } from '../jobs/json-pointer.js';
import { observableSchema } from '../jobs/observables.js';

/**
 * A sweep file: one solver, its option values as a grid (every array-valued option is
 * an axis: the cartesian product is run) or as an explicit list of option objects (each
 * over the fixed `options`), over problem files or folders, or over scenes simulated
 * with a config whose first solver takes the options. Over scenes, scene fields named
 * by JSON Pointer and a scene generator's arguments are axes too, and observables
 * sampled during each simulation go into its record.
 */
const paths = z.union([z.string().min(1), z.array(z.string().min(1)).min(1)]);
const values = z.record(z.string(), z.unknown());

export const sweepSpecSchema = z.strictObject({
  solver: z.string().min(1).describe('a registered solver name'),
  options: values.optional().describe('fixed values, and arrays of values to sweep (a grid)'),
  list: z.array(values).optional().describe('option objects to run one by one, instead of a grid; over scenes a key starting with "/" is a scene field'),
  problems: paths.optional().describe('problem files or folders, relative to the sweep file'),
  scenes: paths.optional().describe('scene files or folders, relative to the sweep file: each point is a simulation'),
  generator: z.strictObject({
    module: z.string().min(1).describe('an ES module, relative to the sweep file, whose default export maps arguments to a scene'),
    args: values.optional().describe('its arguments: fixed values, and arrays of values to sweep (a grid)'),
  }).optional().describe('instead of scenes: a scene generator and its arguments'),
  fields: values.optional().describe('with scenes: scene fields by JSON Pointer (RFC 6901), fixed values and arrays of values to sweep (a grid)'),
  observe: z.array(observableSchema).optional().describe('with scenes: observables sampled during each simulation, into its record'),
  plot: z.strictObject({
    y: z.string().min(1).optional().describe('"iterations" or an observable name (default: the first observable, else iterations)'),
    x: z.enum(['time', 'swept']).optional().describe('"time": each point over time; "swept": against the one swept number (default: time for an observable)'),
    at: z.number().nonnegative().optional().describe('with x "swept": the observable at the first sample at or after this time (default: its last)'),
  }).optional().describe('with scenes: what plot.svg draws'),
  config: z.string().min(1).optional().describe('with scenes: a moreau.config.json (integrator, detector, kinematics, solver chain), relative to the sweep file'),
  until: z.number().positive('must be positive').optional().describe("with scenes: simulated time to stop at (default: the scene's duration)"),
  seed: z.number().int().nonnegative().optional().describe('recorded in every job and its key (default 0)'),
});

export type SweepSpec = z.infer<typeof sweepSpecSchema>;

/** Keys that belong to a sweep over scenes (from files or a generator). */
const SCENE_ONLY = ['config', 'until', 'fields', 'observe', 'plot'] as const;

/** Validates a parsed sweep file; `where` names it in every message. */
export function parseSweepSpec(input: unknown, where: string): SweepSpec {
  const parsed = sweepSpecSchema.safeParse(input);
  // Every problem at once: the schema's, names under __proto__, the choice of subject, the scene fields' pointers.
  const lines = [...(parsed.success ? [] : formatIssues(parsed.error.issues)), ...protoKeys(input), ...subjectProblems(input), ...pointerProblems(input)];
  if (parsed.success) lines.push(...listProblems(parsed.data), ...observeProblems(parsed.data));
  if (!parsed.success || lines.length) throw configError(where, lines);
  return parsed.data;
}

/**
 * `__proto__` among the options or generator arguments (JSON makes it an own key; a parsed
 * record drops it unseen): never a name, so it is refused rather than silently left out of
 * every job. (Under `fields` and in a list entry it is refused as a pointer.)
 */
function protoKeys(input: unknown): string[] {
  const spec = input as { options?: unknown; list?: unknown; generator?: { args?: unknown } } | null;
  if (typeof spec !== 'object' || spec === null) return [];
  const lines = hasProtoKey(spec.options) ? [`options.__proto__: ${protoKeyMessage('a solver has no option')}`] : [];
  if (typeof spec.generator === 'object' && spec.generator !== null && hasProtoKey(spec.generator.args)) lines.push(`generator.args.__proto__: ${protoKeyMessage('a generator takes no argument')}`);
  if (Array.isArray(spec.list)) {
    spec.list.forEach((entry, i) => {
      if (hasProtoKey(entry)) lines.push(`list.${i}.__proto__: ${protoKeyMessage('a solver has no option')}`);
    });
  }
  return lines;
}

/** A sweep runs over problems, scenes or a generator's scenes, exactly one; the scene keys belong to the last two. */
function subjectProblems(input: unknown): string[] {
  if (typeof input !== 'object' || input === null) return [];
  const has = (k: string) => (input as Record<string, unknown>)[k] !== undefined;
  const given = ['problems', 'scenes', 'generator'].filter(has);
  if (given.length !== 1) {
    return [`problems, scenes, generator: ${given.length ? `${given.join(' and ')} are given` : 'none is given'}; a sweep runs over exactly one of them`];
  }
  return has('problems') ? SCENE_ONLY.filter(has).map((k) => `${k}: applies to a sweep over scenes; this one is over problems`) : [];
}

/**
 * Every scene field's pointer, under `fields` and in list entries (the keys starting
 * with "/"), must be a JSON Pointer; and no two of one point may nest (one inside the
 * other), since then the order they are applied in would decide the scene.
 */
function pointerProblems(input: unknown): string[] {
  const spec = input as { fields?: unknown; list?: unknown } | null;
  if (typeof spec !== 'object' || spec === null) return [];
  const fixed = isObject(spec.fields) ? Object.keys(spec.fields) : [];
  const lines = fixed.flatMap((p) => pointerLine(`fields["${p}"]`, p));
  const entries = Array.isArray(spec.list) ? spec.list : [];
  entries.forEach((entry, i) => {
    if (isObject(entry)) lines.push(...Object.keys(entry).filter(isFieldKey).flatMap((p) => pointerLine(`list.${i}["${p}"]`, p)));
  });
  if (lines.length) return lines;
  const sets = entries.length ? entries.map((e) => [...new Set([...fixed, ...(isObject(e) ? Object.keys(e).filter(isFieldKey) : [])])]) : [fixed];
  const nested = new Set<string>();
  for (const set of sets) {
    for (const a of set) for (const b of set) if (a !== b && b.startsWith(`${a}/`)) nested.add(`fields: "${b}" lies inside "${a}"; replace one or the other (the order they are applied in would decide the scene)`);
  }
  return [...nested];
}

function pointerLine(path: string, pointer: string): string[] {
  const tokens = pointerTokens(pointer);
  return Array.isArray(tokens) ? [] : [`${path}: ${tokens.error}`];
}

/** With a list, the fixed values under every entry (options, fields, generator arguments) cannot hold arrays. */
function listProblems(spec: SweepSpec): string[] {
  if (!spec.list) return [];
  if (spec.problems !== undefined) {
    const lines = spec.list.flatMap((entry, i) => Object.keys(entry).filter(isFieldKey).map((p) => `list.${i}["${p}"]: a scene field applies to a sweep over scenes; this one is over problems`));
    if (lines.length) return lines;
  }
  const fixed: [string, Record<string, unknown> | undefined][] = [['options', spec.options], ['fields', spec.fields], ['generator.args', spec.generator?.args]];
  return fixed.filter(([, v]) => v && Object.values(v).some(Array.isArray))
    .map(([k]) => `${k}: with "list", ${k} are the fixed values under every entry and cannot hold arrays; put each combination in the list`);
}

/** Observable names are unique; the plot draws iterations or an observable, over time only an observable. */
function observeProblems(spec: SweepSpec): string[] {
  const names = (spec.observe ?? []).map((o) => o.name);
  const lines = names.filter((n, i) => names.indexOf(n) !== i).map((n) => `observe: "${n}" is declared twice; give each observable its own name`);
  const y = spec.plot?.y;
  if (y !== undefined && y !== 'iterations' && !names.includes(y)) {
    lines.push(`plot.y: "${y}" is neither "iterations" nor an observable of this sweep${names.length ? ` (${names.join(', ')})` : ' (it declares none)'}`);
  }
  if (spec.plot?.x === 'time' && (y ?? (names[0] ? names[0] : 'iterations')) === 'iterations') {
    lines.push('plot.x: "time" draws an observable over time; iterations per step are not recorded over time (use x "swept", or declare an observable)');
  }
  if (spec.plot?.at !== undefined && (spec.plot.x ?? 'time') !== 'swept') lines.push('plot.at: applies with x "swept" (an observable against the swept value at that time)');
  return lines;
}

/** A list entry's key that names a scene field: a JSON Pointer starts with "/" (solver options never do). */
export const isFieldKey = (key: string) => key.startsWith('/');

const isObject = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);

export function configError(where: string, lines: string[]): MoreauError {
  const err = new MoreauError('E_CONFIG', `${where}: invalid sweep (${lines.length} problem${lines.length === 1 ? '' : 's'}):\n${lines.map((l) => `  ${l}`).join('\n')}`, { file: where });
  err.issues = lines;
  return err;
}
