import type { EventBus } from '@moreau/core/contracts';

/**
 * The `solver:iteration` events of one solve. Each carries the pass's eq 10 residual; the
 * last one of a pass is held back until the merit at the pass's answer is known and then
 * carries it as `error` (`flush`). When the merit is eq 10 itself (`direct`), every event
 * carries its residual as the error.
 */
export class IterationEvents {
  /** What a pass calls after each iteration; null when nobody listens, so passes skip it. */
  readonly onIteration: ((residual: number) => void) | null;
  private iteration = 0;
  private pass = 0;
  private residual = 0;
  private held = false;

  constructor(private readonly events: EventBus, private readonly solver: string, private readonly direct: boolean) {
    this.onIteration = events.listenerCount('solver:iteration') > 0 ? (residual) => this.hold(residual) : null;
  }

  /** Pass number `pass` (from 1) starts after `iterations` iterations of the solve. */
  startPass(iterations: number, pass: number): void {
    this.iteration = iterations;
    this.pass = pass;
  }

  /** Sends the event held back, if any, with `error` when given. */
  flush(error?: number): void {
    if (!this.held) return;
    this.held = false;
    const base = { solver: this.solver, iteration: this.iteration, residual: this.residual, pass: this.pass };
    this.events.emit('solver:iteration', error === undefined ? base : { ...base, error });
  }

  private hold(residual: number): void {
    this.flush(this.direct ? this.residual : undefined);
    this.iteration++;
    this.residual = residual;
    this.held = true;
  }
}
