import { SparseLu, SparseLuPattern, type BlockSparseMatrix } from '@moreau/core/kernels';

/**
 * The reduced Newton system of both interior point methods: paper 002's PD-IP (the slide's
 * 2×2 block system with Δλ eliminated through its second row,
 * (W + Σ_i λ_i ∇²f_i + (λ_i / −f_i) ∇f_i ∇f_iᵀ) Δx = rhs) and the Nesterov–Todd method
 * ((W + D W_a⁻² D) Δx = rhs, `nesterov-todd.ts`). Every term acts on one contact, so the matrix
 * is W plus a 3×3 term on each diagonal block: W's block pattern, factored by core's sparse LU
 * in a fill-reducing (minimum-degree) order that is computed once per pattern and reused for
 * every Newton step.
 * LU rather than Cholesky because W may be slightly unsymmetric (some shared problems are);
 * threshold partial pivoting keeps it stable as the barrier terms grow towards the boundary.
 * A frictionless contact's tangential unknowns are fixed (its rows become identity rows).
 * With the De Saxcé shift recomputed at every step, its derivative joins the matrix, which is
 * then unsymmetric whatever W is.
 */
export class NewtonSystem {
  private values = new Float64Array(0);
  private lu: SparseLu | undefined;
  private W: BlockSparseMatrix | undefined;
  /** Factorisations that left a column out (a numerically zero pivot), since the last `use`. */
  deficient = 0;
  factorizations = 0;

  /**
   * Takes W for the factorisations that follow: the ordering and the LU's workspaces are kept
   * while W's block pattern is the one before (compared by value: a problem read again, as a
   * bench's repeated solves, has new arrays with the same entries, and the minimum-degree order
   * is the costly part of a small factorisation — 85 ms for LMGC_100_PR_PerioBox's 872 blocks,
   * against 5 ms per factorisation).
   * @returns this
   */
  use(W: BlockSparseMatrix): this {
    if (this.lu === undefined || !samePattern(this.lu.pattern, W)) this.lu = new SparseLu(new SparseLuPattern(W.rowPtr, W.colIdx));
    if (this.values.length !== W.values.length) this.values = new Float64Array(W.values.length);
    this.W = W;
    this.deficient = 0;
    this.factorizations = 0;
    return this;
  }

  /**
   * Forms and factors W plus, on each diagonal block, the method's 3×3 term (`addBlock`, which
   * adds contact a's term into the row-major block at `values[d..d+8]`); with `u` = W x + q, plus
   * the derivative of the De Saxcé shift (see `addShiftDerivative`).
   * @returns false when it is not finite
   */
  factor(mu: Float64Array, u: Float64Array | null, addBlock: (values: Float64Array, d: number, a: number) => void): boolean {
    const W = this.W!, lu = this.lu!, values = this.values;
    values.set(W.values);
    const { rowPtr, diagIdx } = W;
    if (u) addShiftDerivative(W, mu, u, values);
    for (let a = 0; a < mu.length; a++) {
      const d = 9 * diagIdx[a];
      addBlock(values, d, a);
      if (mu[a] !== 0) continue;
      // x_T fixed at 0: identity rows for the tangential unknowns
      for (let k = rowPtr[a]; k < rowPtr[a + 1]; k++) values.fill(0, 9 * k + 3, 9 * k + 9);
      values[d + 4] = 1;
      values[d + 8] = 1;
    }
    this.factorizations++;
    // Only exact zeros are dropped: the barrier terms dwarf W near the boundary, and a pivot
    // relative to max|A| would drop the columns of contacts that separate.
    if (!lu.factor(values, 0, 1)) return false;
    if (lu.deficiency > 0) this.deficient++;
    return true;
  }

  /** out = A⁻¹ rhs with the last factorisation. */
  solve(rhs: Float64Array, out: Float64Array): void {
    this.lu!.solve(rhs, out);
  }
}

/** True when W has the block pattern `pattern` was made for (the same index arrays, or equal ones). */
function samePattern(pattern: SparseLuPattern, W: BlockSparseMatrix): boolean {
  if (pattern.fits(W)) return true;
  const { rowPtr, colIdx } = pattern;
  if (rowPtr.length !== W.rowPtr.length || colIdx.length !== W.colIdx.length) return false;
  for (let i = 0; i < rowPtr.length; i++) if (rowPtr[i] !== W.rowPtr[i]) return false;
  for (let k = 0; k < colIdx.length; k++) if (colIdx[k] !== W.colIdx[k]) return false;
  return true;
}

/**
 * Adds ∂s/∂x to the normal rows of `values` (W's layout): s_a = μ_a ‖u_T‖ with u = W x + q has
 * ∂s_a/∂x = μ_a (û_1 W_{T1,:} + û_2 W_{T2,:}), û = u_T / ‖u_T‖, the tangential rows of W's block
 * row a, so the sum keeps W's pattern. Where u_T = 0 (sticking, or μ = 0) the term is left out,
 * the zero element of the generalised derivative.
 */
export function addShiftDerivative(W: BlockSparseMatrix, mu: Float64Array, u: Float64Array, values: Float64Array): void {
  const { rowPtr } = W, w = W.values;
  for (let a = 0; a < mu.length; a++) {
    const o = 3 * a, m = mu[a];
    const norm = Math.hypot(u[o + 1], u[o + 2]);
    if (!(m > 0 && norm > 0)) continue;
    const c1 = (m * u[o + 1]) / norm, c2 = (m * u[o + 2]) / norm;
    for (let k = rowPtr[a]; k < rowPtr[a + 1]; k++) {
      const v = 9 * k;
      values[v] += c1 * w[v + 3] + c2 * w[v + 6];
      values[v + 1] += c1 * w[v + 4] + c2 * w[v + 7];
      values[v + 2] += c1 * w[v + 5] + c2 * w[v + 8];
    }
  }
}
