import { didYouMean, unknownPluginLine } from '@moreau/core';
import type { PluginRegistry } from '@moreau/core';
import { configError, isFieldKey, type SweepSpec } from './sweep-spec.js';

/**
 * One point of a sweep: the solver's options, and over scenes the scene fields it
 * replaces (JSON Pointer -> value; absent when the sweep sets none) and the generator's
 * arguments (present exactly when the scenes come from a generator).
 */
export interface SweepPoint {
  options: Record<string, unknown>;
  fields?: Record<string, unknown>;
  args?: Record<string, unknown>;
}

/**
 * The most points a sweep may run (grid points or list entries): each is a job per problem or
 * scene, and the grid is counted before it is built. A larger study is several sweep files.
 */
export const MAX_SWEEP_POINTS = 100_000;

/** One axis or fixed value of the grid: where it goes in a point, its name there, its value (an array: the values of an axis). */
interface GridEntry {
  section: 'options' | 'fields' | 'args';
  name: string;
  value: unknown;
}

/**
 * The points of a sweep, in order: the grid's (its axes are the array-valued options,
 * then fields, then generator arguments, in the spec's order, the first varying
 * slowest) or the list's entries over the fixed values. Checks the solver and every
 * option name against the registry first, so a typo fails before any solve.
 */
export function sweepPoints(spec: SweepSpec, registry: PluginRegistry, where: string): SweepPoint[] {
  if (!registry.has('solver', spec.solver)) {
    throw configError(where, [`solver: ${unknownPluginLine('solver', spec.solver, registry.names('solver'))}`]);
  }
  // The names and the size first: nothing is built for a sweep that would be refused.
  checkOptionNames(spec, registry, where);
  if (spec.list && spec.list.length === 0) throw configError(where, ['list: the list is empty: the sweep has no jobs']);
  const entries = gridEntries(spec);
  checkSize(spec, entries, where);
  const points = spec.list ? spec.list.map((entry) => listPoint(entries, entry)) : grid(entries, where);
  return points.map((p) => ({
    options: p.options,
    ...(Object.keys(p.fields).length ? { fields: p.fields } : {}),
    ...(spec.generator ? { args: p.args } : {}),
  }));
}

function gridEntries(spec: SweepSpec): GridEntry[] {
  const of = (section: GridEntry['section'], values: Record<string, unknown> | undefined) =>
    Object.entries(values ?? {}).map(([name, value]) => ({ section, name, value }));
  return [...of('options', spec.options), ...of('fields', spec.fields), ...of('args', spec.generator?.args)];
}

type FullPoint = Record<GridEntry['section'], Record<string, unknown>>;
const emptyPoint = (): FullPoint => ({ options: {}, fields: {}, args: {} });

/** A list entry over the fixed values: its "/" keys are scene fields, the others options. */
function listPoint(fixed: readonly GridEntry[], entry: Record<string, unknown>): FullPoint {
  const point = emptyPoint();
  for (const e of fixed) point[e.section][e.name] = e.value;
  for (const [name, value] of Object.entries(entry)) point[isFieldKey(name) ? 'fields' : 'options'][name] = value;
  return point;
}

/** E_CONFIG when the list or the grid holds more than MAX_SWEEP_POINTS points, counted, not built. */
function checkSize(spec: SweepSpec, entries: readonly GridEntry[], where: string): void {
  if (spec.list) {
    if (spec.list.length > MAX_SWEEP_POINTS) throw configError(where, [`list: ${spec.list.length} entries, more than the ${MAX_SWEEP_POINTS} points a sweep may run; split it into several sweep files`]);
    return;
  }
  const axes = entries.filter((e) => Array.isArray(e.value)) as (GridEntry & { value: unknown[] })[];
  const size = axes.reduce((n, e) => n * e.value.length, 1);
  if (size > MAX_SWEEP_POINTS) {
    const factors = axes.map((e) => `${e.name}: ${e.value.length}`).join(' × ');
    throw configError(where, [`${[...new Set(axes.map((e) => sectionPath(e.section)))].join(', ')}: the grid has ${size} points (${factors}), more than the ${MAX_SWEEP_POINTS} points a sweep may run; split it into several sweep files`]);
  }
}

function grid(entries: readonly GridEntry[], where: string): FullPoint[] {
  let points: FullPoint[] = [emptyPoint()];
  const put = (p: FullPoint, e: GridEntry, v: unknown): FullPoint => ({ ...p, [e.section]: { ...p[e.section], [e.name]: v } });
  for (const e of entries) {
    if (!Array.isArray(e.value)) {
      points = points.map((p) => put(p, e, e.value));
      continue;
    }
    if (e.value.length === 0) throw configError(where, [`${entryPath(e)}: an empty list of values: the grid has no points`]);
    const values = e.value;
    points = points.flatMap((p) => values.map((v) => put(p, e, v)));
  }
  return points;
}

function checkOptionNames(spec: SweepSpec, registry: PluginRegistry, where: string): void {
  const shape = (registry.get('solver', spec.solver).options as unknown as { shape?: Record<string, unknown> }).shape;
  if (!shape) return;
  const known = Object.keys(shape);
  const names = new Set([...Object.keys(spec.options ?? {}), ...(spec.list ?? []).flatMap((entry) => Object.keys(entry).filter((k) => !isFieldKey(k)))]);
  const lines = [...names].filter((k) => !Object.hasOwn(shape, k))
    .map((k) => `options.${k}: "${spec.solver}" has no option "${k}"${didYouMean('option', k, known)}; its options are: ${known.join(', ')}`);
  if (lines.length) throw configError(where, lines);
}

const sectionPath = (s: GridEntry['section']) => (s === 'args' ? 'generator.args' : s);
const entryPath = (e: GridEntry) => (e.section === 'fields' ? `fields["${e.name}"]` : `${sectionPath(e.section)}.${e.name}`);
