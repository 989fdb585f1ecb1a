import type { EventBus, SolverIterationEvent } from '../contracts/events.js';
import type { SolveResult } from '../contracts/solver.js';
import type { FrictionContactProblem } from '../problem/friction-contact-problem.js';
import { finiteOrNull, type SolveHistory, type SolveHistoryAttempt, type SolveHistoryProblem } from './solve-history.js';

/** The points one solver reported during one solve. */
interface Points {
  iteration: number[];
  error: (number | null)[];
}

/**
 * Records the merit each solver of a chain reports per iteration, from the run's
 * `solver:iteration` events, for `moreau solve --history`.
 *
 * Attempts are told apart by `solver:end`, which every solver emits once per solve
 * (the conformance suite checks it): the points before the first one belong to the first
 * solver of the chain, the next ones to its fallback, and so on. A solver that forgot it
 * is still cut where its iteration numbers start again. Events without an `error` are
 * skipped: a solver that evaluates its merit only now and then (Gauss–Seidel's
 * `checkEvery`, APGD at the end of each pass) gives a sparser curve, not a false one.
 */
export class SolveHistoryRecorder {
  private readonly ended: Points[] = [];
  private current: Points = { iteration: [], error: [] };

  constructor(private readonly events: EventBus) {
    events.on('solver:iteration', this.onIteration);
    events.on('solver:end', this.onEnd);
  }

  /** Stops listening; call it once the solve has returned (or thrown). */
  stop(): void {
    this.events.off('solver:iteration', this.onIteration);
    this.events.off('solver:end', this.onEnd);
  }

  /** The history of the solve that gave `result`: the chain's attempts, each with its points. */
  history(result: SolveResult, about: { problem: SolveHistoryProblem; tolerance: number | null; label: string }): SolveHistory {
    const points = this.current.iteration.length > 0 ? [...this.ended, this.current] : this.ended;
    const attempts: SolveHistoryAttempt[] = (result.attempts ?? []).map((a, k) => ({
      solver: a.solver, converged: a.converged, reason: a.reason, iterations: a.iterations, wallMs: a.ms,
      iteration: points[k]?.iteration ?? [], error: points[k]?.error ?? [],
    }));
    return {
      format: 'moreau-solve-history', version: 1,
      problem: about.problem, tolerance: about.tolerance, merit: result.merit, label: about.label,
      attempts, converged: result.converged, error: finiteOrNull(result.error),
    };
  }

  private readonly onIteration = (e: SolverIterationEvent): void => {
    if (e.error === undefined) return;
    const { iteration } = this.current;
    if (iteration.length > 0 && !(e.iteration > iteration[iteration.length - 1])) this.cut();
    this.current.iteration.push(e.iteration);
    this.current.error.push(finiteOrNull(e.error));
  };

  private readonly onEnd = (): void => this.cut();

  private cut(): void {
    this.ended.push(this.current);
    this.current = { iteration: [], error: [] };
  }
}

/** The numbers of a problem a history keeps beside its curves; `file` as the user gave it. */
export function historyProblem(file: string, name: string, p: FrictionContactProblem): SolveHistoryProblem {
  // A loop, not Math.min(...mu): spreading 10⁵ arguments overflows the stack.
  let muMin = Infinity, muMax = 0;
  for (let a = 0; a < p.contacts; a++) {
    if (p.mu[a] < muMin) muMin = p.mu[a];
    if (p.mu[a] > muMax) muMax = p.mu[a];
  }
  return { file, name, contacts: p.contacts, muMin: p.contacts > 0 ? muMin : 0, muMax, wBlocks: p.W.blockCount, size: p.size };
}
