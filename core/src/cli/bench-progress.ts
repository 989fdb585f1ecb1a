import type { CliIO } from './io.js';

/** At most five redraws a second, as the other progress lines. */
const REDRAW_MS = 200;

/**
 * The progress line of `moreau bench` on stderr: solves done out of the total, the
 * current problem × solver, its iteration, and the time left at the pace so far. On a
 * terminal it is one line redrawn in place; with `force` (`--progress`) off a terminal,
 * one line per problem × solver, so a log stays short; otherwise nothing.
 */
export class BenchProgress {
  private readonly t0: number;
  private last = -Infinity;
  private drawn = false;
  private head = '';
  private done = 0;

  constructor(
    private readonly io: CliIO,
    private readonly total: number,
    private readonly force = false,
    private readonly now: () => number = () => performance.now(),
  ) {
    this.t0 = now();
  }

  get enabled(): boolean {
    return this.io.isTTY || this.force;
  }

  /** A problem × solver starts; `done` pairs are finished. */
  start(done: number, problem: string, solver: string): void {
    this.done = done;
    this.head = `bench ${done}/${this.total}  ${problem} × ${solver}`;
    if (!this.enabled) return;
    this.last = this.now();
    this.write(this.line(this.last));
  }

  /** A solver iteration: redraws the terminal line (never a log line), at most five times a second. */
  iteration(iteration: number): void {
    if (!this.io.isTTY) return;
    const now = this.now();
    if (now - this.last < REDRAW_MS) return;
    this.last = now;
    this.write(this.line(now, iteration));
  }

  /** The text of one redraw. */
  line(now: number, iteration?: number): string {
    const elapsed = (now - this.t0) / 1000;
    const eta = this.done > 0 ? (elapsed / this.done) * (this.total - this.done) : NaN;
    return `${this.head}${iteration === undefined ? '' : `  iteration ${iteration}`}  |  ${duration(elapsed)} elapsed, ETA ${Number.isFinite(eta) ? duration(eta) : '?'}`;
  }

  clear(): void {
    if (this.drawn && this.io.isTTY) this.io.err('\r\x1b[K\r');
    this.drawn = false;
  }

  private write(text: string): void {
    this.drawn = true;
    this.io.err(this.io.isTTY ? `\r\x1b[K${text}\r` : `${text}\n`);
  }
}

function duration(seconds: number): string {
  if (seconds < 90) return `${seconds.toFixed(seconds < 10 ? 1 : 0)} s`;
  const minutes = seconds / 60;
  return minutes < 90 ? `${Math.round(minutes)} min` : `${(minutes / 60).toFixed(1)} h`;
}
