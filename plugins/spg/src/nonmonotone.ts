/**
 * Grippo, Lampariello and Lucidi's nonmonotone line search (1986), as paper 002 P-SPG-FB
 * lines 9-16 use it: a step λ along d is accepted when
 *
 *     f(x_j + λ d) ≤ max_{i = 0 … min(j, N_GLL)} f(x_{j−i}) + γ λ ⟨d, g_j⟩      (line 13)
 *
 * and otherwise shortened to some λ_new ∈ [σ_min λ, σ_max λ] (line 14). The objective values
 * are kept relative to the pass's first point (f(x) − f(x_0)), so that no test subtracts two
 * large, nearly equal numbers.
 */
export class NonmonotoneWindow {
  private readonly values: Float64Array;
  private count = 0;
  private next = 0;

  /** @param memory N_GLL: the window holds the last N_GLL + 1 objective values */
  constructor(readonly memory: number) {
    this.values = new Float64Array(memory + 1);
  }

  /** Forgets every value (a new objective: s changed). */
  reset(): void {
    this.count = 0;
    this.next = 0;
  }

  /** Records the objective value of the newest iterate. */
  push(f: number): void {
    this.values[this.next] = f;
    this.next = (this.next + 1) % this.values.length;
    if (this.count < this.values.length) this.count++;
  }

  /** max over the window (line 13's reference value); −Infinity when empty. */
  reference(): number {
    let m = -Infinity;
    for (let i = 0; i < this.count; i++) if (this.values[i] > m) m = this.values[i];
    return m;
  }
}

/**
 * Line 13's test, negated: true when the trial value `fTrial` is acceptable against the
 * window's reference `fRef`, for step λ along a direction with ⟨d, g⟩ = `slope` (< 0).
 */
export function acceptsStep(fTrial: number, fRef: number, gamma: number, lambda: number, slope: number): boolean {
  return fTrial <= fRef + gamma * lambda * slope;
}

/**
 * Line 14's λ_new: the minimiser of the one-dimensional quadratic through f(x), its slope
 * ⟨d, g⟩ and f(x + λd) (Birgin et al.'s safeguarded interpolation), kept in
 * [σ_min λ, σ_max λ]. For the quadratic objective that minimiser is −⟨d, g⟩ / dᵀW d, with
 * `curvature` = dᵀW d. Without positive curvature there is no minimiser (and line 13 accepts
 * λ = 1 already, up to rounding): the step is shortened least, to σ_max λ.
 */
export function shortenStep(lambda: number, slope: number, curvature: number, sigmaMin: number, sigmaMax: number): number {
  const lo = sigmaMin * lambda, hi = sigmaMax * lambda;
  if (!(curvature > 0)) return hi;
  const t = -slope / curvature;
  return t < lo ? lo : t > hi ? hi : t;
}
