import { z } from 'zod';
import { bsrMul } from '../linalg/bsr-matvec.js';
import { hypot2 } from '../cone/hypot2.js';
import type { FrictionContactProblem } from '../problem/friction-contact-problem.js';
import type { MeritFunction } from '../contracts/solver.js';
import { defineMerit } from '../contracts/define.js';
import { symmetricBlockLambdaMax } from './block-eigen.js';

/**
 * The merit of the semismooth Newton method, paper 004 eq 63: M(R) = ½ Cᵀ C with
 * U = W R + B, and per contact (eqs 43-46, normal first here, Ū_N = U_N for a
 * local problem without a gap term):
 *
 *     d_N = R_N − ρ U_N,   d_T = R_T − ρ U_T,
 *     C_T = max(μ d_N, ‖d_T‖) R_T − μ max(0, d_N) d_T,
 *     C_N = R_N − max(0, d_N).
 *
 * ρ_α is SCALE's initial value, 1/λ_max(W_αα) (paper 004 §5.3), unless a fixed
 * ρ is given. Not normalised: compare it only with itself.
 */
export class NewtonMerit implements MeritFunction {
  readonly name = 'newton';
  private u = new Float64Array(0);
  private rho = new Float64Array(0);
  private rhoFor: FrictionContactProblem | undefined;

  constructor(private readonly fixedRho?: number) {}

  evaluate(problem: FrictionContactProblem, r: Float64Array, uIn?: Float64Array): number {
    const n = problem.size;
    let u = uIn;
    if (!u) {
      if (this.u.length !== n) this.u = new Float64Array(n);
      u = bsrMul(problem.W, r, this.u);
      for (let i = 0; i < n; i++) u[i] += problem.q[i];
    }
    const rho = this.rhoOf(problem);
    let sum = 0;
    for (let a = 0; a < problem.contacts; a++) {
      const o = 3 * a, mu = problem.mu[a], p = rho[a];
      const dn = r[o] - p * u[o];
      const d1 = r[o + 1] - p * u[o + 1], d2 = r[o + 2] - p * u[o + 2];
      const dt = hypot2(d1, d2);
      const m = Math.max(mu * dn, dt), pn = Math.max(0, dn);
      const c1 = m * r[o + 1] - mu * pn * d1;
      const c2 = m * r[o + 2] - mu * pn * d2;
      const cn = r[o] - pn;
      sum += c1 * c1 + c2 * c2 + cn * cn;
    }
    const value = 0.5 * sum;
    return Number.isNaN(value) ? Infinity : value;
  }

  private rhoOf(problem: FrictionContactProblem): Float64Array {
    if (this.rhoFor === problem) return this.rho;
    const nc = problem.contacts;
    if (this.rho.length !== nc) this.rho = new Float64Array(nc);
    for (let a = 0; a < nc; a++) {
      if (this.fixedRho !== undefined) {
        this.rho[a] = this.fixedRho;
        continue;
      }
      const lmax = symmetricBlockLambdaMax(problem.W.values, 9 * problem.W.diagIdx[a]);
      // A zero diagonal block (a contact nothing moves) has no scale of its own: ρ = 1.
      this.rho[a] = lmax > 0 ? 1 / lmax : 1;
    }
    this.rhoFor = problem;
    return this.rho;
  }
}

export default defineMerit({
  name: 'newton',
  summary: 'paper 004 eq 63: ½ CᵀC of the semismooth Newton constraints, ρ_α = 1/λmax(W_αα) (not normalised)',
  options: z.object({
    rho: z.number().positive().optional().describe('fixed regularisation ρ for every contact; default 1/λmax(W_αα) per contact'),
  }),
  create: (options) => new NewtonMerit(options.rho),
});
