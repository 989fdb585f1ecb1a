import { bsrMul, norm2, type FrictionContactProblem } from '@moreau/core/kernels';
import { SEPARATED, type Variant } from './contact-rows.js';
import { merit, meritAlong } from './constraints.js';
import { LinearSolver, type LinearSolverOptions } from './linear-solver.js';
import { MeritMemory } from './merit-memory.js';
import { NewtonSystem } from './newton-system.js';
import { initialRho, scalePenalty } from './penalty.js';

/** The arguments of SCSOL (paper 004 §5.3, Table 2) and the choices around them. */
export interface ScsolOptions {
  variant: Variant;
  /** σ: line-search step reduction factor. */
  sigma: number;
  /** γ: sufficient-decrease factor of eq 64. */
  gamma: number;
  /** β: smallest step; the search stops (unsuccessful) once α ≤ β. */
  beta: number;
  /** J: merit memory of the nonmonotone search; 0 is Armijo's. */
  memory: number;
  /** ε: FIX's inner tolerance on ‖δR‖/‖R‖ before a bound update. */
  epsilon: number;
  /** φ: SCALE's factor. */
  phi: number;
  /** L: SCALE's cap per contact and the iteration after which it starts. */
  scaleLimit: number;
  /** F̃ of eq 59 (true, the paper's practice) or F of eq 56 (false, the consistent tangent). */
  modifiedTangent: boolean;
  /** Multiply the rows of lines 5, 8, 9 by W's diagonal (§6). */
  rowScaling: boolean;
  /** λ: Ω + λ |diag Ω| is solved instead of Ω (not in the paper; for singular W). */
  regularization: number;
  /** U⁰: 'zero' as in the paper's runs (the residual T⁰ = W R⁰ + B carries the rest), or W R⁰ + B. */
  initialVelocity: 'auto' | 'zero' | 'consistent';
  linear: LinearSolverOptions;
}

/** What one SCSOL iteration did. */
export type StepOutcome = 'stepped' | 'active-set-repeated' | 'breakdown';

/**
 * Algorithm SCSOL of paper 004 with ALG = UNIL, NEWT, HYB or FIX, one iteration
 * per `step()`. Holds R^k, U^k, the residual T^k (eq 67), ρ_α with SCALE's
 * counters, FIX's bounds b_N, and every workspace, allocated once per problem.
 * Convergence is not judged here: the caller reads `err` (line 8, the paper's
 * ‖δR‖/‖R‖ test) and its own merit.
 */
export class Scsol {
  readonly n: number;
  /** R^k. */
  readonly r: Float64Array;
  /** U^k (eq 41's velocity as the algorithm carries it; W R^k + B once k ≥ 1, eq 68). */
  readonly u: Float64Array;
  /** W R^k + B. */
  readonly v: Float64Array;
  readonly t: Float64Array;
  readonly dr: Float64Array;
  readonly wdr: Float64Array;
  readonly rho: Float64Array;
  readonly bN: Float64Array;
  readonly system: NewtonSystem;
  readonly linear: LinearSolver;
  /** SCALE's l_α. */
  readonly scaleCount: Uint8Array;
  private readonly previousKinds: Uint8Array;
  private readonly previousR: Float64Array;
  private readonly memory: MeritMemory;

  /** Iterations done. */
  k = 0;
  /** Line 8's err (after FIX's bound update, the bound's relative change). */
  err = Infinity;
  /** M(R^k), eq 63, with the current ρ. */
  meritValue = Infinity;
  /** The last step length α^k. */
  alpha = 1;
  lineSearchSteps = 0;
  lineSearchFailures = 0;
  penaltyScalings = 0;
  boundUpdates = 0;

  constructor(readonly problem: FrictionContactProblem, readonly options: ScsolOptions) {
    const n = problem.size, nc = problem.contacts;
    this.n = n;
    this.r = new Float64Array(n);
    this.u = new Float64Array(n);
    this.v = new Float64Array(n);
    this.t = new Float64Array(n);
    this.dr = new Float64Array(n);
    this.wdr = new Float64Array(n);
    this.previousR = new Float64Array(n);
    this.rho = new Float64Array(nc);
    this.bN = new Float64Array(nc);
    this.scaleCount = new Uint8Array(nc);
    this.previousKinds = new Uint8Array(nc);
    this.system = new NewtonSystem(problem.W, options.rowScaling);
    this.linear = new LinearSolver(n, options.linear);
    this.memory = new MeritMemory(options.memory);
  }

  /** Starts from R⁰ = r0 (zero when absent), U⁰ per `initialVelocity` ('auto': W R⁰ + q when r0 is given), ρ_α = 1/λ_max(W_αα), b_N = R⁰_N. */
  start(r0?: Float64Array): void {
    const { problem, r, u, v } = this;
    if (r0) r.set(r0);
    else r.fill(0);
    this.updateVelocity();
    // 'auto': consistent only for a warm start that says something (an all-zero one, e.g. a
    // simulation step whose contacts are all new, is a cold start: U⁰ = q from R⁰ = 0 stalls
    // on singular W where the paper's U⁰ = 0 does not).
    const consistent = this.options.initialVelocity === 'consistent'
      || (this.options.initialVelocity === 'auto' && r0 !== undefined && r0.some((x) => x !== 0));
    if (consistent) u.set(v);
    else u.fill(0);
    initialRho(problem.W, this.rho);
    for (let a = 0; a < problem.contacts; a++) this.bN[a] = r[3 * a];
    this.scaleCount.fill(0);
    this.previousKinds.fill(SEPARATED);
    this.system.kinds.fill(SEPARATED);
    this.k = 0;
    this.err = Infinity;
    this.alpha = 1;
    this.lineSearchSteps = this.lineSearchFailures = this.penaltyScalings = this.boundUpdates = 0;
    this.linear.resetStats();
    this.meritValue = merit(problem, r, v, this.rho);
    this.memory.reset();
    this.memory.push(this.meritValue);
  }

  /** One SCSOL iteration (lines 3-14). */
  step(): StepOutcome {
    const { problem, options, r, u, v, t, dr, wdr, system } = this;
    const variant = options.variant;
    // line 1 of ALG: T^k = W R^k + B − U^k (eq 67)
    for (let i = 0; i < this.n; i++) t[i] = v[i] - u[i];
    this.previousKinds.set(system.kinds);
    system.assemble(problem, variant, r, u, t, this.rho, this.bN, options.modifiedTangent, options.regularization);
    // UNIL line 4: the active set repeated, so the last (exact) solve already answered. A regularised
    // solve is not exact: then the repeated system is solved again, which refines R.
    if (variant === 'unil' && this.k > 0 && options.regularization === 0 && this.sameNormalSets()) return 'active-set-repeated';
    if (!this.linear.solve(system.omega, system.rhs, dr)) return 'breakdown';
    bsrMul(problem.W, dr, wdr);

    // line 5: the (nonmonotone) line search, from the second iteration on, not for FIX
    let alpha = 1;
    if (this.k > 0 && variant !== 'fix' && variant !== 'unil') alpha = this.lineSearch();
    this.alpha = alpha;

    // lines 6-7: R^{k+1} = R^k + α δR; U^{k+1} = U^k + α W δR + T^k, which is W R^{k+1} + B (eq 68)
    this.previousR.set(r);
    for (let i = 0; i < this.n; i++) r[i] += alpha * dr[i];
    this.updateVelocity();
    for (let i = 0; i < this.n; i++) {
      if (!Number.isFinite(r[i]) || !Number.isFinite(v[i])) {
        r.set(this.previousR);
        this.updateVelocity();
        return 'breakdown';
      }
    }
    u.set(v);
    // line 8
    this.err = relative(norm2(dr), norm2(r));
    this.k++;
    this.meritValue = merit(problem, r, v, this.rho);
    // lines 10-13: FIX updates its friction bounds after each converged Tresca run
    if (variant === 'fix' && this.err <= options.epsilon) this.updateBounds();
    // line 14: SCALE after L iterations (not for FIX)
    if (variant !== 'fix' && this.k > options.scaleLimit) {
      const changed = scalePenalty(this.rho, this.scaleCount, this.previousKinds, system.kinds, options.phi, options.scaleLimit);
      if (changed > 0) {
        this.penaltyScalings += changed;
        // ρ defines M: the current value is re-measured; older memory entries stay as they were
        this.meritValue = merit(problem, r, v, this.rho);
      }
    }
    this.memory.push(this.meritValue);
    return 'stepped';
  }

  /** Fraction of contacts whose ρ_α SCALE changed at least once (paper 004 Fig. 5 (h)). */
  get penaltyScaledFraction(): number {
    let s = 0;
    for (let a = 0; a < this.scaleCount.length; a++) if (this.scaleCount[a] > 0) s++;
    return this.scaleCount.length > 0 ? s / this.scaleCount.length : 0;
  }

  /**
   * Line 5: α = 1, then α ← σα while M(R + α δR) > max_j M^{k−j} − 2γα M^k and α > β.
   * @returns the step length taken (the last one tried when the search fails)
   */
  private lineSearch(): number {
    const { problem, options, r, dr, v, wdr, rho } = this;
    const ref = this.memory.max(), mk = this.meritValue;
    let alpha = 1;
    for (;;) {
      const m = meritAlong(problem, r, dr, v, wdr, alpha, rho);
      if (m <= ref - 2 * options.gamma * alpha * mk) return alpha;
      if (!(alpha > options.beta)) {
        this.lineSearchFailures++;
        return alpha;
      }
      alpha *= options.sigma;
      this.lineSearchSteps++;
    }
  }

  /** FIX lines 11-12: err = ‖R_N − b_N‖ / ‖R_N‖, b_N = R_N. */
  private updateBounds(): void {
    const { r, bN } = this;
    let d2 = 0, n2 = 0;
    for (let a = 0; a < bN.length; a++) {
      const rn = r[3 * a];
      d2 += (rn - bN[a]) ** 2;
      n2 += rn * rn;
      bN[a] = rn;
    }
    this.err = relative(Math.sqrt(d2), Math.sqrt(n2));
    this.boundUpdates++;
  }

  private sameNormalSets(): boolean {
    const now = this.system.kinds, before = this.previousKinds;
    for (let a = 0; a < now.length; a++) if ((now[a] === SEPARATED) !== (before[a] === SEPARATED)) return false;
    return true;
  }

  /** v = W R + B. */
  private updateVelocity(): void {
    const { problem, r, v } = this;
    bsrMul(problem.W, r, v);
    for (let i = 0; i < this.n; i++) v[i] += problem.q[i];
  }
}

/** a / b, with 0/0 = 0 and a/0 = ∞. */
function relative(a: number, b: number): number {
  if (b > 0) return a / b;
  return a === 0 ? 0 : Infinity;
}
