import type { PowerIteration } from '@moreau/core/kernels';
import type { RelaxedProblem } from './relaxed-problem.js';

/**
 * Vectors of one solve, allocated once per problem size. `r` and `wr = W r` hold
 * the current answer between passes; the variants swap the other buffers freely.
 */
export class Workspace {
  readonly n: number;
  r: Float64Array;
  wr: Float64Array;
  prev: Float64Array;
  wprev: Float64Array;
  y: Float64Array;
  wy: Float64Array;
  x: Float64Array;
  wx: Float64Array;
  best: Float64Array;
  wbest: Float64Array;
  d: Float64Array;
  wd: Float64Array;

  constructor(n: number) {
    this.n = n;
    const v = () => new Float64Array(n);
    this.r = v(); this.wr = v(); this.prev = v(); this.wprev = v();
    this.y = v(); this.wy = v(); this.x = v(); this.wx = v();
    this.best = v(); this.wbest = v(); this.d = v(); this.wd = v();
  }

  /** Makes x (with wx) the current answer r (with wr), and the old r the spare x. */
  acceptX(): void {
    const r = this.r, wr = this.wr;
    this.r = this.x; this.wr = this.wx;
    this.x = r; this.wx = wr;
  }
}

/**
 * A pass whose eq 10 residual exceeds this multiple of its starting value is diverging
 * (a fixed step too large for W): it stops with a breakdown instead of running on until
 * the iterate overflows.
 */
export const DIVERGENCE = 1e10;

/** True when `res` is not finite or has grown past DIVERGENCE times a positive `start`. */
export function diverged(res: number, start: number): boolean {
  return !(res < Infinity) || (start > 0 && res > DIVERGENCE * start);
}

/** Saves the starting point of a pass (the answer a diverging pass falls back to). */
export function saveStart(ws: Workspace): void {
  ws.best.set(ws.r);
  ws.wbest.set(ws.wr);
}

/** Restores the starting point saved by `saveStart`. */
export function restoreStart(ws: Workspace): void {
  ws.r.set(ws.best);
  ws.wr.set(ws.wbest);
}

/** How one pass (one solve of the relaxed problem for a fixed s, paper 003 Algorithm 1) may run. */
export interface PassControl {
  /** Stop once the eq 10 residual of the current iterate is at or below this. */
  threshold: number;
  /** Iteration cap of this pass. */
  maxIterations: number;
  /** `performance.now()` value after which no iteration starts. */
  deadline: number;
  /** The eq 10 residual at the starting r (callers have it; the best-iterate rule counts it as seen). */
  startResidual: number;
  /** Called after every iteration with the residual of the iterate it produced; null when nobody listens. */
  onIteration: ((residual: number) => void) | null;
}

/** Why a pass stopped. */
export type PassStop = 'threshold' | 'cap' | 'time' | 'breakdown';

export interface PassOutcome {
  iterations: number;
  /** eq 10 residual at the r the pass leaves in the workspace. */
  residual: number;
  stop: PassStop;
}

/** Scratch a variant's set-up may use, sized to the problem (a power iteration and one vector). */
export interface SetupScratch {
  pi: PowerIteration;
  v: Float64Array;
}

/** One APGD variant: improves ws.r (and ws.wr) on `problem`, the relaxed problem for the current s. */
export interface ApgdVariant {
  readonly name: string;
  /**
   * The solve answers with the best iterate (by the merit) of all its passes, not the last;
   * for a variant whose passes return their best iterate rather than their last.
   */
  readonly keepsBest: boolean;
  /**
   * Readies the variant for a new solve on `problem` (its step from W, its counters reset),
   * adding the mat-vecs it spends to `problem.matvecs`. Not called when no pass will run.
   * @returns what it estimated, for SolveResult.stats
   */
  prepare(problem: RelaxedProblem, scratch: SetupScratch): Record<string, unknown>;
  run(problem: RelaxedProblem, ws: Workspace, control: PassControl): PassOutcome;
  /** Variant-specific counters for SolveResult.stats. */
  stats(): Record<string, unknown>;
}
