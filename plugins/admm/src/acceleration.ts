/**
 * Nesterov's momentum on ADMM with restart: Goldstein, O'Donoghue, Setzer & Baraniuk 2014,
 * "Fast alternating direction optimization methods" (SIAM J. Imaging Sci. 7(3)), Algorithm 8,
 * as Siconos' ADMM applies it to (z, ξ) with the combined residual e = r_p² + s².
 *
 * After each iteration: when e < η e_k the step is accepted, τ_{k+1} = (1 + √(1 + 4τ_k²)) / 2
 * and the next iteration starts from the extrapolations ẑ = z + a (z − z_k), ξ̂ = ξ + a (ξ − ξ_k)
 * with a = (τ_k − 1)/τ_{k+1}; otherwise the momentum restarts (τ = 1), the next iteration starts
 * from the previous iterate (z_k, ξ_k) and e_k ← e_k / η.
 */
export class Restart {
  private tau = 1;
  private ek = Infinity;

  constructor(private readonly eta: number) {}

  /**
   * The extrapolation weight a ≥ 0 for the combined residual e of this iteration, or −1 for a
   * restart (start again from the previous iterate).
   */
  step(e: number): number {
    if (e < this.eta * this.ek) {
      const tau = 0.5 * (1 + Math.sqrt(1 + 4 * this.tau * this.tau));
      const a = (this.tau - 1) / tau;
      this.tau = tau;
      this.ek = e;
      return a;
    }
    this.tau = 1;
    this.ek /= this.eta;
    return -1;
  }

  /** τ_k: 1 after a restart, growing while steps are accepted. */
  get momentum(): number {
    return this.tau;
  }
}

/** out = x + a (x − prev), the extrapolated point. @returns out */
export function extrapolate(out: Float64Array, x: Float64Array, prev: Float64Array, a: number): Float64Array {
  for (let i = 0; i < x.length; i++) out[i] = x[i] + a * (x[i] - prev[i]);
  return out;
}
