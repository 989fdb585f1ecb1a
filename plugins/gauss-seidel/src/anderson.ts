import { choleskyFactor, choleskySolve } from '@moreau/core/kernels';
import { isMoreauError } from '@moreau/core/contracts';
import { intoCone } from './into-cone.js';

/** Ridge added to the normal equations, relative to their largest diagonal entry (guards near-parallel differences). */
const RIDGE = 1e-10;
/** A residual this many times the previous one restarts the history (the extrapolation misled the sweep). */
const RESTART_GROWTH = 2;
/** Sweeps without a new smallest residual after which the extrapolation stops for the rest of the solve. */
const STALL_SWEEPS = 50;

/**
 * The mixer's two passes over the unknowns where they run elsewhere: the WebAssembly sweep
 * kernel (wasm-sweep.ts) keeps its own history and runs them with the same operations in the
 * same order as `AndersonMixer`'s own, so to the same bits. Only with u kept.
 */
export interface MixPasses {
  /** Pass 1: records the sweep x → r (u kept) into `slot`; fills row and rhs (m entries). @returns ‖r − x‖² */
  mixRecord(x: Float64Array, r: Float64Array, u: Float64Array, slot: number, m: number, row: Float64Array, rhs: Float64Array): number;
  /** Pass 2: r and u extrapolated with γ (m entries) and projected. @returns the contacts the projection moved */
  mixExtrapolate(r: Float64Array, u: Float64Array, gamma: Float64Array, m: number): number;
}

/**
 * Anderson acceleration (type II, Walker & Ni 2011, eqs 2.1–2.3) of the fixed-point map of one
 * sweep, r ↦ G(r): with the residual f = G(x) − x and the last `depth` differences
 * ΔF_j = f_{j+1} − f_j, ΔG_j = G(x_{j+1}) − G(x_j),
 *
 *   γ = argmin ‖f − ΔF γ‖,   r ← P_K(G(x) − ΔG γ),
 *
 * P_K the projection onto each contact's cone. γ comes from the normal equations with a small
 * ridge (depth ≤ 50 unknowns). u = W r + q follows without a product with W: the kept u of
 * each sweep is W G(x) + q, so the same combination of its differences ΔU_j gives W r + q
 * before the projection; a contact the projection moves is added through its block column.
 * A residual that grows more than twofold clears the history (a restart). Near a nonsmooth
 * solution (contacts still changing between sticking, sliding and separating) the secants
 * mislead: when the residual has not reached a new minimum for `STALL_SWEEPS` sweeps, the
 * extrapolation stops and plain sweeps finish the solve (measured on the shared Capsules
 * piles: without this, the sweeps stall above 1e-7 where plain Gauss–Seidel reaches 1e-8).
 *
 * Each call makes two passes over the unknowns (the differences, the new Gram row and the
 * right-hand side; then the combination and the projection), reading the history where it
 * lies, in one flat array per kind.
 */
export class AndersonMixer {
  /** Extrapolations made since `reset`; restarts since `reset`. */
  mixes = 0;
  restarts = 0;
  /** The sweep at which the extrapolation stopped for this solve (0: it did not). */
  stoppedAt = 0;
  /** Contacts the projection moved back into their cones, over every extrapolation since `reset`. */
  projected = 0;
  private sweeps = 0;
  private best = Infinity;
  private bestAt = 0;
  private n = 0;
  /** Differences held (≤ depth) and the slot the next one goes to. */
  private filled = 0;
  private slot = 0;
  private started = false;
  private previousNorm = Infinity;
  // History, slot j at [j·n, (j+1)·n): ΔF, ΔG and ΔU (the kept u's differences).
  private dF = new Float64Array(0);
  private dG = new Float64Array(0);
  private dU = new Float64Array(0);
  private fPrev = new Float64Array(0);
  private gPrev = new Float64Array(0);
  private uPrev = new Float64Array(0);
  /** ΔF_jᵀ ΔF_k by slot (depth × depth), and the new row's products while they are summed. */
  private readonly gram: Float64Array;
  private readonly row: Float64Array;
  /** The m × m system and its solution for m = 1 … depth differences. */
  private readonly systems: Float64Array[];
  private readonly gammas: Float64Array[];
  private readonly rhs: Float64Array;

  constructor(private readonly depth: number) {
    this.gram = new Float64Array(depth * depth);
    this.row = new Float64Array(depth);
    this.systems = Array.from({ length: depth }, (_, m) => new Float64Array((m + 1) * (m + 1)));
    this.gammas = Array.from({ length: depth }, (_, m) => new Float64Array(m + 1));
    this.rhs = new Float64Array(depth);
  }

  /** Forgets the history, for n unknowns (its buffers here are made by the first pass that runs here, `record`). */
  reset(n: number): void {
    this.n = n;
    this.filled = this.slot = 0;
    this.started = false;
    this.previousNorm = Infinity;
    this.mixes = this.restarts = this.projected = this.stoppedAt = this.sweeps = this.bestAt = 0;
    this.best = Infinity;
  }

  /**
   * Records the sweep that took x to r (u = W r + q kept, when given: the Jacobi variant keeps
   * none), then overwrites r and u with the extrapolated iterate. `columns(a, d0, d1, d2)` adds
   * block column a of W times d to u. With `passes` (u given), the two passes over the unknowns
   * run there, on the history it holds; the decisions between them are these. `order`: the
   * contacts of the second pass in this order (a partitioned sweep's, partition.ts, which the
   * passes know for themselves), else in index order.
   * @returns false when nothing was extrapolated (no history yet, a restart, or stopped): r and u untouched
   */
  mix(x: Float64Array, r: Float64Array, u: Float64Array | undefined, mu: Float64Array, columns: (a: number, d0: number, d1: number, d2: number) => void,
    passes?: MixPasses, order?: Int32Array): boolean {
    if (this.stoppedAt > 0) return false;
    this.sweeps++;
    const { depth, row, rhs } = this;
    const started = this.started;
    // The new difference goes to `slot`; with it the history holds m differences.
    const s = this.slot, m = started ? Math.min(this.filled + 1, depth) : 0;
    const norm2 = passes !== undefined && u !== undefined ? passes.mixRecord(x, r, u, s, m, row, rhs) : this.record(x, r, u, s, m);
    this.started = true;
    const norm = Math.sqrt(norm2);
    if (norm < this.best) { this.best = norm; this.bestAt = this.sweeps; }
    else if (this.sweeps - this.bestAt >= STALL_SWEEPS) { this.stoppedAt = this.sweeps; return false; }
    const grew = norm > RESTART_GROWTH * this.previousNorm;
    this.previousNorm = norm;
    if (grew) { this.filled = this.slot = 0; this.restarts++; return false; }
    if (m === 0) return false;
    const { gram } = this;
    for (let j = 0; j < m; j++) { gram[s * depth + j] = row[j]; gram[j * depth + s] = row[j]; }
    this.filled = m;
    this.slot = (s + 1) % depth;
    if (!this.solveGamma(m)) { this.filled = this.slot = 0; this.restarts++; return false; }
    const gamma = this.gammas[m - 1];
    this.projected += passes !== undefined && u !== undefined ? passes.mixExtrapolate(r, u, gamma, m) : this.extrapolate(r, u, mu, columns, gamma, m, order);
    this.mixes++;
    return true;
  }

  /** Pass 1, here: f = r − x, the new differences into slot s, and ΔF_sᵀΔF_j, ΔF_jᵀ f for every held slot j. @returns ‖f‖² */
  private record(x: Float64Array, r: Float64Array, u: Float64Array | undefined, s: number, m: number): number {
    // Where the passes run in the kernel, which keeps its own history, these are never made.
    if (this.fPrev.length !== this.n) this.allocate(this.n);
    const { n, fPrev, gPrev, uPrev, dF, dG, dU, row, rhs } = this;
    const so = s * n;
    row.fill(0, 0, m); rhs.fill(0, 0, m);
    let norm2 = 0;
    for (let i = 0; i < n; i++) {
      const g = r[i], v = g - x[i], d = v - fPrev[i];
      norm2 += v * v;
      dF[so + i] = d; dG[so + i] = g - gPrev[i];
      fPrev[i] = v; gPrev[i] = g;
      for (let j = 0, o = i; j < m; j++, o += n) {
        const fj = dF[o];
        row[j] += d * fj;
        rhs[j] += fj * v;
      }
    }
    if (u !== undefined) for (let i = 0; i < n; i++) { const w = u[i]; dU[so + i] = w - uPrev[i]; uPrev[i] = w; }
    return norm2;
  }

  /** The history's buffers for n unknowns, zeroed. */
  private allocate(n: number): void {
    this.dF = new Float64Array(this.depth * n); this.dG = new Float64Array(this.depth * n); this.dU = new Float64Array(this.depth * n);
    this.fPrev = new Float64Array(n); this.gPrev = new Float64Array(n); this.uPrev = new Float64Array(n);
  }

  /**
   * Pass 2, here, contact by contact: r ← G(x) − ΔG γ, u alike, then back into the cone; the
   * projection's move reaches u through the contact's block column.
   * @returns the contacts the projection moved
   */
  private extrapolate(r: Float64Array, u: Float64Array | undefined, mu: Float64Array,
    columns: (a: number, d0: number, d1: number, d2: number) => void, gamma: Float64Array, m: number, order?: Int32Array): number {
    const { n, dG, dU } = this;
    let projected = 0;
    for (let i = 0, nc = n / 3; i < nc; i++) {
      const a = order === undefined ? i : order[i], o = 3 * a;
      let r0 = r[o], r1 = r[o + 1], r2 = r[o + 2];
      for (let j = 0, h = o; j < m; j++, h += n) {
        const gj = gamma[j];
        r0 -= gj * dG[h]; r1 -= gj * dG[h + 1]; r2 -= gj * dG[h + 2];
      }
      if (u !== undefined) {
        let u0 = u[o], u1 = u[o + 1], u2 = u[o + 2];
        for (let j = 0, h = o; j < m; j++, h += n) {
          const gj = gamma[j];
          u0 -= gj * dU[h]; u1 -= gj * dU[h + 1]; u2 -= gj * dU[h + 2];
        }
        u[o] = u0; u[o + 1] = u1; u[o + 2] = u2;
      }
      projected += intoCone(r, a, r0, r1, r2, mu[a], u === undefined ? undefined : columns);
    }
    return projected;
  }

  /** γ from (ΔFᵀΔF + ridge) γ = ΔFᵀ f (held in `rhs`) by core's Cholesky; false when it breaks down. */
  private solveGamma(m: number): boolean {
    const { depth, gram, rhs } = this;
    let top = 0;
    for (let j = 0; j < m; j++) top = Math.max(top, gram[j * depth + j]);
    if (!(top > 0 && top < Infinity)) return false;
    const A = this.systems[m - 1];
    for (let j = 0; j < m; j++) {
      for (let k = 0; k < m; k++) A[j * m + k] = gram[j * depth + k];
      A[j * m + j] += RIDGE * top;
    }
    try {
      choleskySolve(choleskyFactor(A, m, true), m, rhs.subarray(0, m), this.gammas[m - 1]);
    } catch (e) {
      // Not positive definite even with the ridge: the differences are degenerate.
      if (isMoreauError(e, 'E_SOLVER_BREAKDOWN')) return false;
      throw e;
    }
    const gamma = this.gammas[m - 1];
    for (let i = 0; i < m; i++) if (!Number.isFinite(gamma[i])) return false;
    return true;
  }
}
