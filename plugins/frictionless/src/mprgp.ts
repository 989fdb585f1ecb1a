import type { BoundQpMethod, StepOutcome, StepResult } from './method.js';
import { normalDot, type NormalQp } from './normal-qp.js';
import { NormalSpectrumEstimator, type NormalSpectrum } from './normal-spectrum.js';

/** The options MPRGP reads (see mprgp-options.ts). */
export interface MprgpParameters {
  /** Γ > 0 of the proportioning test. */
  gamma: number;
  /** s in ᾱ = s / λ_max(W_NN). */
  stepScale: number;
}

/**
 * MPRGP, modified proportioning with reduced gradient projections (Dostál & Schöberl 2005), as
 * paper 002 states it (the algorithm KUCERA, lines 1–23 of its box; the file's lines 452–478),
 * for min ½ xᵀN x + bᵀx over x ≥ 0 (NormalQp). With g = N x + b and, for the lower bound 0,
 *
 *     φ(x)_i = g_i where x_i > 0, else 0            (free gradient)
 *     β(x)_i = min(g_i, 0) where x_i = 0, else 0    (chopped gradient)
 *     φ̃(x)_i = min(x_i / ᾱ, φ_i) where x_i > 0      (reduced free gradient: x − ᾱ φ̃ = max(0, x − ᾱ φ))
 *
 * each iteration is a conjugate gradient step on the current face, an expansion step (to the
 * face's boundary, then a projected step of length ᾱ) or a proportioning step (leaving the face
 * along −β). β̃ of the paper equals β: a chopped component moves x_i up, away from its bound, so
 * nothing is reduced. The paper writes the proportioning test (line 5) as β̃ᵀg ≤ Γ² φ̃ᵀg; since
 * βᵀg = ‖β‖² and φ̃ᵀg = φ̃ᵀφ this is Dostál & Schöberl's ‖β‖² ≤ Γ² φ̃ᵀφ.
 *
 * Products with W: one per CG or proportioning step, two per expansion step. g is updated in
 * CG steps and recomputed in the other two (lines 16 and 20).
 */
export class Mprgp implements BoundQpMethod {
  private p = new Float64Array(0);
  private np = new Float64Array(0);
  private readonly spectrum = new NormalSpectrumEstimator();
  private estimate: NormalSpectrum | undefined;
  private alphaBar = NaN;
  private counts = { cg: 0, expansion: 0, proportioning: 0 };

  constructor(private readonly parameters: MprgpParameters) {}

  reset(qp: NormalQp): void {
    const n = qp.r.length;
    if (this.p.length !== n) {
      this.p = new Float64Array(n);
      this.np = new Float64Array(n);
    }
    this.estimate = undefined;
    this.alphaBar = NaN;
    this.counts = { cg: 0, expansion: 0, proportioning: 0 };
    freeGradient(qp.r, qp.u, this.p); // paper 002, MPRGP line 3: p = φ(x⁰)
  }

  step(qp: NormalQp): StepResult {
    return { outcome: this.iterate(qp), iterations: 1 };
  }

  /** Paper 002, MPRGP lines 5–21: one iteration. */
  private iterate(qp: NormalQp): StepOutcome {
    const { r: x, u: g } = qp;
    const alphaBar = this.stepLength(qp);
    if (!(alphaBar < Infinity)) return 'unbounded';
    // paper 002, MPRGP line 5: x is proportional when ‖β‖² ≤ Γ² φ̃ᵀφ.
    let beta2 = 0, phiTildePhi = 0;
    for (let i = 0; i < x.length; i += 3) {
      const gi = g[i];
      if (x[i] > 0) phiTildePhi += Math.min(x[i] / alphaBar, gi) * gi;
      else if (gi < 0) beta2 += gi * gi;
    }
    const { gamma } = this.parameters;
    if (!(beta2 <= gamma * gamma * phiTildePhi)) return this.proportioning(qp, alphaBar);
    if (phiTildePhi === 0) return 'kkt'; // φ = 0 and β = 0: nothing moves x
    return this.conjugateGradientOrExpansion(qp, alphaBar);
  }

  paperResidual(qp: NormalQp): number {
    // ‖g̃(x)‖ of line 4: the reduced projected gradient φ̃ + β (zero exactly at a solution).
    const { r: x, u: g } = qp;
    let s = 0;
    for (let i = 0; i < x.length; i += 3) {
      const v = x[i] > 0 ? Math.min(x[i] / this.stepLength(qp), g[i]) : Math.min(g[i], 0);
      s += v * v;
    }
    return Math.sqrt(s);
  }

  stats(): Record<string, unknown> {
    return {
      cgSteps: this.counts.cg,
      expansionSteps: this.counts.expansion,
      proportioningSteps: this.counts.proportioning,
      alphaBar: this.alphaBar,
      ...(this.estimate ? { lambdaMax: this.estimate.lambdaMax, powerIterations: this.estimate.iterations, powerConverged: this.estimate.converged } : {}),
    };
  }

  /** ᾱ = s / λ_max(W_NN); paper 002's MPRGP takes ᾱ ∈ (0, ‖N‖⁻¹] (s ≤ 1). Estimated on first use. */
  private stepLength(qp: NormalQp): number {
    if (this.estimate === undefined) {
      this.estimate = this.spectrum.estimate(qp);
      const lambda = this.estimate.lambdaMax;
      this.alphaBar = lambda > 0 ? this.parameters.stepScale / lambda : Infinity;
    }
    return this.alphaBar;
  }

  /** Paper 002, MPRGP lines 6–17: a CG step when it stays feasible, else an expansion step. */
  private conjugateGradientOrExpansion(qp: NormalQp, alphaBar: number): StepOutcome {
    const { r: x, u: g } = qp;
    const { p, np } = this;
    let gp = normalDot(g, p);
    if (!(gp > 0)) {
      // p is no longer a descent direction (rounding, or an unsymmetric W): restart from φ.
      freeGradient(x, g, p);
      gp = normalDot(g, p);
      if (!(gp > 0)) return 'kkt';
    }
    qp.mul(p, np);
    const pAp = normalDot(p, np);
    const alphaCg = pAp > qp.curvatureFloor(normalDot(p, p)) ? gp / pAp : Infinity; // paper 002, MPRGP line 6
    let alphaF = Infinity, hit = -1; // paper 002, MPRGP line 7: the longest feasible step along −p
    for (let i = 0; i < x.length; i += 3) {
      if (p[i] > 0) {
        const t = x[i] / p[i];
        if (t < alphaF) { alphaF = t; hit = i; }
      }
    }
    if (alphaCg < alphaF) { // paper 002, MPRGP line 8
      if (!Number.isFinite(alphaCg)) return 'breakdown';
      for (let i = 0; i < x.length; i += 3) x[i] -= alphaCg * p[i]; // paper 002, MPRGP line 9
      for (let i = 0; i < g.length; i++) g[i] -= alphaCg * np[i]; // paper 002, MPRGP line 10 (all rows of u)
      // paper 002, MPRGP line 11 (its pᵀAp is pᵀNp): γ = φ(x^{k+1})ᵀN p / pᵀN p;
      // line 12: p = φ(x^{k+1}) − γ p.
      let phiNp = 0;
      for (let i = 0; i < x.length; i += 3) if (x[i] > 0) phiNp += g[i] * np[i];
      const beta = phiNp / pAp;
      for (let i = 0; i < x.length; i += 3) p[i] = (x[i] > 0 ? g[i] : 0) - beta * p[i];
      this.counts.cg++;
      return 'moved';
    }
    if (alphaF === Infinity) return 'unbounded'; // no curvature along a direction that never meets a bound
    // paper 002, MPRGP line 14: x^{k+1/2} = x − α_f p, on the face's boundary (the component
    // that defines α_f set to exactly 0); line 15: x^{k+1} = x^{k+1/2} − ᾱ φ̃(x^{k+1/2}), that is
    // max(0, x^{k+1/2} − ᾱ φ(x^{k+1/2})), with the gradient at x^{k+1/2}, g − α_f N p.
    for (let i = 0; i < x.length; i += 3) {
      const half = i === hit ? 0 : Math.max(0, x[i] - alphaF * p[i]);
      x[i] = half > 0 ? Math.max(0, half - alphaBar * (g[i] - alphaF * np[i])) : 0;
    }
    qp.refresh(); // paper 002, MPRGP line 16
    freeGradient(x, g, p); // paper 002, MPRGP line 17
    this.counts.expansion++;
    return 'moved';
  }

  /** Paper 002, MPRGP lines 19–21: x^{k+1} = x − ᾱ β̃(x) (β̃ = β), then g and p afresh. */
  private proportioning(qp: NormalQp, alphaBar: number): StepOutcome {
    const { r: x, u: g } = qp;
    for (let i = 0; i < x.length; i += 3) if (!(x[i] > 0) && g[i] < 0) x[i] = -alphaBar * g[i];
    qp.refresh(); // paper 002, MPRGP line 20
    freeGradient(x, g, this.p); // paper 002, MPRGP line 21
    this.counts.proportioning++;
    return 'moved';
  }
}

/** out = φ(x) on the normal entries (g_i where x_i > 0, else 0), tangential entries 0. @returns out */
export function freeGradient(x: Float64Array, g: Float64Array, out: Float64Array): Float64Array {
  for (let i = 0; i < x.length; i += 3) {
    out[i] = x[i] > 0 ? g[i] : 0;
    out[i + 1] = 0;
    out[i + 2] = 0;
  }
  return out;
}
