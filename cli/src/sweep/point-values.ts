import { canonicalJson } from '../jobs/job.js';
import type { SceneJob } from '../jobs/scene-job.js';

// What names a point of a sweep over scenes: its values flat, the ones swept, its name in a legend or a column.

/**
 * A job's point as flat named values: its options' leaves (`delta.value` inside
 * `{ delta: { value, relativeTo } }`), its scene fields by pointer (`/defaultFriction/mu`),
 * its generator arguments' leaves (`args.n`).
 */
export function pointValues(job: Pick<SceneJob, 'options' | 'fields' | 'args'>): Record<string, unknown> {
  return { ...leaves(job.options), ...(job.fields ?? {}), ...leaves(job.args ?? {}, 'args.') };
}

/** The swept values: the named values of the points (pointValues) that are not the same at every point, in the spec's order. */
export function sweepAxes(points: readonly Pick<SceneJob, 'options' | 'fields' | 'args'>[]): string[] {
  const flat = points.map(pointValues);
  const names = [...new Set(flat.flatMap((f) => Object.keys(f)))];
  return names.filter((k) => new Set(flat.map((f) => canonicalJson(f[k]))).size > 1);
}

/** An options object's leaves by dotted path; arrays are leaves. */
export function leaves(options: Record<string, unknown>, prefix = ''): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(options)) {
    if (v !== null && typeof v === 'object' && !Array.isArray(v)) Object.assign(out, leaves(v as Record<string, unknown>, `${prefix}${k}.`));
    else out[`${prefix}${k}`] = v;
  }
  return out;
}

/** A point as a legend or column names it: the scene, then its swept values (`hopper, /defaultFriction/mu = 0.2`). */
export function seriesName(job: SceneJob, axes: readonly string[]): string {
  const flat = pointValues(job);
  return [job.scene.name, ...axes.map((k) => `${k} = ${typeof flat[k] === 'number' ? flat[k] : JSON.stringify(flat[k])}`)].join(', ');
}
