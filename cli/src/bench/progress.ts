import type { CliIO } from '../io.js';

/** Jobs finished in this run (`failed` among them), and skipped as already recorded. */
export interface ProgressTally {
  done: number;
  skipped: number;
  failed: number;
}

/** At most five redraws a second, as the other progress lines. */
const REDRAW_MS = 200;

/**
 * The progress line of `moreau bench` and `moreau sweep` on stderr: jobs done out of the
 * total (done in this run, skipped as recorded before, failed, left), the current
 * problem × solver, its iteration, and the time left at this run's pace. On a terminal it is one line redrawn in place; with `force` (`--progress`) off a terminal,
 * one line per problem × solver, so a log stays short; otherwise nothing.
 */
export class BenchProgress {
  private readonly t0: number;
  private last = -Infinity;
  private drawn = false;
  private head = '';
  private done = 0;
  private left = 0;

  constructor(
    private readonly io: CliIO,
    private readonly total: number,
    private readonly force = false,
    private readonly now: () => number = () => performance.now(),
  ) {
    this.t0 = now();
    this.left = total;
  }

  get enabled(): boolean {
    return this.io.isTTY || this.force;
  }

  /**
   * A problem × solver starts. `tally`: jobs finished in this run (`done`, of which
   * `failed`), and jobs `skipped` because an earlier run with the same --out recorded them.
   */
  start(tally: ProgressTally, problem: string, solver: string): void {
    this.done = tally.done;
    this.left = this.total - tally.skipped - tally.done;
    this.head = `bench ${tally.done + tally.skipped}/${this.total} (${tally.done} done, ${tally.skipped} skipped, ${tally.failed} failed, ${this.left} left)  ${problem} × ${solver}`;
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
    // The pace of this run's jobs only: skipped ones took no time.
    const eta = this.done > 0 ? (elapsed / this.done) * this.left : NaN;
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
