import { existsSync, statfsSync } from 'node:fs';
import { dirname } from 'node:path';
import { MoreauError } from '@moreau/core';
import type { BodyStyle } from './frame-pieces.js';

/** Frames above this many bytes in all are announced before the run, with what writes fewer. */
export const LARGE_FRAMES_BYTES = 1e9;

/** What a run is about to write as bodies frames (`.vtp`; the contacts frames are not counted). */
export interface FramesPlan {
  /** Bodies frames the run writes. */
  frames: number;
  /** Bytes of one bodies frame in `style`, at most. */
  frameBytes: number;
  /** Bytes of one frame with the bodies as centres, at most. */
  centresBytes: number;
  style: BodyStyle;
  /** Bytes free where the frames go (undefined: not known). */
  freeBytes: number | undefined;
}

/**
 * Refuses (E_TOO_LARGE) a run whose bodies frames alone would not fit in the free space where
 * they go: it would stop half-way with a full disk. A run whose frames take more than
 * `LARGE_FRAMES_BYTES` gets a note instead. Both say how to write less.
 * @returns the note to print, or undefined
 */
export function checkFramesSpace(plan: FramesPlan): string | undefined {
  const total = plan.frames * plan.frameBytes;
  const what = `${plan.frames} bodies frame${plan.frames === 1 ? '' : 's'} of up to ${bytes(plan.frameBytes)}, the bodies as ${plan.style}`;
  const ways = [
    'fewer frames (the scene\'s "output": { "every": n } or { "interval": seconds })',
    ...(plan.style === 'surfaces' ? [`the bodies as centres (--vtk-bodies centres, up to ${bytes(plan.centresBytes)} a frame)`] : []),
    'a shorter run (--until)',
  ];
  const less = `${ways.slice(0, -1).join(', ')} or ${ways[ways.length - 1]}`;
  if (plan.freeBytes !== undefined && total > plan.freeBytes) {
    throw new MoreauError('E_TOO_LARGE', `The run's frames would take up to ${bytes(total)} (${what}), more than the ${bytes(plan.freeBytes)} free where --out is; nothing was written. Write ${less}.`);
  }
  return total > LARGE_FRAMES_BYTES ? `The frames will take up to ${bytes(total)} (${what}). To write less: ${less}.` : undefined;
}

/** Bodies frames a run of `steps` steps from step `start` writes with one frame every `stride` steps (frame 0 too when `fresh`). */
export function framesDue(start: number, steps: number, stride: number, fresh: boolean): number {
  return Math.floor((start + steps) / stride) - Math.floor(start / stride) + (fresh ? 1 : 0);
}

/**
 * Bytes free to this process on the file system of `dir` (or its nearest existing parent);
 * undefined when it cannot be told, or for a file system of no size (/proc and the like, where
 * creating the folder fails first, with its own error).
 */
export function freeBytesAt(dir: string): number | undefined {
  let d = dir;
  while (!existsSync(d) && dirname(d) !== d) d = dirname(d);
  try {
    const s = statfsSync(d);
    return s.blocks > 0 ? s.bavail * s.bsize : undefined;
  } catch {
    return undefined;
  }
}

function bytes(n: number): string {
  if (n >= 1e12) return `${(n / 1e12).toFixed(1)} TB`;
  if (n >= 1e9) return `${(n / 1e9).toFixed(1)} GB`;
  if (n >= 1e6) return `${(n / 1e6).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(n / 1e3))} kB`;
}
