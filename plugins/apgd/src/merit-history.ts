import type { FrictionContactProblem } from '@moreau/core/kernels';
import type { MeritFunction } from '@moreau/core/contracts';

/** The configured merit, evaluated and recorded at the iterations a solve asks for (SolveResult.stats.history). */
export class MeritHistory {
  readonly iterations: number[] = [];
  readonly errors: number[] = [];

  constructor(private readonly merit: MeritFunction, private readonly problem: FrictionContactProblem) {}

  /** The merit at r, recorded as the value after `iteration` iterations. */
  evaluate(r: Float64Array, iteration: number): number {
    const e = this.merit.evaluate(this.problem, r);
    this.iterations.push(iteration);
    this.errors.push(e);
    return e;
  }

  get evaluations(): number {
    return this.iterations.length;
  }
}
