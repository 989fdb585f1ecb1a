import type { Scene } from './scene.js';
import { sha256Hex } from './sha256.js';

/** What a checkpoint records of the run that wrote it, to say what differs when it is resumed into another. */
export interface CheckpointRun {
  /** A digest of the scene (its file name aside). */
  scene: string;
  /** The config with every option validated and defaulted, as plain JSON. */
  config: unknown;
}

/** Differences listed at most in a refusal; the rest are counted. */
const LISTED = 5;

/** A digest of the scene and the normalized config: a checkpoint resumes only the run it came from. */
export function checkpointFingerprint(scene: Scene, normalizedConfig: unknown): string {
  const { source: _source, ...rest } = scene;
  return sha256Hex(JSON.stringify({ scene: rest, config: normalizedConfig })).slice(0, 32);
}

/** The run a simulation of this scene and normalized config writes into its checkpoints. */
export function checkpointRun(scene: Scene, normalizedConfig: unknown): CheckpointRun {
  const { source: _source, ...rest } = scene;
  return { scene: sha256Hex(JSON.stringify(rest)).slice(0, 32), config: JSON.parse(JSON.stringify(normalizedConfig ?? null)) as unknown };
}

/**
 * Why a checkpoint cannot be resumed by this run: the scene differs, or the config at the paths
 * listed (values as each run normalized them, defaults included), or, for a checkpoint written
 * before runs were recorded, one of the two.
 */
export function mismatchMessage(saved: unknown, now: CheckpointRun): string {
  const resume = 'resume it with the scene and config it came from, under the Moreau and plugin versions that wrote it';
  if (!isRun(saved)) {
    return `The checkpoint was written by a simulation of another scene or config, or by other versions of its plugins (fingerprints differ); ${resume}.`;
  }
  if (saved.scene !== now.scene) return `The checkpoint was written by a simulation of another scene; ${resume}.`;
  const leaves: Difference[] = [];
  differ(saved.config, now.config, '', leaves);
  const listed = leaves.slice(0, LISTED).map((d) => `${d.path || 'the config'} was ${shown(d.was)}, is ${shown(d.is)} now`);
  const more = leaves.length > LISTED ? `, and ${leaves.length - LISTED} more` : '';
  return `The checkpoint's run had another config (options as each run defaulted them; a plugin of another version may add or change defaults): ${listed.join('; ')}${more}. To continue that run, ${resume}.${toleranceHint(leaves)}`;
}

/** One option whose value differs between the checkpoint's run and this one. */
interface Difference {
  path: string;
  was: unknown;
  is: unknown;
}

/**
 * When every option that differs is a tolerance and the checkpoint's run had one value for all of
 * them, the likely cause: that run held its chain to one tolerance with `--tol` (`applyOverrides`),
 * and this one was started without it.
 */
function toleranceHint(leaves: readonly Difference[]): string {
  const was = leaves[0]?.was;
  const one = typeof was === 'number' && leaves.every((d) => /(^|\.)tolerance$/.test(d.path) && d.was === was);
  return one ? ` Every option that differs is a tolerance, ${was} in the checkpoint's run: a run made with --tol ${was} resumes with --resume --tol ${was}.` : '';
}

function isRun(v: unknown): v is CheckpointRun {
  return typeof v === 'object' && v !== null && typeof (v as CheckpointRun).scene === 'string' && 'config' in v;
}

/** Appends each leaf where a and b differ, in path order. */
function differ(a: unknown, b: unknown, path: string, out: Difference[]): void {
  const objects = typeof a === 'object' && a !== null && typeof b === 'object' && b !== null && Array.isArray(a) === Array.isArray(b);
  if (objects) {
    const ra = a as Record<string, unknown>, rb = b as Record<string, unknown>;
    for (const key of [...new Set([...Object.keys(ra), ...Object.keys(rb)])].sort()) differ(ra[key], rb[key], path ? `${path}.${key}` : key, out);
    return;
  }
  if (JSON.stringify(a) !== JSON.stringify(b)) out.push({ path, was: a, is: b });
}

function shown(v: unknown): string {
  if (v === undefined) return 'absent';
  const text = JSON.stringify(v);
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}
