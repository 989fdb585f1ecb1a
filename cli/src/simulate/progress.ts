import type { StepStats } from '@moreau/core';
import type { CliIO } from '../io.js';
import { formatNumber } from '../table.js';

/** At most five redraws a second: enough to read, cheap next to the steps. */
const REDRAW_MS = 200;

/**
 * The one-line progress display of `moreau simulate` on stderr: simulated time
 * against the target, steps per second, contacts (and bodies asleep, with `sleep`)
 * and solver iterations of the last step, and the time left at the current pace. The first step draws at once,
 * then at most every 200 ms.
 */
export class SimulationProgress {
  private last = -Infinity;
  private drawn = false;
  private stepsSeen = 0;
  private readonly t0: number;

  constructor(
    private readonly io: CliIO,
    private readonly startTime: number,
    private readonly until: number,
    private readonly now: () => number = () => performance.now(),
  ) {
    this.t0 = now();
  }

  update(s: StepStats): void {
    this.stepsSeen++;
    const now = this.now();
    if (now - this.last < REDRAW_MS) return;
    this.last = now;
    this.drawn = true;
    this.io.err(`\r\x1b[K${this.line(s, now)}\r`);
  }

  /** The text of one redraw (without the terminal codes). */
  line(s: StepStats, now: number): string {
    const seconds = Math.max(now - this.t0, 1e-3) / 1000;
    const rate = (s.time - this.startTime) / seconds; // simulated seconds per wall second
    const eta = rate > 0 ? (this.until - s.time) / rate : Infinity;
    return [
      `t ${formatNumber(s.time)} / ${formatNumber(this.until)} s`,
      `${formatNumber(this.stepsSeen / seconds)} steps/s`,
      `${s.contacts} contacts`,
      ...(s.sleeping === undefined ? [] : [`${s.sleeping} asleep`]),
      `${s.iterations} it${s.converged ? '' : ' (not converged)'}`,
      `ETA ${Number.isFinite(eta) ? formatDuration(eta) : '?'}`,
    ].join('  |  ');
  }

  /** Clears the line if anything was drawn. */
  clear(): void {
    if (this.drawn) this.io.err('\r\x1b[K\r');
    this.drawn = false;
  }
}

function formatDuration(seconds: number): string {
  if (seconds < 60) return `${seconds.toFixed(1)} s`;
  const m = Math.floor(seconds / 60), s = Math.round(seconds % 60);
  if (m < 60) return `${m} min ${s} s`;
  return `${Math.floor(m / 60)} h ${m % 60} min`;
}
