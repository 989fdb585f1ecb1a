/** How far back the live rate looks, ms: long enough to average over batches, short enough to follow a change. */
const WINDOW_MS = 2000;

/**
 * Simulated steps per second of wall time while playing: the steps received over the last
 * WINDOW_MS, divided by the time they took to arrive. A pause ends the measurement (the wait
 * is not counted); the next play starts a new one.
 */
export class RateMeter {
  private readonly times: number[] = [];
  private readonly counts: number[] = [];
  /** Steps and wall time over every playing stretch since the last reset, for the average. */
  private totalSteps = 0;
  private totalMs = 0;

  /** Playback started at `now` (ms). */
  start(now: number): void {
    this.times.length = this.counts.length = 0;
    this.times.push(now);
    this.counts.push(0);
  }

  /** `steps` more steps arrived at `now` while playing. */
  add(steps: number, now: number): void {
    if (this.times.length === 0) return;
    this.totalMs += now - this.times[this.times.length - 1];
    this.totalSteps += steps;
    this.times.push(now);
    this.counts.push(steps);
    while (this.times.length > 2 && now - this.times[1] > WINDOW_MS) {
      this.times.shift();
      this.counts.shift();
    }
  }

  stop(): void {
    this.times.length = this.counts.length = 0;
  }

  /** Steps per wall second over the window (0 before two arrivals). */
  get current(): number {
    const n = this.times.length;
    if (n < 2) return 0;
    let steps = 0;
    for (let i = 1; i < n; i++) steps += this.counts[i];
    const ms = this.times[n - 1] - this.times[0];
    return ms > 0 ? (1000 * steps) / ms : 0;
  }

  /** Steps per wall second over everything played since the last reset. */
  get average(): number {
    return this.totalMs > 0 ? (1000 * this.totalSteps) / this.totalMs : 0;
  }

  reset(): void {
    this.stop();
    this.totalSteps = this.totalMs = 0;
  }
}
