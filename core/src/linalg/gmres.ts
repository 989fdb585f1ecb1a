import { MoreauError } from '../contracts/errors.js';
import { blockDiagonalMul } from './block3.js';
import { dot } from './vector.js';
import { DBL_EPSILON } from './constants.js';

/** R_jj below this times ‖A v_j‖ counts as zero in the back-substitution. */
const PIVOT_FLOOR = 1e-13;

/** A linear operator applied matrix-free: out = A x. `out` never aliases `x`. */
export type LinearOperator = (x: Float64Array, out: Float64Array) => void;

/**
 * A preconditioner M⁻¹: either block-Jacobi inverses (9 row-major values per
 * 3x3 diagonal block, as `invertDiagonalBlocks` returns) or a function
 * out = M⁻¹ r (`out` never aliases `r`).
 */
export type Preconditioner = Float64Array | ((r: Float64Array, out: Float64Array) => void);

export interface GmresOptions {
  /** Stop when the true residual ‖b − A x‖₂ is at most this (absolute, not relative to ‖b‖). */
  tolerance: number;
  /** Cap on Arnoldi steps in this call, counted across restarts. Default 1000. */
  maxIterations?: number;
  /** Optional preconditioner M⁻¹. */
  preconditioner?: Preconditioner;
  /**
   * 'right' (default) solves A M⁻¹ u = b, x = M⁻¹ u: the minimised residual is the true one.
   * 'left' solves M⁻¹ A x = M⁻¹ b; the inner test is scaled by ‖r‖/‖M⁻¹ r‖ at each restart
   * and convergence is always confirmed on the true residual.
   */
  side?: 'right' | 'left';
}

export interface GmresResult {
  /** True when the returned x satisfies ‖b − A x‖₂ ≤ tolerance. */
  converged: boolean;
  /** Arnoldi steps taken (each one operator application). */
  iterations: number;
  /** Restarts taken after the first cycle. */
  restarts: number;
  /** Operator applications, including the residual checks. */
  matVecs: number;
  /** ‖b − A x‖₂ of the returned x, computed, not estimated. */
  residualNorm: number;
}

/**
 * Restarted GMRES(m) (Saad & Schultz) with modified Gram-Schmidt Arnoldi and
 * Givens rotations on the Hessenberg matrix. The workspace (m + 1 basis
 * vectors and four more of length n) is allocated once by the constructor and
 * grown, never shrunk, by `resize`; `solve` allocates nothing but its result object.
 *
 * A cycle that ends without lowering the true residual (a singular operator,
 * or complete stagnation of a short restart) ends the call unconverged
 * instead of repeating the identical cycle up to the cap.
 */
export class Gmres {
  readonly restart: number;
  #n = 0;
  /** Every length-n vector lives in this one buffer: m + 1 basis vectors, then r, w, x0, z. */
  private store: Float64Array = new Float64Array(0);
  private basis: Float64Array[] = [];
  private r: Float64Array = this.store;
  private w: Float64Array = this.store;
  /** x at the start of the cycle, restored if the cycle made the residual worse. */
  private x0: Float64Array = this.store;
  private z: Float64Array = this.store;
  /** Hessenberg matrix, column j at h[j (m + 1) .. j (m + 1) + m]; rotated to upper triangular R in place. */
  private readonly h: Float64Array;
  private readonly cs: Float64Array;
  private readonly sn: Float64Array;
  private readonly g: Float64Array;
  private readonly y: Float64Array;
  /** ‖A v_j‖ before orthogonalisation: the norm of Hessenberg column j, the scale of R_jj. */
  private readonly colNorm: Float64Array;

  /**
   * @param n system size
   * @param restart Krylov dimension m before a restart (1 ≤ m)
   */
  constructor(n: number, restart = 30) {
    if (!Number.isInteger(n) || n < 0) throw new MoreauError('E_CONFIG', `Gmres: size must be a non-negative integer, got ${n}`);
    if (!Number.isInteger(restart) || restart < 1) {
      throw new MoreauError('E_CONFIG', `Gmres: restart must be a positive integer, got ${restart}`);
    }
    this.restart = restart;
    this.resize(n);
    this.h = new Float64Array((restart + 1) * restart);
    this.cs = new Float64Array(restart);
    this.sn = new Float64Array(restart);
    this.g = new Float64Array(restart + 1);
    this.y = new Float64Array(restart);
    this.colNorm = new Float64Array(restart);
  }

  /** System size. */
  get n(): number {
    return this.#n;
  }

  /**
   * Sets the system size to n, reusing the workspace when it holds n (a solver whose size
   * changes at every call, as a time step's contact count does, allocates only to grow).
   * Every vector is written before it is read in `solve`, so the results do not depend on
   * what a previous size left there.
   * @returns this
   */
  resize(n: number): this {
    if (!Number.isInteger(n) || n < 0) throw new MoreauError('E_CONFIG', `Gmres: size must be a non-negative integer, got ${n}`);
    const vectors = this.restart + 5;
    if (this.store.length < vectors * n) this.store = new Float64Array(vectors * n);
    const store = this.store;
    const view = (j: number): Float64Array => store.subarray(j * n, (j + 1) * n);
    this.basis = Array.from({ length: this.restart + 1 }, (_, j) => view(j));
    const m = this.restart + 1;
    this.r = view(m);
    this.w = view(m + 1);
    this.x0 = view(m + 2);
    this.z = view(m + 3);
    this.#n = n;
    return this;
  }

  /**
   * Solves A x = b starting from the x given (a warm start; all zeros costs no
   * extra operator application). `x` is overwritten with the last iterate and
   * never receives a non-finite value. b = 0 gives x = 0 after no iteration.
   * A non-finite b or x, or an operator or preconditioner that returns a
   * non-finite value, is an E_NOT_FINITE (x keeps the last finite iterate).
   * @returns iterations, operator applications, the true residual norm and whether it met the tolerance
   */
  solve(apply: LinearOperator, b: Float64Array, x: Float64Array, options: GmresOptions): GmresResult {
    const n = this.n, m = this.restart;
    const tol = options.tolerance;
    const maxIterations = options.maxIterations ?? 1000;
    const left = options.side === 'left';
    const prec = options.preconditioner;
    this.check(b, x, tol, maxIterations, prec);
    const { basis, r, w, z, x0, g, colNorm } = this;

    let iterations = 0, restarts = 0, matVecs = 0;
    const bNorm = Math.sqrt(dot(b, b));
    if (!Number.isFinite(bNorm)) throw new MoreauError('E_NOT_FINITE', 'Gmres: right-hand side has a non-finite entry');
    if (bNorm === 0) {
      x.fill(0);
      return { converged: true, iterations, restarts, matVecs, residualNorm: 0 };
    }

    let xZero = true;
    for (let i = 0; i < n; i++) {
      const v = x[i];
      if (v !== 0) {
        xZero = false;
        if (!Number.isFinite(v)) throw new MoreauError('E_NOT_FINITE', `Gmres: initial guess x[${i}] = ${v}`, { index: i });
      }
    }
    let beta: number;
    if (xZero) {
      r.set(b);
      beta = bNorm;
    } else {
      beta = this.residual(apply, b, x);
      matVecs++;
    }
    let converged = beta <= tol;

    while (!converged && iterations < maxIterations) {
      // Start a cycle from the true residual r (norm beta).
      const v0 = basis[0];
      let gamma = beta;
      if (left && prec) {
        this.precondition(prec, r, v0);
        gamma = Math.sqrt(dot(v0, v0));
        if (!Number.isFinite(gamma)) throw new MoreauError('E_NOT_FINITE', 'Gmres: preconditioner returned a non-finite value');
        if (gamma === 0) break; // M⁻¹ annihilates the residual: nothing left to search
      } else {
        v0.set(r);
      }
      const inv = 1 / gamma;
      for (let i = 0; i < n; i++) v0[i] *= inv;
      const innerTol = left && prec ? (tol * gamma) / beta : tol;
      g.fill(0);
      g[0] = gamma;

      let k = 0;
      for (let j = 0; j < m && iterations < maxIterations; j++) {
        const vj = basis[j];
        if (!prec) {
          apply(vj, w);
        } else if (left) {
          apply(vj, z);
          this.precondition(prec, z, w);
        } else {
          this.precondition(prec, vj, z);
          apply(z, w);
        }
        matVecs++;
        iterations++;
        let hNext = this.orthogonalize(j);
        // w lies (numerically) in the Krylov space: the space is invariant and this step solves exactly
        const happy = hNext <= 16 * DBL_EPSILON * colNorm[j];
        if (happy) hNext = 0;
        this.rotate(j, hNext);
        k = j + 1;
        if (happy) break;
        const vNext = basis[j + 1], inv = 1 / hNext;
        for (let t = 0; t < n; t++) vNext[t] = w[t] * inv;
        if (Math.abs(g[j + 1]) <= innerTol) break;
      }

      x0.set(x);
      this.update(x, k, prec, left);

      const newBeta = this.residual(apply, b, x);
      matVecs++;
      if (!Number.isFinite(newBeta)) {
        x.set(x0);
        throw new MoreauError('E_NOT_FINITE', 'Gmres: operator returned a non-finite value');
      }
      converged = newBeta <= tol;
      if (!converged && !(newBeta < beta)) {
        // no progress (stagnation, or rounding on a singular operator): keep the better x and stop,
        // since the next cycle would start from the same residual
        x.set(x0);
        break;
      }
      beta = newBeta;
      if (converged || iterations >= maxIterations) break;
      restarts++;
    }
    return { converged, iterations, restarts, matVecs, residualNorm: beta };
  }

  /**
   * Modified Gram-Schmidt of w against v_0 .. v_j, writing h[0..j, j] and ‖A v_j‖
   * into colNorm[j]. Each subtraction is fused with the next projection (or, last,
   * with the norm): the arithmetic of textbook MGS in half the passes over w.
   * @returns ‖w‖ after orthogonalisation, h[j+1, j] before rotation
   */
  private orthogonalize(j: number): number {
    const { basis, w, h, n } = this;
    const col = j * (this.restart + 1), v0 = basis[0];
    let ww = 0, p = 0;
    for (let t = 0; t < n; t++) {
      const wt = w[t];
      ww += wt * wt;
      p += wt * v0[t];
    }
    const w0 = Math.sqrt(ww);
    this.colNorm[j] = w0;
    h[col] = p;
    let hNext = 0;
    for (let i = 0; i <= j; i++) {
      const vi = basis[i], hij = h[col + i];
      let s = 0;
      if (i < j) {
        const next = basis[i + 1];
        for (let t = 0; t < n; t++) {
          const wt = w[t] - hij * vi[t];
          w[t] = wt;
          s += wt * next[t];
        }
        h[col + i + 1] = s;
      } else {
        for (let t = 0; t < n; t++) {
          const wt = w[t] - hij * vi[t];
          w[t] = wt;
          s += wt * wt;
        }
        hNext = Math.sqrt(s);
      }
    }
    if (!Number.isFinite(hNext) || !Number.isFinite(w0)) {
      throw new MoreauError('E_NOT_FINITE', 'Gmres: operator or preconditioner returned a non-finite value');
    }
    return hNext;
  }

  /** Applies the previous Givens rotations to column j, then the one that zeroes h[j+1, j], to H and g. */
  private rotate(j: number, hNext: number): void {
    const { h, cs, sn, g } = this;
    const col = j * (this.restart + 1);
    for (let i = 0; i < j; i++) {
      const a = h[col + i], b = h[col + i + 1];
      h[col + i] = cs[i] * a + sn[i] * b;
      h[col + i + 1] = -sn[i] * a + cs[i] * b;
    }
    const a = h[col + j];
    let c = 1, s = 0;
    if (hNext !== 0) {
      if (Math.abs(hNext) > Math.abs(a)) {
        const t = a / hNext;
        s = 1 / Math.sqrt(1 + t * t);
        c = s * t;
      } else {
        const t = hNext / a;
        c = 1 / Math.sqrt(1 + t * t);
        s = c * t;
      }
    }
    cs[j] = c;
    sn[j] = s;
    h[col + j] = c * a + s * hNext;
    h[col + j + 1] = 0;
    g[j + 1] = -s * g[j];
    g[j] = c * g[j];
  }

  /** Solves R y = g (k x k) and adds the correction Σ y_i v_i to x, through M⁻¹ when right-preconditioned. */
  private update(x: Float64Array, k: number, prec: Preconditioner | undefined, left: boolean): void {
    const { basis, h, g, y, w, z, colNorm, n } = this;
    const stride = this.restart + 1;
    // A pivot that is rounding noise next to its column's norm (a singular operator)
    // would blow y up: that direction is dropped instead.
    for (let i = k - 1; i >= 0; i--) {
      let s = g[i];
      for (let t = i + 1; t < k; t++) s -= h[t * stride + i] * y[t];
      const d = h[i * stride + i];
      y[i] = Math.abs(d) > PIVOT_FLOOR * colNorm[i] ? s / d : 0;
      if (!Number.isFinite(y[i])) y[i] = 0;
    }
    const right = prec !== undefined && !left;
    const u = right ? w : x;
    if (right) w.fill(0);
    for (let i = 0; i < k; i++) {
      const vi = basis[i], yi = y[i];
      for (let t = 0; t < n; t++) u[t] += yi * vi[t];
    }
    if (right) {
      this.precondition(prec, w, z);
      for (let t = 0; t < n; t++) x[t] += z[t];
    }
  }

  /** r = b − A x; @returns ‖r‖₂ */
  private residual(apply: LinearOperator, b: Float64Array, x: Float64Array): number {
    const { r, n } = this;
    apply(x, r);
    let s = 0;
    for (let i = 0; i < n; i++) {
      const d = b[i] - r[i];
      r[i] = d;
      s += d * d;
    }
    return Math.sqrt(s);
  }

  private precondition(prec: Preconditioner, input: Float64Array, out: Float64Array): void {
    if (typeof prec === 'function') prec(input, out);
    else blockDiagonalMul(out, prec, input);
  }

  private check(b: Float64Array, x: Float64Array, tol: number, maxIterations: number, prec: Preconditioner | undefined): void {
    const n = this.n;
    if (b.length !== n || x.length !== n) {
      throw new MoreauError('E_PROBLEM_SHAPE', `Gmres: b and x must have length ${n} (got ${b.length} and ${x.length})`);
    }
    if (b === x) throw new MoreauError('E_CONFIG', 'Gmres: x must not alias b');
    if (!(tol >= 0) || !Number.isFinite(tol)) throw new MoreauError('E_CONFIG', `Gmres: tolerance must be a finite number >= 0, got ${tol}`);
    if (!Number.isInteger(maxIterations) || maxIterations < 0) {
      throw new MoreauError('E_CONFIG', `Gmres: maxIterations must be a non-negative integer, got ${maxIterations}`);
    }
    if (prec instanceof Float64Array && (n % 3 !== 0 || prec.length !== 3 * n)) {
      throw new MoreauError('E_PROBLEM_SHAPE', `Gmres: block-Jacobi preconditioner has ${prec.length} values, expected ${3 * n} (9 per 3x3 block)`);
    }
  }
}
