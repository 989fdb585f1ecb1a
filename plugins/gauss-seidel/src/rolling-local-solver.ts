import { isMoreauError } from '@moreau/core/contracts';
import {
  luFactor, luSolve, projectOntoRollingCone, rollingConeViolation, rollingDeSaxceShift, rollingNaturalMap, type LuFactors,
} from '@moreau/core/kernels';
import { FAILED, SEPARATED, SLIDING, STICKING, type LocalOutcome } from './local-solver.js';

/**
 * The one-contact problem of a contact with rolling and spinning resistance (paper 002,
 * "Modeling Rolling/Spinning"; the cone Z of core's rolling-cone.ts), in the layout
 * `ROLLING_CONTACT` (γ_n, γ_t, τ_r, τ_n):
 *
 *     u = W r + q  (W 6×6),   r ∈ Z,   ũ = u + (μ‖u_t‖ + ρ‖w_r‖ + σ|w_n|) e_n ∈ Z*,   ũ ⟂ r.
 *
 * Tried in this order, as the three-component `LocalSolver` does:
 *
 * - separation, r = 0: ũ = q + s(q) e_n lies in Z* exactly when q_n ≥ 0;
 * - sticking, u = 0: r = −W⁻¹ q (LU with partial pivoting), a solution when it lies in Z;
 * - otherwise the projected fixed point of paper 002 ("Cone Complementarity Problems and
 *   Stationary Iterative Methods", γ ← Π(γ − ω B (N γ + r))) on this one contact, with De
 *   Saxcé's ũ in place of N γ + r so that its fixed points are the solutions of the law above
 *   (not of the convex relaxation), and with B a metric that is constant on each group:
 *
 *       r ← P_Z^D (r − ω D⁻¹ ũ(W r + q)),   D = diag(d_n, d_t, d_t, d_r, d_r, d_s),
 *
 *   P_Z^D the projection in the norm ‖x‖²_D = xᵀ D x. Its fixed points are exactly the
 *   solutions for any such D (r = P_Z^D(r − ω D⁻¹ ũ) says −ũ is normal to Z at r). Scaling
 *   by a = √d maps Z onto the cone Z' of coefficients μ a_t / a_n, ρ a_r / a_n, σ a_s / a_n, so
 *   P_Z^D(x) = a⁻¹ P_Z'(a x): core's exact projection, nothing new. d is the mean diagonal of W
 *   over each group (a scalar per group keeps each ball a ball): it equilibrates forces against
 *   torques, whose compliances differ by 1/R² for a ball of radius R, and with d = 1 a sphere's
 *   block needed ~1e4 times more steps. ω = 1/G, G the Gershgorin bound on λ_max of
 *   D^{-1/2} W D^{-1/2} (symmetric part), so ω ≤ 1/λ_max: a step of projected gradient that
 *   converges for the fixed shift; with the shift updated at every step it converged on every
 *   test problem (friction and resistances below 1), as paper 003 reports of its update of s.
 *
 *   It stops when the natural map of core (`rollingNaturalMap`, the per-contact e of the
 *   `siconos` measure on Z) is at most `tolerance` max(‖q‖, ‖r‖, ‖u‖), when a step changes no
 *   entry, or after `maxIterations` steps (FAILED: r holds the iterate of least residual).
 */
export class RollingLocalSolver {
  /** The reaction found by the last call (6 entries). */
  readonly r = new Float64Array(6);
  /** Fixed-point steps taken by the last call, and in all since the counter was reset. */
  iterations = 0;
  totalIterations = 0;
  private readonly u = new Float64Array(6);
  private readonly f = new Float64Array(6);
  private readonly x = new Float64Array(6);
  private readonly best = new Float64Array(6);
  private readonly stick = new Float64Array(6);

  constructor(private readonly options: { tolerance: number; maxIterations: number }) {}

  /**
   * Solves the one-contact problem of `block` with q = q[qo..qo+5]; `start[so..so+5]` (the
   * current reaction) starts the fixed point. The answer is in `r`.
   * @returns which kind of solution was found (SLIDING: some group moves)
   */
  solve(block: RollingBlock, q: Float64Array, qo: number, start: Float64Array, so: number): LocalOutcome {
    const r = this.r;
    this.iterations = 0;
    if (q[qo] >= 0) {
      r.fill(0);
      return SEPARATED;
    }
    const { mu, rho, sigma } = block;
    if (block.lu !== undefined) {
      const st = this.stick;
      for (let i = 0; i < 6; i++) st[i] = -q[qo + i];
      luSolve(block.lu, st, st);
      if (rollingConeViolation(st, 0, mu, rho, sigma) === 0) {
        r.set(st);
        return STICKING;
      }
    }
    projectOntoRollingCone(r, 0, start, so, mu, rho, sigma);
    return this.fixedPoint(block, q, qo);
  }

  private fixedPoint(block: RollingBlock, q: Float64Array, qo: number): LocalOutcome {
    const { r, u, f, x, best } = this;
    const { w, a, step, mu, rho, sigma } = block;
    let bestResidual = Infinity, bestScale = 0;
    for (let k = 0; ; k++) {
      for (let i = 0; i < 6; i++) {
        let s = q[qo + i];
        for (let j = 0; j < 6; j++) s += w[6 * i + j] * r[j];
        u[i] = s;
      }
      rollingNaturalMap(f, 0, r, 0, u, 0, mu, rho, sigma);
      const residual = norm6(f), scale = Math.max(norm6q(q, qo), norm6(r), norm6(u));
      if (residual < bestResidual) { bestResidual = residual; bestScale = scale; best.set(r); }
      if (residual <= this.options.tolerance * scale) break;
      if (k >= this.options.maxIterations || !(residual < Infinity)) break;
      // One step in the scaled coordinates a r: x = a r − ω ũ / a, projected onto Z'.
      const shift = rollingDeSaxceShift(u, 0, mu, rho, sigma);
      for (let i = 0; i < 6; i++) x[i] = a[i] * r[i] - (step * (u[i] + (i === 0 ? shift : 0))) / a[i];
      projectOntoRollingCone(x, 0, x, 0, block.scaledMu, block.scaledRho, block.scaledSigma);
      let moved = false;
      for (let i = 0; i < 6; i++) {
        const v = x[i] / a[i];
        if (v !== r[i]) moved = true;
        r[i] = v;
      }
      this.iterations++;
      this.totalIterations++;
      if (!moved) break;
    }
    r.set(best);
    return bestResidual <= this.options.tolerance * bestScale ? SLIDING : FAILED;
  }
}

/**
 * One pair's 6×6 block of W (force block, then torque block, row-major) and what its local
 * solves need, computed once per problem: the group scaling a = √d, the step ω, the stick
 * factors (undefined when W is numerically singular: no stick test), the coefficients.
 */
export class RollingBlock {
  readonly w = new Float64Array(36);
  readonly a = new Float64Array(6);
  step = 1;
  lu: LuFactors | undefined;
  mu = 0;
  rho = 0;
  sigma = 0;
  scaledMu = 0;
  scaledRho = 0;
  scaledSigma = 0;

  /** Sets the coefficients and derives the scaling, the step and the factors from `w` (filled by the caller). */
  prepare(mu: number, rho: number, sigma: number): void {
    const { w, a } = this;
    this.mu = mu; this.rho = rho; this.sigma = sigma;
    const d = [w[0], (w[7] + w[14]) / 2, (w[21] + w[28]) / 2, w[35]];
    let dmax = 0;
    for (const v of d) if (v > dmax) dmax = v;
    // A group whose diagonal is zero (or rounding) takes a floor: its velocity does not move with r.
    const floor = dmax > 0 && dmax < Infinity ? 1e-12 * dmax : 1;
    const group = [0, 1, 1, 2, 2, 3];
    for (let i = 0; i < 6; i++) a[i] = Math.sqrt(Math.max(d[group[i]], floor));
    let g = 0;
    for (let i = 0; i < 6; i++) {
      let row = 0;
      for (let j = 0; j < 6; j++) row += Math.abs(w[6 * i + j] + w[6 * j + i]) / (2 * a[i] * a[j]);
      if (row > g) g = row;
    }
    this.step = g > 0 && g < Infinity ? 1 / g : 1;
    this.scaledMu = (mu * a[1]) / a[0];
    this.scaledRho = (rho * a[3]) / a[0];
    this.scaledSigma = (sigma * a[5]) / a[0];
    try {
      this.lu = luFactor(w, 6);
    } catch (e) {
      if (!isMoreauError(e, 'E_SOLVER_BREAKDOWN')) throw e;
      this.lu = undefined;
    }
  }
}

function norm6(v: Float64Array): number {
  return Math.hypot(v[0], v[1], v[2], v[3], v[4], v[5]);
}

function norm6q(q: Float64Array, o: number): number {
  return Math.hypot(q[o], q[o + 1], q[o + 2], q[o + 3], q[o + 4], q[o + 5]);
}
