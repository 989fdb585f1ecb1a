import { EnergyMerit, MERIT_ABOVE, SiconosMerit, siconosErrorAt, type FrictionContactProblem } from '@moreau/core/kernels';
import { type MeritFunction } from '@moreau/core/contracts';
import { ENERGY_RESCALE } from './wasm-sweep.js';

/**
 * A cheap stand-in for the configured merit, computed from the u = W r + q that the
 * sweeps keep up to date (sweep.ts, `sweepUpdating`) instead of a fresh product with W.
 * The solver calls the merit itself only on sweeps where the stand-in says convergence
 * is possible, so the merit still decides every stop while most sweeps skip its product.
 *
 * The stand-in is the merit's own formula at the kept u, which differs from W r + q only
 * by rounding accumulated over the updates; the solver recomputes u every
 * `REFRESH_SWEEPS`. Measured on the rotating drum's problems (1000 sweeps each), that
 * drift stays below 1e-14 max(‖q‖, ‖r‖, ‖u‖) (7e-14 without the recomputation). A drift
 * δ moves the siconos error by at most (1 + μ) δ / max(‖q‖, ‖r‖, ‖u‖) (the projection is
 * 1-Lipschitz, u ↦ ũ is (1 + μ)-Lipschitz), and the energy merit near its tolerance by
 * about 2 √tol times that (it is quadratic in the residual); `couldConverge` admits values up to (1 + RELATIVE_SLACK) tol +
 * ABSOLUTE_SLACK, far above that, so it never skips a sweep at which the merit would stop.
 *
 * Merits it knows, both relative: siconos (its formula at a given u, `siconosErrorAt`) and
 * energy (which trusts a u passed in). Any other merit (newton's is unnormalised, so the
 * margins below have no fixed meaning for it) gets no stand-in and is evaluated on every
 * due sweep.
 *
 * For the energy merit, most sweeps are settled by a few of its terms (the merit's own
 * `evaluateUnlessAbove`: measured on the rotating drum, the whole formula at every sweep
 * was a quarter of the solver's time); the answer is the one its whole formula at the
 * kept u gives, so the solver stops at the same sweep.
 */
/**
 * The screens' formulas computed elsewhere on the solver's problem, to the same bits: the
 * WebAssembly kernel (wasm-sweep.ts). `siconosError`: `siconosErrorAt`; `energyScreen`:
 * `EnergyMerit.evaluateUnlessAbove`, or ENERGY_RESCALE where core must evaluate.
 */
export interface KernelScreen {
  siconosError(r: Float64Array, u: Float64Array): number;
  energyScreen(r: Float64Array, u: Float64Array, bound: number, floor: number): number;
  /** `EnergyMerit.evaluate` at r and u (to the bit), or ENERGY_RESCALE; the kernel's kept u unchanged. */
  energyAt(r: Float64Array, u: Float64Array, floor: number): number;
}

export class MeritScreen {
  private readonly kind: 'siconos' | 'given-u' | 'none';
  private e = new Float64Array(0);
  private readonly x = new Float64Array(3);

  constructor(private readonly merit: MeritFunction) {
    this.kind = merit instanceof SiconosMerit ? 'siconos'
      : merit instanceof EnergyMerit ? 'given-u' : 'none';
  }

  /** True when the merit trusts a u = W r + q passed to it instead of making the product. */
  get takesU(): boolean {
    return this.kind === 'given-u';
  }

  /** False when the merit has no stand-in and must be evaluated on every due sweep. */
  get active(): boolean {
    return this.kind !== 'none';
  }

  /**
   * The merit at r with u = W r + q given, `merit.evaluate(problem, r, u)` to the bit: for the
   * energy merit on the kernel's memory when it has the problem, else the merit's own.
   */
  evaluate(problem: FrictionContactProblem, r: Float64Array, u: Float64Array | undefined, kernel?: KernelScreen): number {
    if (this.kind === 'given-u' && u !== undefined && kernel !== undefined && problem.rolling === undefined) {
      const value = kernel.energyAt(r, u, (this.merit as EnergyMerit).floor);
      if (value !== ENERGY_RESCALE) return value;
    }
    return this.merit.evaluate(problem, r, u);
  }

  /**
   * False only when the merit at r, with u ≈ W r + q, is certainly above `tolerance`. `kernel`:
   * where the formulas run when not here (the same values); not for rolling pairs.
   */
  couldConverge(problem: FrictionContactProblem, r: Float64Array, u: Float64Array, tolerance: number, kernel?: KernelScreen): boolean {
    if (this.kind === 'none') return true;
    const margin = (1 + RELATIVE_SLACK) * tolerance + ABSOLUTE_SLACK;
    let value: number;
    if (this.kind === 'siconos' && kernel !== undefined && problem.rolling === undefined) {
      value = kernel.siconosError(r, u);
    } else if (this.kind === 'siconos') {
      if (this.e.length !== problem.size) this.e = new Float64Array(problem.size);
      value = siconosErrorAt(problem, r, u, this.e, this.x);
    } else {
      const energy = this.merit as EnergyMerit;
      value = kernel !== undefined && problem.rolling === undefined ? kernel.energyScreen(r, u, margin, energy.floor) : ENERGY_RESCALE;
      if (value === ENERGY_RESCALE) value = energy.evaluateUnlessAbove(problem, r, u, margin);
      if (value === MERIT_ABOVE) return false;
    }
    // NaN or Infinity: let the merit itself say so.
    return !(value < Infinity) || value <= margin;
  }
}

/** Margins of `couldConverge` over the rounding drift of the kept u (see MeritScreen). */
export const RELATIVE_SLACK = 1e-3;
export const ABSOLUTE_SLACK = 1e-12;
/** Sweeps between recomputations of the kept u from scratch, which bound its rounding drift. */
export const REFRESH_SWEEPS = 64;
