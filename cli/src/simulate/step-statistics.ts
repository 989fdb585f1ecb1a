import type { StepStats } from '@moreau/core';

/** The statistics `moreau simulate` prints at the end of a run (and as `--json`). */
export interface RunStatistics {
  steps: number;
  /** Steps that had contacts, i.e. that called the solver. */
  solvedSteps: number;
  contacts: { mean: number; max: number };
  /** Solver iterations per solved step, every attempt of the chain counted (nearest-rank percentiles). */
  iterations: IterationStatistics;
  /**
   * Iterations of the chain's first solver alone, per solved step: what Solfec's tables count
   * (a fallback's sweeps are not in them).
   */
  firstSolver: IterationStatistics;
  /** Per solver of the chain, in chain order: the steps it ran in and its own iterations. */
  attempts: AttemptStatistics[];
  /** Solved steps whose first solver stopped at its iteration cap. */
  stepsAtCap: number;
  /** Solved steps whose answer did not converge. */
  notConverged: number;
  /** Fallbacks the solver chain took, over every step. */
  fallbacks: number;
  /** The deepest overlap any step's detection found (before correction), and the steps that found one deeper than 1e-6 of a length unit. */
  overlap: { max: number; steps: number };
  /**
   * The position projection: the steps it ran in, and its sweeps per such step (mean and max).
   * Absent from records written before it was counted.
   */
  projection?: { steps: number; sweeps: { mean: number; max: number } };
  /** With config `sleep`: bodies asleep after the last step, and at most. */
  sleeping?: { last: number; max: number };
  /** Sum of the steps' own timers, milliseconds, and that per step. */
  stepMs: number;
  msPerStep: number;
  /**
   * Share of the step time spent in each phase, percent (`other`: the rest). `correct` is the
   * position projection, timed apart from `assemble`; absent from records written before it was.
   */
  split: { detect: number; assemble: number; correct?: number; solve: number; update: number; other: number };
}

/** One solver's share of the chain's work over a run. */
export interface AttemptStatistics {
  solver: string;
  /**
   * The merit its answers were checked in and the tolerance they were held to, as its first
   * attempt recorded them (the same at every step; a step line written before attempts carried
   * a tolerance gives none).
   */
  merit?: string;
  tolerance?: number;
  /** Solved steps this solver ran in. */
  steps: number;
  /** Of those, the steps it converged in. */
  converged: number;
  /** Its iterations over the run, and per step it ran in (mean and max). */
  iterations: { total: number; mean: number; max: number };
  /** Its own solve time over the run, milliseconds (wall clock; a line written before attempts were timed adds 0). */
  ms: number;
}

export interface IterationStatistics {
  mean: number;
  median: number;
  p90: number;
  max: number;
}

/**
 * Accumulates StepStats as they come, in O(1) per step: sums and maxima, plus the
 * iteration counts of solved steps in a growing typed array for the percentiles.
 */
export class StepStatistics {
  private steps = 0;
  private contactSum = 0;
  private contactMax = 0;
  private iterations = new Int32Array(1024);
  private first = new Int32Array(1024);
  private atCap = 0;
  private solved = 0;
  private notConverged = 0;
  private fallbacks = 0;
  private overlapMax = 0;
  private overlapSteps = 0;
  private projectionSteps = 0;
  private projectionSweeps = 0;
  private projectionMax = 0;
  private sleeping: { last: number; max: number } | undefined;
  /** Indexed by position in the solver chain (the same solver may appear twice in it). */
  private readonly byLink: AttemptStatistics[] = [];
  private readonly ms = { detect: 0, assemble: 0, correct: 0, solve: 0, update: 0, total: 0 };

  add(s: StepStats): void {
    this.steps++;
    this.contactSum += s.contacts;
    this.contactMax = Math.max(this.contactMax, s.contacts);
    this.fallbacks += s.fallbacks;
    // Stats from before a field existed (a resumed run's older lines) count as no overlap and no projection.
    const overlap = s.penetration ?? 0;
    this.overlapMax = Math.max(this.overlapMax, overlap);
    if (overlap > 1e-6) this.overlapSteps++;
    const sweeps = s.correctionSweeps ?? 0;
    if (sweeps > 0) {
      this.projectionSteps++;
      this.projectionSweeps += sweeps;
      this.projectionMax = Math.max(this.projectionMax, sweeps);
    }
    if (s.sleeping !== undefined) {
      this.sleeping ??= { last: 0, max: 0 };
      this.sleeping.last = s.sleeping;
      this.sleeping.max = Math.max(this.sleeping.max, s.sleeping);
    }
    if (s.contacts > 0) {
      if (this.solved === this.iterations.length) {
        const grown = new Int32Array(2 * this.solved);
        grown.set(this.iterations);
        this.iterations = grown;
        const grownFirst = new Int32Array(2 * this.solved);
        grownFirst.set(this.first);
        this.first = grownFirst;
      }
      const firstAttempt = s.attempts[0];
      this.first[this.solved] = firstAttempt ? firstAttempt.iterations : s.iterations;
      if ((firstAttempt ? firstAttempt.reason : s.reason) === 'max-iterations') this.atCap++;
      this.iterations[this.solved++] = s.iterations;
      if (!s.converged) this.notConverged++;
      s.attempts.forEach((a, i) => this.addAttempt(i, a));
    }
    this.ms.detect += s.ms.detect;
    this.ms.assemble += s.ms.assemble;
    this.ms.correct += s.ms.correct ?? 0;
    this.ms.solve += s.ms.solve;
    this.ms.update += s.ms.update;
    this.ms.total += s.ms.total;
  }

  private addAttempt(link: number, attempt: StepStats['attempts'][number]): void {
    const { solver, iterations, converged, ms, merit, tolerance } = attempt;
    const a = this.byLink[link] ??= { solver, steps: 0, converged: 0, iterations: { total: 0, mean: 0, max: 0 }, ms: 0 };
    if (a.tolerance === undefined && tolerance !== undefined) {
      a.merit = merit;
      a.tolerance = tolerance;
    }
    a.steps++;
    if (ms !== undefined && ms >= 0 && ms < Infinity) a.ms += ms;
    if (converged) a.converged++;
    a.iterations.total += iterations;
    a.iterations.max = Math.max(a.iterations.max, iterations);
  }

  summary(): RunStatistics {
    const { ms } = this;
    const pct = (x: number) => (ms.total > 0 ? (100 * x) / ms.total : 0);
    return {
      steps: this.steps,
      solvedSteps: this.solved,
      contacts: { mean: this.steps ? this.contactSum / this.steps : 0, max: this.contactMax },
      iterations: iterationStatistics(this.iterations.slice(0, this.solved)),
      firstSolver: iterationStatistics(this.first.slice(0, this.solved)),
      attempts: this.byLink.filter(Boolean).map((a) => ({ ...a, iterations: { ...a.iterations, mean: a.iterations.total / a.steps } })),
      stepsAtCap: this.atCap,
      notConverged: this.notConverged,
      fallbacks: this.fallbacks,
      overlap: { max: this.overlapMax, steps: this.overlapSteps },
      projection: {
        steps: this.projectionSteps,
        sweeps: { mean: this.projectionSteps ? this.projectionSweeps / this.projectionSteps : 0, max: this.projectionMax },
      },
      ...(this.sleeping ? { sleeping: { ...this.sleeping } } : {}),
      stepMs: ms.total,
      msPerStep: this.steps ? ms.total / this.steps : 0,
      split: {
        detect: pct(ms.detect), assemble: pct(ms.assemble), correct: pct(ms.correct), solve: pct(ms.solve), update: pct(ms.update),
        other: pct(Math.max(0, ms.total - ms.detect - ms.assemble - ms.correct - ms.solve - ms.update)),
      },
    };
  }
}

/** Mean and nearest-rank percentiles of iteration counts (sorts `its` in place). */
function iterationStatistics(its: Int32Array): IterationStatistics {
  its.sort();
  const rank = (p: number) => (its.length ? its[Math.max(0, Math.ceil(p * its.length) - 1)] : 0);
  const sum = its.reduce((a, b) => a + b, 0);
  return { mean: its.length ? sum / its.length : 0, median: rank(0.5), p90: rank(0.9), max: its.length ? its[its.length - 1] : 0 };
}
