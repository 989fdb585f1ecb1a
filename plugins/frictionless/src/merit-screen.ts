import { SiconosMerit, siconosErrorAt, type FrictionContactProblem } from '@moreau/core/kernels';
import type { MeritFunction } from '@moreau/core/contracts';

/** Margins of `mayMeet` over the rounding drift of the kept u. */
export const RELATIVE_SLACK = 1e-3;
export const ABSOLUTE_SLACK = 1e-12;

/**
 * A stand-in for the `siconos` merit at the u = W r + q a method keeps up to date, without the
 * product with W the merit makes: core's own formula (`siconosErrorAt`) at the kept u. The
 * solver evaluates the merit only at iterations where the stand-in allows a stop, so the merit
 * still decides every stop while most iterations skip its product (MPRGP makes one or two
 * products per iteration: the merit's would add half to all of their cost).
 *
 * The kept u differs from W r + q only by the rounding of its updates; a drift δ moves the
 * siconos error by at most δ / max(‖q‖, ‖r‖, ‖u‖) (μ = 0: the projection is 1-Lipschitz), far
 * below the margins. When the merit disagrees with a stand-in below the tolerance, the solver
 * recomputes u. Another merit gets no stand-in and is evaluated at every iteration.
 */
export class MeritScreen {
  private readonly active: boolean;
  private e = new Float64Array(0);
  private readonly x = new Float64Array(3);

  constructor(merit: MeritFunction) {
    this.active = merit instanceof SiconosMerit;
  }

  /** The stand-in's value at (r, u), or undefined when the merit has none. */
  value(problem: FrictionContactProblem, r: Float64Array, u: Float64Array): number | undefined {
    if (!this.active) return undefined;
    if (this.e.length !== problem.size) this.e = new Float64Array(problem.size);
    return siconosErrorAt(problem, r, u, this.e, this.x);
  }

  /** False only when a stand-in `value` is certainly above `tolerance` (NaN: ask the merit). */
  static mayMeet(value: number, tolerance: number): boolean {
    return !(value > (1 + RELATIVE_SLACK) * tolerance + ABSOLUTE_SLACK);
  }
}
