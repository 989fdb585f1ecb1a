/**
 * The no-progress stop: a solve whose merit has not fallen by `STALL_DECREASE` below its
 * best value in the last `window` steps is declared stalled, so the fallback (if any) takes
 * over instead of the solver spending its cap. Measured on the rotating drum's per-step
 * problems at siconos 1e-8 (bench/drum-problems.mjs): PQN after Gauss–Seidel never solved a
 * problem whose merit had stood still for 50 steps, and such problems took 70 % of its steps.
 */
export class ProgressWatch {
  private best = Infinity;
  private bestAt = 0;

  /** @param window steps without progress before `stalled` says so; 0 never does */
  constructor(private readonly window: number) {}

  /** Starts a solve with the merit at step k0. */
  start(k0: number, error: number): void {
    this.best = error;
    this.bestAt = k0;
  }

  /**
   * Records the merit at step k.
   * @returns true when the window is on and the merit has made no progress in its last `window` steps
   */
  stalled(k: number, error: number): boolean {
    if (error < (1 - STALL_DECREASE) * this.best) {
      this.best = error;
      this.bestAt = k;
    }
    return this.window > 0 && k - this.bestAt >= this.window;
  }
}

/** The fraction by which the merit must fall below its best within a window to count as progress. */
export const STALL_DECREASE = 0.1;
