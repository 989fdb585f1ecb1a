import { BlockSparseMatrix, type FrictionContactProblem } from '@moreau/core/kernels';
import {
  classifyContact, contactRow, SEPARATED, SLIP, STICK, ZERO_BOUND, type RowKind, type Variant,
} from './contact-rows.js';

/** How many contacts took each row type in the last assembly. */
export interface RowCounts {
  separated: number;
  stick: number;
  zeroBound: number;
  slip: number;
}

/**
 * The linear system Ω δR = Π of paper 004 §5 (line 4 of NEWT, HYB and FIX; line 6
 * of UNIL), held with W's block pattern: Ω's blocks are W's blocks, rewritten row
 * by row. Rows of lines 5, 8 and 9 are multiplied by W's diagonal entry of that row
 * (§6: they are O(1) while W is O(W_ii)), so Ω stays about as well conditioned as W.
 * Workspaces are allocated once per W; `assemble` allocates nothing.
 */
export class NewtonSystem {
  /** Ω, sharing W's rowPtr and colIdx. */
  readonly omega: BlockSparseMatrix;
  /** Π, the right-hand side. */
  readonly rhs: Float64Array;
  /** The row type of each contact (SEPARATED, STICK, ZERO_BOUND or SLIP). */
  readonly kinds: Uint8Array;
  /** The factor each scalar row of lines 5, 8, 9 is multiplied by (W_ii, or 1). */
  readonly rowScale: Float64Array;
  readonly counts: RowCounts = { separated: 0, stick: 0, zeroBound: 0, slip: 0 };
  private readonly row = contactRow();

  constructor(readonly W: BlockSparseMatrix, rowScaling: boolean) {
    const nb = W.blockCount;
    this.omega = new BlockSparseMatrix(W.blockRows, W.rowPtr, W.colIdx, new Float64Array(9 * nb));
    this.rhs = new Float64Array(W.size);
    this.kinds = new Uint8Array(W.blockRows);
    this.rowScale = new Float64Array(W.size).fill(1);
    if (rowScaling) {
      for (let a = 0; a < W.blockRows; a++) {
        const d = 9 * W.diagIdx[a];
        for (let t = 0; t < 3; t++) {
          const w = W.values[d + 4 * t];
          // A zero (or negative) diagonal entry has no scale to lend: leave that row as it is.
          if (w > 0 && Number.isFinite(w)) this.rowScale[3 * a + t] = w;
        }
      }
    }
  }

  /**
   * Writes Ω and Π for R^k = r, U^k = u, the residual T^k = t (eq 67), the
   * regularisation ρ and, for FIX, the normal bounds b_N.
   * @param modified use F̃ of eq 59 (the paper's practice) instead of F of eq 56
   * @param lambda the regularisation: λ |Ω_ii| is added to each diagonal entry (see `regularize`)
   */
  assemble(
    problem: FrictionContactProblem, variant: Variant, r: Float64Array, u: Float64Array, t: Float64Array,
    rho: Float64Array, bN: Float64Array, modified: boolean, lambda = 0,
  ): RowCounts {
    const counts = this.counts;
    counts.separated = counts.stick = counts.zeroBound = counts.slip = 0;
    for (let a = 0; a < problem.contacts; a++) {
      classifyContact(this.row, variant, r, u, 3 * a, problem.mu[a], rho[a], bN[a], modified);
      const kind = this.row.kind;
      this.kinds[a] = kind;
      if (kind === SEPARATED) counts.separated++;
      else if (kind === STICK) counts.stick++;
      else if (kind === ZERO_BOUND) counts.zeroBound++;
      else counts.slip++;
      this.assembleRow(a, kind, variant, problem.mu[a], rho[a], r, u, t);
    }
    if (lambda > 0) this.regularize(lambda);
    return counts;
  }

  /**
   * Ω ← Ω + λ D, D = |diag Ω| (the row's scale where that entry is zero). Not in
   * paper 004, whose W are nonsingular: most real W are rank deficient, so are
   * the Newton systems built from their rows, and the reactions are not unique.
   * This Levenberg–Marquardt-like shift keeps Ω invertible and damps the steps
   * along (nearly) null directions, where an exact solve would let R wander.
   */
  private regularize(lambda: number): void {
    const { W, rowScale } = this;
    const om = this.omega.values;
    for (let a = 0; a < W.blockRows; a++) {
      const d = 9 * W.diagIdx[a];
      for (let t = 0; t < 3; t++) {
        const v = om[d + 4 * t];
        om[d + 4 * t] = v + lambda * (v !== 0 ? Math.abs(v) : rowScale[3 * a + t]);
      }
    }
  }

  private assembleRow(a: number, kind: RowKind, variant: Variant, mu: number, p: number, r: Float64Array, u: Float64Array, t: Float64Array): void {
    const { W, rhs, rowScale, row } = this;
    const om = this.omega.values, w = W.values;
    const o = 3 * a;
    const s0 = rowScale[o], s1 = rowScale[o + 1], s2 = rowScale[o + 2];
    const newtStick = kind === STICK && (variant === 'newt' || variant === 'unil');
    const coupled = variant !== 'fix';
    const m = variant === 'unil' ? 0 : mu;
    const { m11, m12, m21, m22 } = row;

    for (let k = W.rowPtr[a]; k < W.rowPtr[a + 1]; k++) {
      const b = 9 * k, diag = W.colIdx[k] === a;
      // normal row: line 5 (identity) or line 6 (W_αβN*)
      if (kind === SEPARATED) {
        om[b] = diag ? s0 : 0; om[b + 1] = 0; om[b + 2] = 0;
      } else {
        om[b] = w[b]; om[b + 1] = w[b + 1]; om[b + 2] = w[b + 2];
      }
      // tangential rows
      if (kind === SEPARATED || kind === ZERO_BOUND) {
        // lines 5 and 8: [0 I] on the diagonal block
        om[b + 3] = 0; om[b + 4] = diag ? s1 : 0; om[b + 5] = 0;
        om[b + 6] = 0; om[b + 7] = 0; om[b + 8] = diag ? s2 : 0;
      } else if (kind === STICK) {
        // line 7: W_αβT*, plus U_T/d_N in the normal column of NEWT's diagonal block (eq 53)
        for (let j = 3; j < 9; j++) om[b + j] = w[b + j];
        if (newtStick && diag) {
          om[b + 3] += u[o + 1] / row.dn;
          om[b + 6] += u[o + 2] / row.dn;
        }
      } else {
        // line 9: ρ M W_αβT*, plus (I − M) and −μ v_T (not for FIX) on the diagonal block
        for (let j = 0; j < 3; j++) {
          const x1 = w[b + 3 + j], x2 = w[b + 6 + j];
          om[b + 3 + j] = p * (m11 * x1 + m12 * x2);
          om[b + 6 + j] = p * (m21 * x1 + m22 * x2);
        }
        if (diag) {
          om[b + 4] += 1 - m11; om[b + 5] -= m12;
          om[b + 7] -= m21; om[b + 8] += 1 - m22;
          if (coupled) {
            om[b + 3] -= m * row.v1;
            om[b + 6] -= m * row.v2;
          }
        }
        for (let j = 3; j < 6; j++) om[b + j] *= s1;
        for (let j = 6; j < 9; j++) om[b + j] *= s2;
      }
    }

    if (kind === SEPARATED) {
      rhs[o] = -r[o] * s0; rhs[o + 1] = -r[o + 1] * s1; rhs[o + 2] = -r[o + 2] * s2;
      return;
    }
    rhs[o] = -u[o] - t[o];
    if (kind === ZERO_BOUND) {
      rhs[o + 1] = -r[o + 1] * s1;
      rhs[o + 2] = -r[o + 2] * s2;
    } else if (kind === STICK) {
      const c = newtStick ? 1 + (p * u[o]) / row.dn : 1;
      rhs[o + 1] = -c * u[o + 1] - t[o + 1];
      rhs[o + 2] = -c * u[o + 2] - t[o + 2];
    } else {
      // μ v_T R_N (NEWT, HYB) or μ v_T b_N (FIX), − R_T − ρ M T_T
      const nb = coupled ? r[o] : row.bound;
      rhs[o + 1] = (m * row.v1 * nb - r[o + 1] - p * (m11 * t[o + 1] + m12 * t[o + 2])) * s1;
      rhs[o + 2] = (m * row.v2 * nb - r[o + 2] - p * (m21 * t[o + 1] + m22 * t[o + 2])) * s2;
    }
  }
}
