import type { ContactSet, NormalBias } from '../contracts/dynamics.js';
import { BlockSparseMatrix } from '../problem/block-sparse-matrix.js';
import { madeSymmetric } from '../problem/symmetric-mark.js';
import type { BodyTable } from './body-table.js';
import { growF64 } from '../linalg/grow.js';
import { AssemblyBuffers, type AssemblySlot } from './assembly-buffers.js';
import { torqueFrames, torqueOperator, type TorqueRows } from './torque-rows.js';

/** What `assemble` produced: W and q as views into the assembly's buffers (valid until the next assembly). */
export interface AssembledProblem {
  W: BlockSparseMatrix;
  q: Float64Array;
}

/**
 * The contact-point formulation of paper 004 (Appendix, eqs 70-76), with reactions r
 * as impulses over the step, R = ∫ dR (paper 000 eq 2; paper 004 writes h R):
 *
 *   q_α  = H_Aα b_A − H_Bα b_B  (+ the impact law's bias on the normal),
 *   W_αβ = Σ_i s_iα s_iβ H_iα A_i⁻¹ H_iβᵀ  over free bodies i shared by α and β,
 *   u_i  = b_i + A_i⁻¹ Σ_α s_iα H_iαᵀ r_α,
 *
 * with s = +1 for body A of a contact and −1 for body B (r acts on A, −r on B).
 *
 * Assembly goes per body, not per pair (DESIGN §7): for each free body with contacts
 * α1..αk, G_iα = (A_i⁻¹ H_iαᵀ)ᵀ is formed once (k applications of A⁻¹ per row) and the
 * k(k+1)/2 blocks of its upper triangle written straight into a BSR matrix whose
 * pattern is the contact graph; the lower triangle is the exact transpose, so W is
 * symmetric to the bit. Cost Σ_i k_i². Every buffer grows and is reused.
 *
 * Contacts with rolling and spinning resistance (paper 002, "Modeling Rolling/Spinning") add a
 * torque block row each, after the nc contacts: row nc + p is contact `torque.contact[p]`'s
 * [τ_u, τ_w, τ_n], its H the bodies' angular operators in the frame (t1, t2, n) (`torque-rows.ts`)
 * with the same signs s, and no bias (the torque law has no gap). Everything above runs over
 * block rows, so a torque row is assembled, mirrored and applied as a contact is; without torque
 * rows every loop is the one it always was.
 */
export class ContactAssembly {
  /** Contacts of the last assembly (0 after `reset`). */
  count = 0;
  /** Block rows of the last assembly: the contacts, then the torque blocks. */
  rows = 0;
  /** The arrays below, in one memory with the kernel that sums W's blocks (views: stale after an `ensure`). */
  private readonly buf: AssemblyBuffers;
  /** Per block row side (2α + side, side 0 = A, 1 = B): offset of its H and G rows (3 × dofs). */
  private get hOffset(): Int32Array { return this.buf.views.hOffset; }
  private get H(): Float64Array { return this.buf.views.H; }
  private get G(): Float64Array { return this.buf.views.G; }
  /** Free bodies' block rows, CSR over bodies: entries 2α + side, in increasing α. */
  private get bodyStart(): Int32Array { return this.buf.views.bodyStart; }
  private get bodyEntry(): Int32Array { return this.buf.views.bodyEntry; }
  private get rowPtr(): Int32Array { return this.buf.views.rowPtr; }
  private get colIdx(): Int32Array { return this.buf.views.colIdx; }
  private get values(): Float64Array { return this.buf.views.values; }
  /** The bodies of each block row at the last pattern (`samePairs`), and the W built on it. */
  private get pairA(): Int32Array { return this.buf.views.pairA; }
  private get pairB(): Int32Array { return this.buf.views.pairB; }
  private pairCount = -1;
  /** The frames (t1, t2, n) of the torque rows of the last assembly, 9 per row. */
  private torqueFrame: Float64Array = new Float64Array(0);
  private last: BlockSparseMatrix | undefined;
  private q: Float64Array = new Float64Array(0);
  private startUN: Float64Array = new Float64Array(0);
  private readonly scratch: Float64Array;

  /**
   * @param options.wasm false: W's blocks summed in TypeScript even where WebAssembly runs them
   *   (the same bits; for tests and comparisons)
   */
  constructor(private readonly bodies: BodyTable, options: { wasm?: boolean } = {}) {
    this.buf = new AssemblyBuffers(options.wasm ?? true, { bodyStart: bodies.count + 1, free: bodies.count, dofs: bodies.count });
    // A body's dofs are fixed (its `free` flag is not: copied at each assembly).
    this.buf.views.dofs.set(bodies.dofs);
    this.scratch = new Float64Array(3 * bodies.maxDofs);
  }

  /** Whether W's blocks are summed in WebAssembly (else in TypeScript, to the same bits). */
  get blocksInWasm(): boolean {
    return this.buf.kernel !== undefined;
  }

  /** Forgets the last assembly (a new detection invalidates it). */
  reset(): void {
    this.count = 0;
    this.rows = 0;
  }

  /**
   * Builds W and q = H b (no impact law yet: `addBias`) for the contacts at the current
   * configuration, and the torque block rows of `torque` after them.
   * @param b free velocities of every body (BodyTable offsets)
   */
  assemble(set: ContactSet, b: Float64Array, torque?: TorqueRows): AssembledProblem {
    const nc = set.count;
    const rows = nc + (torque?.count ?? 0);
    const generation = this.buf.generation;
    const same = this.samePairs(set, torque);
    if (torque && torque.count > 0) this.torqueFrame = torqueFrames(set, torque, this.torqueFrame);
    this.operators(set, rows);
    this.freeVelocity(b, nc, rows);
    if (!same) {
      this.bodyContacts(rows);
      this.pattern(rows);
    }
    this.inverseOperators();
    this.blocks(rows);
    const nnz = this.rowPtr[rows];
    this.count = nc;
    this.rows = rows;
    const values = this.values.subarray(0, 9 * nnz);
    // Symmetric to the bit by construction (`mirror`), so marked so. The last W's pattern is
    // this one's when no array was laid out anew since (its views would be stale).
    const kept = same && this.last !== undefined && this.buf.generation === generation;
    const W = madeSymmetric(() => (kept ? this.last!.withValues(values)
      : new BlockSparseMatrix(rows, this.rowPtr.subarray(0, rows + 1), this.colIdx.subarray(0, nnz), values)));
    this.last = W;
    return { W, q: this.q.subarray(0, 3 * rows) };
  }

  /**
   * Whether the block rows pair the same bodies, in the same order, as at the last pattern: then
   * bodyStart, bodyEntry, rowPtr and colIdx (which depend on nothing else, `free` being fixed)
   * are still right, and W keeps the last one's checked pattern. In a settled bed most steps
   * find the contacts of the step before. Otherwise the rows' bodies are remembered for the next
   * step. A torque row's bodies are its contact's.
   */
  private samePairs(set: ContactSet, torque: TorqueRows | undefined): boolean {
    const nc = set.count, np = torque?.count ?? 0, rows = nc + np;
    let same = rows === this.pairCount && this.last !== undefined;
    for (let a = 0; a < nc && same; a++) same = set.bodyA[a] === this.pairA[a] && set.bodyB[a] === this.pairB[a];
    for (let p = 0; p < np && same; p++) {
      const c = torque!.contact[p];
      same = set.bodyA[c] === this.pairA[nc + p] && set.bodyB[c] === this.pairB[nc + p];
    }
    if (same) return true;
    this.buf.ensure({ pairA: rows, pairB: rows });
    this.pairA.set(set.bodyA.subarray(0, nc));
    this.pairB.set(set.bodyB.subarray(0, nc));
    for (let p = 0; p < np; p++) {
      const c = torque!.contact[p];
      this.pairA[nc + p] = set.bodyA[c];
      this.pairB[nc + p] = set.bodyB[c];
    }
    this.pairCount = rows;
    return false;
  }

  /**
   * H_iα for both sides of every block row: Kinematics.contactOperator for a contact,
   * angularOperator in the frame (t1, t2, n) for a torque row.
   */
  private operators(set: ContactSet, rows: number): void {
    const { bodies } = this;
    const nc = set.count;
    let size = 0;
    for (let a = 0; a < rows; a++) size += 3 * (bodies.dofs[this.pairA[a]] + bodies.dofs[this.pairB[a]]);
    this.buf.ensure({ hOffset: 2 * rows + 1, H: size, G: size });
    // Views after the last ensure (an ensure may lay the arrays out anew).
    const { H, scratch, pairA, pairB } = this, off = this.hOffset;
    off[0] = 0;
    for (let a = 0; a < rows; a++) {
      off[2 * a + 1] = off[2 * a] + 3 * bodies.dofs[pairA[a]];
      off[2 * a + 2] = off[2 * a + 1] + 3 * bodies.dofs[pairB[a]];
    }
    for (let e = 0; e < 2 * rows; e++) {
      const a = e >> 1;
      const body = e & 1 ? pairB[a] : pairA[a];
      if (a < nc) bodies.kin[body].contactOperator(bodies.local[body], set.point, 3 * a, set.frame, 9 * a, scratch);
      else torqueOperator(bodies, body, this.torqueFrame, 9 * (a - nc), scratch);
      const o = off[e], n = 3 * bodies.dofs[body];
      for (let k = 0; k < n; k++) H[o + k] = scratch[k];
    }
  }

  /**
   * q_α = H_Aα b_A − H_Bα b_B for every block row, and U_N at the step start per contact (for
   * `addBias`; a torque row has none).
   */
  private freeVelocity(b: Float64Array, nc: number, rows: number): void {
    const { bodies, H, hOffset, pairA, pairB } = this;
    this.q = growF64(this.q, 3 * rows);
    this.startUN = growF64(this.startUN, nc);
    const q = this.q;
    for (let a = 0; a < rows; a++) {
      let startUN = 0;
      q[3 * a] = q[3 * a + 1] = q[3 * a + 2] = 0;
      for (let side = 0; side < 2; side++) {
        const body = side ? pairB[a] : pairA[a];
        const s = side ? -1 : 1;
        const dofs = bodies.dofs[body], o = hOffset[2 * a + side], bo = bodies.offset[body];
        const u = bodies.kin[body].velocity(bodies.local[body]);
        // Four sums side by side, each over d in order (the same numbers as one after another).
        let q0 = 0, q1 = 0, q2 = 0, un = 0;
        for (let d = 0; d < dofs; d++) {
          const bd = b[bo + d], h0 = H[o + d];
          q0 += h0 * bd;
          q1 += H[o + dofs + d] * bd;
          q2 += H[o + 2 * dofs + d] * bd;
          un += h0 * u[d];
        }
        q[3 * a] += s * q0;
        q[3 * a + 1] += s * q1;
        q[3 * a + 2] += s * q2;
        startUN += s * un;
      }
      if (a < nc) this.startUN[a] = startUN;
    }
  }

  /**
   * q_N += bias(gap, U_N at the step start, h, restitution, B_N) for every contact of the last
   * assembly: the impact law, on the gaps given (the detected ones, or those after a position
   * correction). `restitution` per contact, NaN where the scene gives none.
   */
  addBias(gap: Float64Array, h: number, bias: NormalBias, restitution: Float64Array): void {
    const { q, startUN } = this;
    for (let a = 0; a < this.count; a++) {
      const e = restitution[a];
      q[3 * a] += bias(gap[a], startUN[a], h, Number.isNaN(e) ? undefined : e, q[3 * a]);
    }
  }

  /** Counting pass: the block rows of every free body, as entries 2α + side. */
  private bodyContacts(rows: number): void {
    const { bodies } = this;
    const nb = bodies.count;
    let entries = 0;
    for (let a = 0; a < rows; a++) entries += bodies.free[this.pairA[a]] + bodies.free[this.pairB[a]];
    this.buf.ensure({ bodyEntry: entries });
    // Views after the ensure (it may lay the arrays out anew).
    const { pairA, pairB } = this, start = this.bodyStart, fill = this.bodyEntry;
    start.fill(0);
    for (let a = 0; a < rows; a++) {
      if (bodies.free[pairA[a]]) start[pairA[a] + 1]++;
      if (bodies.free[pairB[a]]) start[pairB[a] + 1]++;
    }
    for (let i = 0; i < nb; i++) start[i + 1] += start[i];
    // start[i] is used as the fill cursor of body i, then shifted back.
    for (let a = 0; a < rows; a++) {
      const A = pairA[a], B = pairB[a];
      if (bodies.free[A]) fill[start[A]++] = 2 * a;
      if (bodies.free[B]) fill[start[B]++] = 2 * a + 1;
    }
    for (let i = nb; i > 0; i--) start[i] = start[i - 1];
    start[0] = 0;
  }

  /** G_iα rows: A_i⁻¹ applied to each row of H_iα (A symmetric), free bodies only. */
  private inverseOperators(): void {
    const { bodies, H, G, hOffset, bodyStart, bodyEntry } = this;
    for (let i = 0; i < bodies.count; i++) {
      const dofs = bodies.dofs[i], kin = bodies.kin[i], local = bodies.local[i];
      for (let k = bodyStart[i]; k < bodyStart[i + 1]; k++) {
        const o = hOffset[bodyEntry[k]];
        for (let r = 0; r < 3; r++) kin.applyInverse(local, H, o + r * dofs, G, o + r * dofs);
      }
    }
  }

  /**
   * The BSR pattern: row α holds the block rows sharing a free body with α, i.e. the
   * sorted union of its (at most two) free bodies' row lists; the diagonal is in
   * it because α is in its own bodies' lists (the detector never pairs two bodies
   * without unknowns; the engine checks that).
   */
  private pattern(rows: number): void {
    this.buf.ensure({ rowPtr: rows + 1 });
    let rowPtr = this.rowPtr;
    rowPtr[0] = 0;
    for (let a = 0; a < rows; a++) rowPtr[a + 1] = rowPtr[a] + this.mergeRow(a, null, 0);
    this.buf.ensure({ colIdx: rowPtr[rows] });
    // Views after the ensure (it may lay the arrays out anew).
    rowPtr = this.rowPtr;
    const colIdx = this.colIdx;
    for (let a = 0; a < rows; a++) this.mergeRow(a, colIdx, rowPtr[a]);
  }

  /** Merges the two bodies' sorted row lists of row α; writes them to out at o when given; returns the count. */
  private mergeRow(a: number, out: Int32Array | null, o: number): number {
    const { bodies, bodyStart, bodyEntry } = this;
    const A = this.pairA[a], B = this.pairB[a];
    let i = bodies.free[A] ? bodyStart[A] : 0, iEnd = bodies.free[A] ? bodyStart[A + 1] : 0;
    let j = bodies.free[B] ? bodyStart[B] : 0, jEnd = bodies.free[B] ? bodyStart[B + 1] : 0;
    let n = 0;
    while (i < iEnd || j < jEnd) {
      const x = i < iEnd ? bodyEntry[i] >> 1 : 0x7fffffff;
      const y = j < jEnd ? bodyEntry[j] >> 1 : 0x7fffffff;
      const c = x < y ? x : y;
      if (x === c) i++;
      if (y === c) j++;
      if (out) out[o + n] = c;
      n++;
    }
    return n;
  }

  /**
   * W blocks, per free body: the upper triangle of its k × k blocks accumulated, then the lower
   * one mirrored from it (`mirror`; each lower entry is the same sum of the same terms as its
   * transpose, so mirroring after is the same to the bit as accumulating both). Nine
   * accumulators over the body's dofs read each H and G entry once (about 3× faster than one
   * dot product per entry, measured on 9440 contacts). A block sums over the free bodies its
   * two rows share (at most two, met in body order): the first writes it, as 0 + term (the
   * sign of a zeroed block's sum), a later one adds, so no pass zeroes W first (W is 90 MB
   * at 145,000 contacts). Summed by core's WebAssembly kernel on the buffers' own memory where it
   * runs (the same operations in the same order, so the same bits; 2.3× faster on the
   * 64,000-sphere bed, docs/results/scale.md), in TypeScript otherwise.
   */
  private blocks(rows: number): void {
    const { buf } = this;
    buf.ensure({ values: 9 * this.rowPtr[rows], cursor: rows });
    const kernel = buf.kernel;
    if (kernel) {
      // The same loops in WebAssembly (core's kernel module), on this memory: the same bits.
      buf.views.free.set(this.bodies.free);
      const at = (s: AssemblySlot) => buf.address(s);
      kernel.assemblyBlocks(this.bodies.count, at('bodyStart'), at('bodyEntry'), at('hOffset'), at('pairA'), at('pairB'),
        at('free'), at('dofs'), at('rowPtr'), at('colIdx'), at('H'), at('G'), at('values'));
      kernel.assemblyMirror(rows, at('rowPtr'), at('colIdx'), at('values'), at('cursor'));
      return;
    }
    this.blocksInTypeScript();
    this.mirror(rows);
  }

  /** `blocks` in TypeScript, where WebAssembly is missing. */
  private blocksInTypeScript(): void {
    const { bodies, H, G, bodyStart, bodyEntry, rowPtr, colIdx, hOffset, pairA, pairB, values } = this;
    for (let i = 0; i < bodies.count; i++) {
      const n = bodies.dofs[i], n2 = 2 * n;
      for (let x = bodyStart[i]; x < bodyStart[i + 1]; x++) {
        const ea = bodyEntry[x], a = ea >> 1, sa = ea & 1 ? -1 : 1, ha = hOffset[ea];
        // Row α's other body; if free and before i, it has written the blocks it shares with i.
        const other = ea & 1 ? pairA[a] : pairB[a];
        const otherBefore = bodies.free[other] === 1 && other < i;
        let p = rowPtr[a];
        for (let y = x; y < bodyStart[i + 1]; y++) {
          const eb = bodyEntry[y], b = eb >> 1, gb = hOffset[eb];
          const f = sa * (eb & 1 ? -1 : 1);
          while (colIdx[p] < b) p++;
          let a00 = 0, a01 = 0, a02 = 0, a10 = 0, a11 = 0, a12 = 0, a20 = 0, a21 = 0, a22 = 0;
          for (let d = 0; d < n; d++) {
            const h0 = H[ha + d], h1 = H[ha + n + d], h2 = H[ha + n2 + d];
            const g0 = G[gb + d], g1 = G[gb + n + d], g2 = G[gb + n2 + d];
            a00 += h0 * g0; a01 += h0 * g1; a02 += h0 * g2;
            a10 += h1 * g0; a11 += h1 * g1; a12 += h1 * g2;
            a20 += h2 * g0; a21 += h2 * g1; a22 += h2 * g2;
          }
          // The diagonal block is symmetric: its lower half is its upper half, to the bit.
          if (b === a) { a10 = a01; a20 = a02; a21 = a12; }
          const o = 9 * p;
          if (otherBefore && (other === pairA[b] || other === pairB[b])) {
            values[o] += f * a00; values[o + 1] += f * a01; values[o + 2] += f * a02;
            values[o + 3] += f * a10; values[o + 4] += f * a11; values[o + 5] += f * a12;
            values[o + 6] += f * a20; values[o + 7] += f * a21; values[o + 8] += f * a22;
          } else {
            // The block's first term: 0 + x, as on a zeroed block (−0 becomes +0).
            values[o] = 0 + f * a00; values[o + 1] = 0 + f * a01; values[o + 2] = 0 + f * a02;
            values[o + 3] = 0 + f * a10; values[o + 4] = 0 + f * a11; values[o + 5] = 0 + f * a12;
            values[o + 6] = 0 + f * a20; values[o + 7] = 0 + f * a21; values[o + 8] = 0 + f * a22;
          }
        }
      }
    }
  }

  /**
   * Block (b, a), a < b, ← (block (a, b))ᵀ. The pattern is symmetric, so the blocks below the
   * diagonal of column a, met row by row, are those right of the diagonal of row a in column
   * order: one cursor per row finds each without a search.
   */
  private mirror(rows: number): void {
    const { rowPtr, colIdx, values } = this, cursor = this.buf.views.cursor;
    for (let a = 0; a < rows; a++) {
      let k = rowPtr[a];
      while (colIdx[k] < a) k++;
      cursor[a] = k + 1;
    }
    for (let b = 0; b < rows; b++) {
      for (let k = rowPtr[b]; k < rowPtr[b + 1]; k++) {
        const a = colIdx[k];
        if (a >= b) break;
        const t = 9 * k, u = 9 * cursor[a]++;
        values[t] = values[u]; values[t + 1] = values[u + 3]; values[t + 2] = values[u + 6];
        values[t + 3] = values[u + 1]; values[t + 4] = values[u + 4]; values[t + 5] = values[u + 7];
        values[t + 6] = values[u + 2]; values[t + 7] = values[u + 5]; values[t + 8] = values[u + 8];
      }
    }
  }

  /**
   * u_i = b_i + A_i⁻¹ Σ_α s_iα H_iαᵀ r_α for every free body (through the stored G),
   * u_i = b_i without contacts. Bodies without unknowns keep their prescribed velocity.
   */
  applyReactions(r: Float64Array, b: Float64Array): void {
    const { bodies } = this;
    for (let i = 0; i < bodies.count; i++) {
      if (!bodies.free[i]) continue;
      const dofs = bodies.dofs[i], bo = bodies.offset[i];
      const u = bodies.kin[i].velocity(bodies.local[i]);
      for (let d = 0; d < dofs; d++) u[d] = b[bo + d];
      if (this.rows > 0) this.accumulate(i, r, 3, u, 0);
    }
  }

  /**
   * Δq_i = A_i⁻¹ Σ_α s_iα H_iα,Nᵀ p_α for every free body, into out at the body's offset (0 for the
   * others): the displacement of normal impulses p, one per contact of the last assembly.
   */
  normalDisplacement(p: Float64Array, out: Float64Array): void {
    const { bodies } = this;
    for (let i = 0; i < bodies.count; i++) {
      const dofs = bodies.dofs[i], bo = bodies.offset[i];
      out.fill(0, bo, bo + dofs);
      if (bodies.free[i]) this.accumulate(i, p, 1, out, bo);
    }
  }

  /**
   * out[o..o+dofs) += Σ_α s_iα G_iαᵀ r_α over body i's block rows; r has `stride` entries per row,
   * the normal first (stride 1: normal only, one per contact: torque rows, which come after the
   * contacts in each body's list, are left out).
   */
  private accumulate(i: number, r: Float64Array, stride: 1 | 3, out: Float64Array, o: number): void {
    const { G, hOffset, bodyStart, bodyEntry, bodies } = this;
    const dofs = bodies.dofs[i];
    for (let k = bodyStart[i]; k < bodyStart[i + 1]; k++) {
      const e = bodyEntry[k], a = e >> 1, g = hOffset[e];
      const f = e & 1 ? -1 : 1;
      if (stride === 1) {
        if (a >= this.count) break;
        const r0 = r[a];
        for (let d = 0; d < dofs; d++) out[o + d] += f * (G[g + d] * r0);
      } else {
        const r0 = r[3 * a], r1 = r[3 * a + 1], r2 = r[3 * a + 2];
        for (let d = 0; d < dofs; d++) out[o + d] += f * (G[g + d] * r0 + G[g + dofs + d] * r1 + G[g + 2 * dofs + d] * r2);
      }
    }
  }
}
