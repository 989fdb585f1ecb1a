import { DBL_EPSILON, projectOntoCone } from '@moreau/core/kernels';
import { quarticRoots } from './quartic.js';
import { isPlainSumOfSquares, naturalMapResidual, onConeResidualBound2 } from './residual.js';

/**
 * Whether the stick s = −W⁻¹q lies so far outside its cone that the near-stick test of
 * `SlidingSolver.solve`, ‖s_T‖ − μ s_N <= 1e-10 ‖s‖, is certainly false, told without its two
 * square roots (tt = ‖s_T‖²): ‖s_T‖ ≥ 2 μ s_N (or s_N ≤ 0) gives ‖s_T‖ − μ s_N ≥ ‖s_T‖ / 2, and
 * tt > 1e-19 ‖s‖² puts that above 1.58e-10 ‖s‖: margins of 1.58 and 2 over the test's rounding.
 * A sum that overflows answers false (the test decides), and (μ s_N)² is compared only where
 * it cannot underflow.
 */
export function farOutside(s0: number, tt: number, mu: number): boolean {
  const ms = mu * s0;
  return tt > 1e-19 * (s0 * s0 + tt) && (s0 <= 0 || (ms > 1e-140 && tt > 4 * ms * ms));
}

/**
 * The sliding case of the one-contact problem (see LocalSolver), solved exactly:
 * r = r_N (1, μ d) with ‖d‖ = 1 and r_N > 0, u_N = 0, u_T = −α d with α > 0.
 *
 * The normal row gives r_N = −q_N / D(d) with D(d) = W_NN + μ W_NT·d > 0.
 * Multiplying u_T by D makes it affine in d:
 *
 *     D u_T = c + M d,   c = W_NN q_T − q_N W_TN,   M = μ (−q_N W_TT + q_T W_NTᵀ),
 *
 * and sliding is c + M d = −β d with β = α D > 0, ‖d‖ = 1. With A = adj M,
 * d = −(A + βI) c / det(M + βI), and ‖d‖ = 1 is the quartic
 *
 *     (β² + tr M β + det M)² − ‖A c + β c‖² = 0,
 *
 * whose non-negative roots give every sliding solution. The search, cheapest first:
 *
 * 1. Newton on the slip angle θ, f(θ) = (c + M d) × d = 0, from the previous
 *    reaction's direction (or from −c, the μ → 0 slip): one or two steps in a sweep
 *    where contacts change little. A block with W_NT = W_TN = 0 and W_TT = b I (a sphere's
 *    contact, to rounding) takes −c whatever came before: M is then a positive multiple
 *    of I, so −c is the slip, the only one: it is taken in closed form in the problem's own
 *    units and accepted on a bound of its residual that costs one square root (`slideIsotropic`,
 *    `onConeWithin`); failing that, it is considered as it is in the scaled units (on the
 *    bound, then on the residual), and Newton runs from it only when the block's rounding
 *    leaves it short of the tolerance.
 *    A polished direction, the first that can be accepted, is tested on that bound too.
 * 2. Every root of the quartic, each polished by the same Newton.
 * 3. A scan of f over 64 angles with bisection, where rounding defeats the quartic.
 *
 * Each candidate is accepted on the natural-map residual of the original problem;
 * one whose residual rounding left just above the tolerance (a nearly vanishing D)
 * gets Newton steps on (r_N, θ) in the original units. Among accepted candidates
 * the nearest to the previous reaction is kept, so a sweep does not jump between
 * branches when the solution is not unique (large μ, strong W_NT coupling).
 *
 * Scalars travel through fields and the `input` array rather than arguments: V8
 * boxes doubles passed to calls it does not inline, and this runs in every sweep.
 */
export class SlidingSolver {
  /** Inputs of `solve`: q (0..2), the previous reaction (3..5), −W⁻¹q or NaN (6..8), μ (9). */
  readonly input = new Float64Array(10);
  /** The best reaction found by the last call. */
  readonly r = new Float64Array(3);
  /** Relative natural-map residual of `r` (for a slide accepted by `onConeWithin`, the bound it met). */
  residual = 0;
  /** How many solves needed the quartic (Newton from the guess failed), and the scan. */
  quarticUses = 0;
  scanUses = 0;

  private readonly tolerance: number;
  private readonly maxIterations: number;
  private readonly roots = new Float64Array(8);

  // The problem of the current call.
  private W00 = 0; private W01 = 0; private W02 = 0;
  private W10 = 0; private W11 = 0; private W12 = 0;
  private W20 = 0; private W21 = 0; private W22 = 0;
  private q0 = 0; private q1 = 0; private q2 = 0;
  private mu = 0;
  private p0 = 0; private p1 = 0; private p2 = 0;
  // The scaled sliding system (max|diag W| = 1, ‖q‖ = 1): normal row of W, c, M.
  private a00 = 0; private a01 = 0; private a02 = 0;
  private c1 = 0; private c2 = 0;
  private m11 = 0; private m12 = 0; private m21 = 0; private m22 = 0;
  // The slip direction tried next, the candidate reaction considered next, the best one.
  private d1 = 0; private d2 = 0;
  private x0 = 0; private x1 = 0; private x2 = 0;
  private best0 = 0; private best1 = 0; private best2 = 0;
  private bestRes = Infinity; private bestDist = Infinity; private bestOk = false;

  constructor(options: { tolerance: number; maxIterations: number }) {
    this.tolerance = options.tolerance;
    this.maxIterations = options.maxIterations;
  }

  /**
   * Solves the sliding case for W = w[wo..wo+8] (row-major) and `input`; call it
   * once separation (q_N < 0) and sticking are ruled out. A stick just outside the
   * cone by rounding is accepted too, projected: it is the slide with zero slip.
   * @returns true when `r` meets the tolerance; otherwise `r` is the best finite
   * candidate (smallest residual), or 0
   */
  solve(w: Float64Array, wo: number): boolean {
    const inp = this.input;
    this.W00 = w[wo]; this.W01 = w[wo + 1]; this.W02 = w[wo + 2];
    this.W10 = w[wo + 3]; this.W11 = w[wo + 4]; this.W12 = w[wo + 5];
    this.W20 = w[wo + 6]; this.W21 = w[wo + 7]; this.W22 = w[wo + 8];
    this.q0 = inp[0]; this.q1 = inp[1]; this.q2 = inp[2];
    this.p0 = inp[3]; this.p1 = inp[4]; this.p2 = inp[5];
    const mu = (this.mu = inp[9]);
    this.bestRes = Infinity; this.bestDist = Infinity; this.bestOk = false;

    const s0 = inp[6], s1 = inp[7], s2 = inp[8];
    const r = this.r;
    if (s0 === s0 && !farOutside(s0, s1 * s1 + s2 * s2, mu) && Math.sqrt(s1 * s1 + s2 * s2) - mu * s0 <= 1e-10 * Math.sqrt(s0 * s0 + s1 * s1 + s2 * s2)) {
      r[0] = s0; r[1] = s1; r[2] = s2;
      projectOntoCone(r, 0, r, 0, mu);
      this.x0 = r[0]; this.x1 = r[1]; this.x2 = r[2];
      this.consider();
    }
    const isotropic = !this.bestOk && this.isotropic();
    if (isotropic) this.slideIsotropic();
    if (!this.bestOk) {
      this.setUp();
      // An isotropic block's slip is −c itself: its answer in the scaled units is considered as
      // it is (the angle's Newton would move it by rounding only), and polished only if it falls short.
      if ((this.p1 !== 0 || this.p2 !== 0) && !isotropic) { this.d1 = this.p1; this.d2 = this.p2; } else { this.d1 = -this.c1; this.d2 = -this.c2; }
      if (!(isotropic && this.tryDirection(false))) this.tryDirection();
      if (!this.bestOk) { this.quarticUses++; this.byQuartic(); }
      if (!this.bestOk) { this.scanUses++; this.byScan(); }
    }
    if (!this.bestOk) {
      this.x0 = 0; this.x1 = 0; this.x2 = 0;
      this.consider();
      this.x0 = this.p0; this.x1 = this.p1; this.x2 = this.p2;
      this.consider();
    }
    if (this.bestRes < Infinity) {
      r[0] = this.best0; r[1] = this.best1; r[2] = this.best2;
    } else {
      r[0] = 0; r[1] = 0; r[2] = 0;
    }
    this.residual = this.bestRes;
    return this.bestOk;
  }

  /**
   * W_NT = W_TN = 0 and W_TT = b I to 1e-12 of the diagonal: the sliding direction is −c (a sphere's
   * contact, whose block is diag(a, b, b) to rounding); a W_NN or W_TT that is not positive says no.
   */
  private isotropic(): boolean {
    const eps = 1e-12 * this.W00, et = 1e-12 * this.W11;
    return this.W00 > 0 && this.W11 > 0 && Math.abs(this.W01) <= eps && Math.abs(this.W02) <= eps && Math.abs(this.W10) <= eps && Math.abs(this.W20) <= eps
      && Math.abs(this.W12) <= et && Math.abs(this.W21) <= et && Math.abs(this.W11 - this.W22) <= et;
  }

  /**
   * An isotropic block's slip in closed form, in the problem's own units: d = −c / ‖c‖ with
   * c = W_NN q_T − q_N W_TN, r_N = −q_N / D(d), accepted on its residual's bound (`onConeWithin`)
   * or left to the search (a sum out of range, D ≤ 0, the block's coupling above the tolerance).
   * Half the chain of roots and divisions of the scaled set-up a sphere's slide needs otherwise.
   */
  private slideIsotropic(): void {
    const { W00, q0, mu } = this;
    const c1 = W00 * this.q1 - q0 * this.W10, c2 = W00 * this.q2 - q0 * this.W20;
    const len = Math.sqrt(c1 * c1 + c2 * c2);
    if (!(len > 0 && len < Infinity)) return;
    const d1 = -c1 / len, d2 = -c2 / len;
    const D = W00 + mu * (this.W01 * d1 + this.W02 * d2);
    if (!(D > 0)) return;
    const rn = -q0 / D;
    if (!(rn > 0)) return;
    this.x0 = rn; this.x1 = mu * rn * d1; this.x2 = mu * rn * d2;
    this.onConeWithin(d1, d2);
  }

  private wScale(): number {
    const s = Math.max(Math.abs(this.W00), Math.abs(this.W11), Math.abs(this.W22));
    return s > 0 ? s : 1;
  }

  /** c, M and the normal row in units where max|diag W| = 1 and ‖q‖ = 1, so the quartic is O(1). */
  private setUp(): void {
    const { mu } = this;
    const iw = 1 / this.wScale();
    const iq = 1 / Math.sqrt(this.q0 * this.q0 + this.q1 * this.q1 + this.q2 * this.q2);
    const a00 = this.W00 * iw, a10 = this.W10 * iw, a20 = this.W20 * iw;
    const a01 = this.W01 * iw, a02 = this.W02 * iw;
    const a11 = this.W11 * iw, a12 = this.W12 * iw, a21 = this.W21 * iw, a22 = this.W22 * iw;
    const p0 = this.q0 * iq, p1 = this.q1 * iq, p2 = this.q2 * iq;
    this.a00 = a00; this.a01 = a01; this.a02 = a02;
    this.c1 = a00 * p1 - p0 * a10;
    this.c2 = a00 * p2 - p0 * a20;
    this.m11 = mu * (-p0 * a11 + p1 * a01);
    this.m12 = mu * (-p0 * a12 + p1 * a02);
    this.m21 = mu * (-p0 * a21 + p2 * a01);
    this.m22 = mu * (-p0 * a22 + p2 * a02);
  }

  /** Considers the slip direction of every root of the quartic in β. */
  private byQuartic(): void {
    const { c1, c2, m11, m12, m21, m22 } = this;
    const t = m11 + m22, det = m11 * m22 - m12 * m21;
    const ac1 = m22 * c1 - m12 * c2, ac2 = -m21 * c1 + m11 * c2;
    const cc = c1 * c1 + c2 * c2, cac = c1 * ac1 + c2 * ac2, acac = ac1 * ac1 + ac2 * ac2;
    const b3 = 2 * t, b2 = t * t + 2 * det - cc, b1 = 2 * (t * det - cac), b0 = det * det - acac;
    const hi = 1 + Math.max(Math.abs(b3), Math.abs(b2), Math.abs(b1), Math.abs(b0));
    const n = quarticRoots(b3, b2, b1, b0, -1e-12 * hi, hi, this.roots);
    for (let i = 0; i < n; i++) {
      const beta = this.roots[i];
      const den = (beta + t) * beta + det;
      const size = beta * beta + Math.abs(t) * beta + Math.abs(det) + cc;
      if (Math.abs(den) > 1e-8 * size) {
        this.d1 = -(ac1 + beta * c1) / den;
        this.d2 = -(ac2 + beta * c2) / den;
        this.tryDirection();
      } else {
        // det(M + βI) ≈ 0: d spans the null space of M + βI (c ≈ 0); try both signs.
        const r1 = m11 + beta, r2 = m22 + beta;
        let n1 = -m12, n2 = r1;
        if (m21 * m21 + r2 * r2 > n2 * n2 + n1 * n1) { n1 = r2; n2 = -m21; }
        if (n1 === 0 && n2 === 0) n1 = 1;
        this.d1 = n1; this.d2 = n2;
        this.tryDirection();
        this.d1 = -n1; this.d2 = -n2;
        this.tryDirection();
      }
    }
  }

  /** Scans f(θ) = (c + M d) × d over the circle for sign changes and bisects each. */
  private byScan(): void {
    const points = 64;
    const step = (2 * Math.PI) / points;
    const fFirst = this.angleResidual(1, 0);
    let fPrev = fFirst;
    for (let i = 1; i <= points; i++) {
      const th = i * step;
      // The circle closes on its first point exactly (sin 2π rounds to −2.4e-16, not 0), so a
      // root at θ = 0 is found there as any root on the grid is: f = 0 at a bracket's end.
      const f = i === points ? fFirst : this.angleResidual(Math.cos(th), Math.sin(th));
      if ((f > 0) !== (fPrev > 0) || f === 0) {
        let lo = th - step, hi = th, flo = fPrev;
        for (let it = 0; it < this.maxIterations && hi - lo > 1e-15; it++) {
          const mid = 0.5 * (lo + hi);
          const fm = this.angleResidual(Math.cos(mid), Math.sin(mid));
          if ((fm > 0) === (flo > 0)) { lo = mid; flo = fm; } else hi = mid;
        }
        const mid = 0.5 * (lo + hi);
        this.d1 = Math.cos(mid); this.d2 = Math.sin(mid);
        this.tryDirection();
      }
      fPrev = f;
    }
  }

  private angleResidual(d1: number, d2: number): number {
    const h1 = this.c1 + this.m11 * d1 + this.m12 * d2;
    const h2 = this.c2 + this.m21 * d1 + this.m22 * d2;
    return h1 * d2 - h2 * d1;
  }

  /**
   * Polishes the direction (d1, d2) by Newton on the angle, then considers
   * r = r_N (1, μ d) with r_N = −q_N / D(d), refined when just short of the tolerance.
   * @param polish false: (d1, d2) as given, neither polished nor refined (an isotropic block's −c)
   * @returns true when a candidate met the tolerance
   */
  private tryDirection(polish = true): boolean {
    let d1 = this.d1, d2 = this.d2;
    const len = Math.sqrt(d1 * d1 + d2 * d2);
    if (!(len > 0 && len < Infinity)) return false;
    d1 /= len; d2 /= len;
    const { c1, c2, m11, m12, m21, m22, mu } = this;
    for (let it = 0; polish && it < this.maxIterations; it++) {
      const h1 = c1 + m11 * d1 + m12 * d2, h2 = c2 + m21 * d1 + m22 * d2;
      const f = h1 * d2 - h2 * d1;
      if (f === 0) break;
      // df/dθ with d' = d⊥ = (−d2, d1): (M d⊥) × d + h·d
      const fp = (-m11 * d2 + m12 * d1) * d2 - (-m21 * d2 + m22 * d1) * d1 + h1 * d1 + h2 * d2;
      if (fp === 0) break;
      let delta = -f / fp;
      if (delta > 0.5) delta = 0.5; else if (delta < -0.5) delta = -0.5;
      // A step along the tangent, renormalised: the angle moves by atan(δ) ≈ δ − δ³/3.
      const n1 = d1 - delta * d2, n2 = d2 + delta * d1;
      const nl = Math.sqrt(n1 * n1 + n2 * n2);
      d1 = n1 / nl; d2 = n2 / nl;
      // Quadratic convergence: after a step this small the next is below rounding.
      if (Math.abs(delta) <= 1e-9) break;
    }
    const D = this.a00 + mu * (this.a01 * d1 + this.a02 * d2);
    if (!(D > 0)) return false;
    const rn = -this.q0 / (D * this.wScale());
    // A slide needs r_N > 0: none from here when q_N >= 0 (a caller's separated contact).
    if (!(rn > 0)) return false;
    this.x0 = rn; this.x1 = mu * rn * d1; this.x2 = mu * rn * d2;
    // The first candidate that can be accepted is tested on its residual's bound first (one root).
    if (!this.bestOk && this.onConeWithin(d1, d2)) return true;
    if (this.consider()) return true;
    return polish && this.refine(rn, d1, d2);
  }

  /**
   * Accepts the candidate (x0, x1, x2) = r_N (1, μ d), r_N > 0, when a bound on its residual
   * (residual.ts's onConeResidualBound2, for a reaction on the cone, whatever W) meets the
   * tolerance: then so does the residual, and `consider` would have kept it, this being the
   * first candidate that can be accepted (the caller's `!bestOk`). Only where the residual is
   * computed plainly (its sums of squares in range, its scale above DBL_EPSILON); false leaves
   * the candidate to `consider`, which decides as before. The residual kept (`residual`) is then
   * the bound.
   * @returns true when the candidate is accepted
   */
  private onConeWithin(d1: number, d2: number): boolean {
    const r0 = this.x0, r1 = this.x1, r2 = this.x2;
    const u0 = this.W00 * r0 + this.W01 * r1 + this.W02 * r2 + this.q0;
    const u1 = this.W10 * r0 + this.W11 * r1 + this.W12 * r2 + this.q1;
    const u2 = this.W20 * r0 + this.W21 * r1 + this.W22 * r2 + this.q2;
    const qq = this.q0 * this.q0 + this.q1 * this.q1 + this.q2 * this.q2, rr = r0 * r0 + r1 * r1 + r2 * r2, uu = u0 * u0 + u1 * u1 + u2 * u2;
    const plain = isPlainSumOfSquares;
    if (!(plain(qq) && plain(rr) && plain(uu) && plain(u1 * u1 + u2 * u2))) return false;
    const bb = onConeResidualBound2(u0, u1, u2, d1, d2);
    const ss = Math.max(qq, rr, uu), tol = this.tolerance;
    if (!(ss > DBL_EPSILON * DBL_EPSILON && bb <= tol * tol * ss)) return false;
    const e0 = r0 - this.p0, e1 = r1 - this.p1, e2 = r2 - this.p2;
    this.best0 = r0; this.best1 = r1; this.best2 = r2;
    this.bestRes = Math.sqrt(bb / ss); this.bestDist = e0 * e0 + e1 * e1 + e2 * e2; this.bestOk = true;
    return true;
  }

  /**
   * Newton on the sliding equations in the original units, u_N = 0 and
   * u_T × d = 0 in the unknowns (r_N, θ): for candidates that the scaled system's
   * rounding left above the tolerance (a nearly vanishing D, a cancelling W_N·r).
   * @returns true when a refined candidate met the tolerance
   */
  private refine(rn: number, d1: number, d2: number): boolean {
    const { mu } = this;
    for (let it = 0; it < 3; it++) {
      const r0 = rn, r1 = mu * rn * d1, r2 = mu * rn * d2;
      const u0 = this.W00 * r0 + this.W01 * r1 + this.W02 * r2 + this.q0;
      const u1 = this.W10 * r0 + this.W11 * r1 + this.W12 * r2 + this.q1;
      const u2 = this.W20 * r0 + this.W21 * r1 + this.W22 * r2 + this.q2;
      // ∂r/∂r_N = v = (1, μ d); ∂r/∂θ = s = r_N μ (0, −d2, d1)
      const v1 = mu * d1, v2 = mu * d2;
      const wv0 = this.W00 + this.W01 * v1 + this.W02 * v2;
      const wv1 = this.W10 + this.W11 * v1 + this.W12 * v2;
      const wv2 = this.W20 + this.W21 * v1 + this.W22 * v2;
      const s1 = -mu * rn * d2, s2 = mu * rn * d1;
      const ws0 = this.W01 * s1 + this.W02 * s2;
      const ws1 = this.W11 * s1 + this.W12 * s2;
      const ws2 = this.W21 * s1 + this.W22 * s2;
      const g1 = u0, g2 = u1 * d2 - u2 * d1;
      const j11 = wv0, j12 = ws0;
      const j21 = wv1 * d2 - wv2 * d1, j22 = ws1 * d2 - ws2 * d1 + u1 * d1 + u2 * d2;
      const det = j11 * j22 - j12 * j21;
      if (det === 0 || !(Math.abs(det) < Infinity)) return false;
      rn -= (j22 * g1 - j12 * g2) / det;
      const dth = -(j11 * g2 - j21 * g1) / det;
      const n1 = d1 - dth * d2, n2 = d2 + dth * d1;
      const nl = Math.sqrt(n1 * n1 + n2 * n2);
      d1 = n1 / nl; d2 = n2 / nl;
      if (!(rn > 0)) return false;
      this.x0 = rn; this.x1 = mu * rn * d1; this.x2 = mu * rn * d2;
      if (this.consider()) return true;
    }
    return false;
  }

  /**
   * Keeps the candidate (x0, x1, x2) if it is the best so far: among those meeting
   * the tolerance, the nearest to the previous reaction; else the smallest residual.
   * @returns true when the candidate meets the tolerance
   */
  private consider(): boolean {
    const r0 = this.x0, r1 = this.x1, r2 = this.x2;
    const u0 = this.W00 * r0 + this.W01 * r1 + this.W02 * r2 + this.q0;
    const u1 = this.W10 * r0 + this.W11 * r1 + this.W12 * r2 + this.q1;
    const u2 = this.W20 * r0 + this.W21 * r1 + this.W22 * r2 + this.q2;
    const res = naturalMapResidual(r0, r1, r2, u0, u1, u2, this.q0, this.q1, this.q2, this.mu);
    if (!(res < Infinity)) return false;
    const ok = res <= this.tolerance;
    const e0 = r0 - this.p0, e1 = r1 - this.p1, e2 = r2 - this.p2;
    const dist = e0 * e0 + e1 * e1 + e2 * e2;
    if (ok ? !this.bestOk || dist < this.bestDist : !this.bestOk && res < this.bestRes) {
      this.best0 = r0; this.best1 = r1; this.best2 = r2;
      this.bestRes = res; this.bestDist = dist; this.bestOk = ok;
    }
    return ok;
  }
}
