import { PowerIteration } from '@moreau/core/kernels';
import type { NormalQp } from './normal-qp.js';

/** An estimate of λ_max(W_NN) and what it cost. */
export interface NormalSpectrum {
  lambdaMax: number;
  iterations: number;
  converged: boolean;
}

/**
 * Tolerance and cap of the power iteration. The step ᾱ = s / λ_max only needs λ_max to a few
 * digits: the Rayleigh quotient lags λ_max mostly through eigenvalues close to it, which barely
 * move it, and MPRGP's expansion and proportioning steps still lower q for any ᾱ < 2 / λ_max.
 * Measured on the frictionless shared problems (products with W over the ten, MPRGP at its
 * defaults, all ten solved each time): 1373 at 1e-4, 1112 at 1e-3, 1009 at 1e-2; 1e-3 keeps
 * a margin over the loosest.
 */
export const POWER_TOLERANCE = 1e-3;
export const POWER_MAX_ITERATIONS = 100;

/**
 * λ_max of N = W_NN by core's power iteration (a Rayleigh quotient: never above the true value
 * for symmetric N; for the slightly unsymmetric W of some problems, the quotient of N and of its
 * symmetric part are the same number). Each application is one product with W.
 */
export class NormalSpectrumEstimator {
  private pi = new PowerIteration(0);
  private x = new Float64Array(0);
  private y = new Float64Array(0);

  estimate(qp: NormalQp): NormalSpectrum {
    const nc = qp.nc;
    if (this.pi.n !== nc) {
      this.pi = new PowerIteration(nc);
      this.x = new Float64Array(3 * nc);
      this.y = new Float64Array(3 * nc);
    }
    const { x, y } = this;
    x.fill(0);
    const res = this.pi.run((v, out) => {
      for (let a = 0; a < nc; a++) x[3 * a] = v[a];
      qp.mul(x, y);
      for (let a = 0; a < nc; a++) out[a] = y[3 * a];
    }, { tolerance: POWER_TOLERANCE, maxIterations: POWER_MAX_ITERATIONS });
    return { lambdaMax: res.lambda, iterations: res.iterations, converged: res.converged };
  }
}
