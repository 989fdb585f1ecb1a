import { setImmediate as yieldToEvents } from 'node:timers/promises';
import type { Simulation, StepStats } from '@moreau/core';

/**
 * Wall time the simulation runs before handing the event loop a turn: signals
 * (Ctrl-C) and output are handled between slices. Short against a human's
 * patience, long against the cost of a turn (microseconds).
 */
const SLICE_MS = 100;

export interface DriveOptions {
  until: number;
  /** Called with every step's statistics, synchronously, before the next step. */
  onStep(stats: StepStats): void;
  /** True when the run must stop after the current step (Ctrl-C). */
  interrupted(): boolean;
  /** True when output must be written before the next step (a frame or dump fell due). */
  mustPause(): boolean;
  /** Runs between slices (writes output); awaited before the next step. */
  pause(): Promise<void>;
  now?: () => number;
}

export interface DriveResult {
  ended: 'until' | 'interrupted' | 'solve-failed';
  /** Steps taken by this drive. */
  steps: number;
}

/**
 * Runs `sim` to `until` in slices of `Simulation.run`, each stopped (between steps,
 * so never inside one) after about 100 ms of wall time, when output falls due, or on
 * interruption. Slicing does not change the steps taken: the run is the same as one
 * uninterrupted `run({ until })`.
 */
export async function driveSimulation(sim: Simulation, o: DriveOptions): Promise<DriveResult> {
  const now = o.now ?? (() => performance.now());
  let steps = 0;
  const onStep = (s: StepStats) => {
    steps++;
    o.onStep(s);
  };
  for (;;) {
    const sliceEnd = now() + SLICE_MS;
    const summary = sim.run({ until: o.until, onStep, shouldStop: () => o.interrupted() || o.mustPause() || now() >= sliceEnd });
    await o.pause();
    if (summary.ended === 'until' || summary.ended === 'solve-failed') return { ended: summary.ended, steps };
    if (o.interrupted()) return { ended: 'interrupted', steps };
    await yieldToEvents();
  }
}
