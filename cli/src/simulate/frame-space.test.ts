import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { isMoreauError, polyDataParts } from '@moreau/core';
import { FakeSimulation } from '../__fixtures__/fake-simulation.js';
import { planeHalfSizes } from './bodies-file.js';
import { FramePieces } from './frame-pieces.js';
import { ownFrameBytes } from './output.js';
import { checkFramesSpace, framesDue, freeBytesAt, LARGE_FRAMES_BYTES } from './frame-space.js';

const plan = { frames: 1000, frameBytes: 12.4e6, centresBytes: 2e5, style: 'surfaces' as const, freeBytes: 5e10 };

describe('frames and the space they take', () => {
  test('should refuse frames that do not fit, naming the total, the free space and every way to write less', () => {
    let error: unknown;
    try {
      checkFramesSpace({ ...plan, freeBytes: 1e10 });
    } catch (e) {
      error = e;
    }
    expect(isMoreauError(error, 'E_TOO_LARGE')).toBe(true);
    expect((error as Error).message).toBe('The run\'s frames would take up to 12.4 GB (1000 bodies frames of up to 12.4 MB, the bodies as surfaces), more than the 10.0 GB free where --out is; nothing was written. '
      + 'Write fewer frames (the scene\'s "output": { "every": n } or { "interval": seconds }), the bodies as centres (--vtk-bodies centres, up to 200 kB a frame) or a shorter run (--until).');
  });

  test('should note large frames that fit, and say nothing of small ones or of centres to a run that writes them', () => {
    expect(checkFramesSpace(plan)).toMatch(/^The frames will take up to 12\.4 GB \(1000 bodies frames .*\)\. To write less: fewer frames .*--vtk-bodies centres, up to 200 kB a frame\) or a shorter run \(--until\)\.$/);
    // At the threshold, not above it: nothing to say.
    expect(checkFramesSpace({ ...plan, frames: 1, frameBytes: LARGE_FRAMES_BYTES })).toBeUndefined();
    expect(checkFramesSpace({ ...plan, frames: 1, frameBytes: LARGE_FRAMES_BYTES + 1 })).toMatch(/^The frames will take up to 1\.0 GB/);
    const centres = checkFramesSpace({ ...plan, style: 'centres', frameBytes: 2e8, frames: 10 });
    expect(centres).toMatch(/the bodies as centres\)\. To write less: fewer frames .* or a shorter run/);
    expect(centres).not.toMatch(/--vtk-bodies/);
    // Free space unknown: a note, never a refusal.
    expect(checkFramesSpace({ ...plan, frames: 1e9, freeBytes: undefined })).toMatch(/^The frames will take up to 12400\.0 TB/);
  });

  test('should count the frames a run writes: one every stride steps, frame 0 on a fresh run only', () => {
    expect(framesDue(0, 40, 5, true)).toBe(9);
    expect(framesDue(0, 40, 5, false)).toBe(8);
    // Resumed at step 12 for 9 steps: frames at steps 15 and 20.
    expect(framesDue(12, 9, 5, false)).toBe(2);
    expect(framesDue(12, 2, 5, false)).toBe(0);
    expect(framesDue(0, 3, 1, true)).toBe(4);
  });

  test('should find the free space of a folder that does not exist yet through its parent, and none for a file system of no size', () => {
    const dir = mkdtempSync(join(tmpdir(), 'moreau-space-'));
    const free = freeBytesAt(join(dir, 'not', 'yet'));
    expect(free).toBeGreaterThan(0);
    expect(Number.isFinite(free)).toBe(true);
    if (process.platform === 'linux') expect(freeBytesAt('/proc/self')).toBeUndefined();
  });

  test('should count as reclaimable only the frames a fresh run removes', () => {
    const dir = mkdtempSync(join(tmpdir(), 'moreau-own-'));
    writeFileSync(join(dir, 'bodies_000000.vtp'), 'x'.repeat(100));
    writeFileSync(join(dir, 'contacts_000001.vtp'), 'x'.repeat(50));
    writeFileSync(join(dir, 'mine.vtp'), 'x'.repeat(70));
    writeFileSync(join(dir, 'steps.jsonl'), 'x'.repeat(30));
    expect(ownFrameBytes(dir)).toBe(150);
    expect(ownFrameBytes(join(dir, 'absent'))).toBe(0);
  });

  test('should bound the characters of a bodies frame from above, within a few per cent in binary', () => {
    const sim = new FakeSimulation({ name: 'balls', spheres: Array.from({ length: 30 }, (_, i) => [i, 0, 0.1, 0.5, 0, 0]), timeStep: 0.01, duration: 0.1 });
    for (const style of ['surfaces', 'centres'] as const) {
      const pieces = new FramePieces(sim, planeHalfSizes(sim), style);
      for (const encoding of ['binary', 'ascii'] as const) {
        const chars = polyDataParts(pieces.bodies(), encoding).join('').length;
        const bound = pieces.frameChars(style, encoding);
        expect(chars).toBeLessThanOrEqual(bound);
        if (encoding === 'binary') expect(chars).toBeGreaterThan(0.9 * bound);
      }
    }
  });
});
