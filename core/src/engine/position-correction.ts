import type { PositionCorrection } from '../contracts/dynamics.js';
import { isMoreauError } from '../contracts/errors.js';
import { wasmBsrMulAvailable } from '../linalg/bsr-mul-wasm.js';
import type { BlockSparseMatrix } from '../problem/block-sparse-matrix.js';
import { growF64, growI32 } from '../linalg/grow.js';
import { WasmProjectionSweep } from './projection-sweep-wasm.js';

/** Sweeps of the projection at most; what is left of a penetration is taken up by the next step. */
const MAX_SWEEPS = 50;
/** The sweeps stop when no contact's displacement changes by more than this share of the deepest target. */
const RELATIVE_CHANGE = 1e-6;

/**
 * The frictionless position projection of a step (post-stabilisation; the constraint
 * stabilisation of paper 002 moved from the velocity problem to the positions):
 *
 *   w = g̃ + W_NN p ≥ 0,  p ≥ 0,  pᵀ w = 0,
 *   g̃_α = fraction·g_α for a penetration deeper than the slop, max(0, g_α) otherwise,
 *
 * so deep penetrations are pushed out by `fraction` of their depth, no contact is pushed into a
 * new one (nor a shallow one made deeper), and free bodies move by Δq = A⁻¹ H_Nᵀ p. W_NN p is
 * the normal displacement this gives each contact, to first order. Solved by projected
 * Gauss–Seidel on the normal rows of the step's W. The LCP may have no solution (a jammed bed
 * whose linearised overlaps cannot all be closed); the sweeps then stop at their cap with the
 * best displacement found, and the rest waits for the next step. No velocity is changed: the
 * velocity problem sees the corrected gaps g + W_NN p, all ≥ 0 when the projection is exact.
 *
 * The sweeps run in WebAssembly where the runtime has it with SIMD (projection-sweep-wasm.ts),
 * in TypeScript otherwise, with the same bits either way.
 */
export class PositionProjection {
  /** Normal impulses of the last projection, one per contact. */
  p: Float64Array = new Float64Array(0);
  /** Gaps after the last projection, g + W_NN p. */
  gap: Float64Array = new Float64Array(0);
  /** Sweeps of the last projection (0: nothing to correct). */
  sweeps = 0;
  /** The deepest penetration beyond the slop at the last call (0: none). */
  depth = 0;
  /** Where the last projection's sweeps ran. */
  kernel: 'wasm' | 'typescript' = 'typescript';
  private target: Float64Array = new Float64Array(0);
  // W_NN by rows (its diagonal included, and apart): the normal entry of every block between two
  // contacts, copied out of W's 3×3 blocks so the sweeps read 12 bytes an entry, not one double in every 72.
  private nnPtr: Int32Array = new Int32Array(0);
  private nnCol: Int32Array = new Int32Array(0);
  private nnVal: Float64Array = new Float64Array(0);
  private diag: Float64Array = new Float64Array(0);
  /** The WebAssembly sweeps: undefined until first needed, null where they cannot run. */
  private wasm: WasmProjectionSweep | null | undefined;

  /** @param kernel 'typescript' keeps the sweeps in TypeScript (the tests compare the two kernels) */
  constructor(kernel: 'auto' | 'typescript' = 'auto') {
    if (kernel === 'typescript') this.wasm = null;
  }

  /**
   * Projects the gaps of the nc contacts of W; returns false, touching nothing, when no contact
   * is penetrated deeper than the slop. Block rows of W after the first nc (the torque blocks of
   * contacts with rolling resistance, `torque-rows.ts`) are no contacts: each row's columns are
   * sorted, so the sums stop at the first column ≥ nc.
   */
  project(W: BlockSparseMatrix, gap: Float64Array, nc: number, correction: PositionCorrection): boolean {
    const { fraction, slop } = correction;
    let depth = 0;
    for (let a = 0; a < nc; a++) if (-gap[a] > slop && -gap[a] > depth) depth = -gap[a];
    this.depth = depth;
    this.sweeps = 0;
    if (depth === 0 || fraction === 0) return false;
    this.p = growF64(this.p, nc);
    this.gap = growF64(this.gap, nc);
    this.target = growF64(this.target, nc);
    const { p, target } = this;
    for (let a = 0; a < nc; a++) {
      const g = gap[a];
      target[a] = -g > slop ? fraction * g : g > 0 ? g : 0;
      p[a] = 0;
    }
    this.layOut(W, nc);
    const { nnPtr, nnCol, nnVal } = this;
    const wasm = this.loadWasm(nc);
    this.kernel = wasm ? 'wasm' : 'typescript';
    const stop = RELATIVE_CHANGE * fraction * depth;
    for (let sweep = 1; sweep <= MAX_SWEEPS; sweep++) {
      const change = wasm ? wasm.sweep() : this.sweep(nc);
      this.sweeps = sweep;
      if (change <= stop) break;
    }
    if (wasm) p.set(wasm.p);
    for (let a = 0; a < nc; a++) {
      let d = 0;
      for (let k = nnPtr[a], end = nnPtr[a + 1]; k < end; k++) d += nnVal[k] * p[nnCol[k]];
      this.gap[a] = gap[a] + d;
    }
    return true;
  }

  /** One projected Gauss–Seidel sweep in TypeScript. @returns the largest |Δp_a| W_aa */
  private sweep(nc: number): number {
    const { nnPtr, nnCol, nnVal, diag, target, p } = this;
    let change = 0;
    for (let a = 0; a < nc; a++) {
      const waa = diag[a];
      if (!(waa > 0)) continue;
      // The row's terms in column order, the diagonal's among them, as W holds them.
      let w = target[a];
      for (let k = nnPtr[a], end = nnPtr[a + 1]; k < end; k++) w += nnVal[k] * p[nnCol[k]];
      const next = Math.max(0, p[a] - w / waa);
      const moved = Math.abs(next - p[a]) * waa;
      if (moved > change) change = moved;
      p[a] = next;
    }
    return change;
  }

  /** The WebAssembly sweeps with this projection's rows loaded, or undefined to sweep in TypeScript. */
  private loadWasm(nc: number): WasmProjectionSweep | undefined {
    if (this.wasm === undefined) this.wasm = wasmBsrMulAvailable() ? new WasmProjectionSweep() : null;
    if (this.wasm === null) return undefined;
    try {
      this.wasm.load(this.nnPtr, this.nnCol, this.nnVal, this.diag, this.target, nc);
      return this.wasm;
    } catch (error) {
      // A memory the runtime will not grant: the TypeScript sweeps, with the same bits.
      if (isMoreauError(error, 'E_TOO_LARGE')) return undefined;
      throw error;
    }
  }

  /** W_NN's entries among the first nc contacts, row by row in W's column order, and its diagonal. */
  private layOut(W: BlockSparseMatrix, nc: number): void {
    const { rowPtr, colIdx, values, diagIdx } = W;
    let count = 0;
    for (let a = 0; a < nc; a++) for (let k = rowPtr[a]; k < rowPtr[a + 1] && colIdx[k] < nc; k++) count++;
    this.nnPtr = growI32(this.nnPtr, nc + 1);
    this.nnCol = growI32(this.nnCol, count);
    this.nnVal = growF64(this.nnVal, count);
    this.diag = growF64(this.diag, nc);
    const { nnPtr, nnCol, nnVal, diag } = this;
    let e = 0;
    for (let a = 0; a < nc; a++) {
      nnPtr[a] = e;
      diag[a] = values[9 * diagIdx[a]];
      for (let k = rowPtr[a]; k < rowPtr[a + 1] && colIdx[k] < nc; k++) { nnCol[e] = colIdx[k]; nnVal[e] = values[9 * k]; e++; }
    }
    nnPtr[nc] = e;
  }
}
