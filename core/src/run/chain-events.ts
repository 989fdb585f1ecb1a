import { EventBus, type SolverIterationEvent } from '../contracts/events.js';

/**
 * The events of the chains a composing solver runs (`auto`, `cluster-gauss-seidel`): it builds
 * them on `bus` (`ctx.solverChain(config, { events: bus })`), and their iteration events reach
 * the run's bus under its own name, the link's name in `link`, numbered across everything it
 * ran in the current solve (earlier calls and, within a call, the links before the running one).
 *
 * Forwarding is switched on only while the run's bus has an iteration listener (`begin`): a
 * solver builds its per-iteration events only when its bus has a listener, and on small
 * problems building and forwarding them cost more than the solve (Rover4516 under `auto`:
 * 109 µs a solve against 37 µs for its first link alone).
 */
export class ChainEvents {
  readonly bus = new EventBus();
  /** Iterations of the calls finished in this solve. */
  private calls = 0;
  /** Iterations of the running call's links before the running one. */
  private links = 0;

  private readonly forward = (e: SolverIterationEvent): void => {
    this.run.emit('solver:iteration', { ...e, solver: this.name, link: e.solver, iteration: e.iteration + this.calls + this.links });
  };

  /** `forwardFallbacks`: the chains' fallback events go on to the run's bus too. */
  constructor(private readonly run: EventBus, private readonly name: string, forwardFallbacks = false) {
    this.bus.on('solver:fallback', (e) => {
      this.links += e.iterations;
      if (forwardFallbacks) run.emit('solver:fallback', e);
    });
  }

  /** A solve starts: numbering from 1, forwarding on if someone listens on the run's bus. */
  begin(): void {
    this.calls = 0;
    this.links = 0;
    const heard = this.run.listenerCount('solver:iteration') > 0;
    const forwarding = this.bus.listenerCount('solver:iteration') > 0;
    if (heard && !forwarding) this.bus.on('solver:iteration', this.forward);
    else if (!heard && forwarding) this.bus.off('solver:iteration', this.forward);
  }

  /** A call ended after `iterations` in all: the next call's events number after them. */
  ended(iterations: number): void {
    this.calls += iterations;
    this.links = 0;
  }
}
