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
  const differences: string[] = [];
  const total = differ(saved.config, now.config, '', differences);
  const more = total > differences.length ? `, and ${total - differences.length} more` : '';
  return `The checkpoint's run had another config (options as each run defaulted them; a plugin of another version may add or change defaults): ${differences.join('; ')}${more}. To continue that run, ${resume}.`;
}

function isRun(v: unknown): v is CheckpointRun {
  return typeof v === 'object' && v !== null && typeof (v as CheckpointRun).scene === 'string' && 'config' in v;
}

/** Appends "path: was A, is B" for each leaf where a and b differ (the first LISTED); returns how many differ. */
function differ(a: unknown, b: unknown, path: string, out: string[]): number {
  const objects = typeof a === 'object' && a !== null && typeof b === 'object' && b !== null && Array.isArray(a) === Array.isArray(b);
  if (objects) {
    const ra = a as Record<string, unknown>, rb = b as Record<string, unknown>;
    let count = 0;
    for (const key of [...new Set([...Object.keys(ra), ...Object.keys(rb)])].sort()) {
      count += differ(ra[key], rb[key], path ? `${path}.${key}` : key, out);
    }
    return count;
  }
  if (JSON.stringify(a) === JSON.stringify(b)) return 0;
  if (out.length < LISTED) out.push(`${path || 'the config'} was ${shown(a)}, is ${shown(b)} now`);
  return 1;
}

function shown(v: unknown): string {
  if (v === undefined) return 'absent';
  const text = JSON.stringify(v);
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}
