import { siconosErrorOf, type FrictionContactProblem } from '@moreau/core/kernels';
import type { SlidingSolver } from './sliding-solver.js';
import { SWEEP_WASM_BASE64 } from './wasm-sweep-bytes.js';

/** The exports of assembly/sweep.ts; pointers are byte addresses in the instance's memory. */
interface SweepExports {
  memory: WebAssembly.Memory;
  separated: WebAssembly.Global; sticking: WebAssembly.Global; sliding: WebAssembly.Global; failed: WebAssembly.Global;
  change2: WebAssembly.Global;
  layout(values: number, diag: number, lu: number, perm: number, luOk: number, colPtr: number, colRow: number,
    colVal: number, mu: number, r: number, u: number, order: number, slide: number): void;
  setOptions(tolerance: number, maxIterations: number): void;
  resetCounts(): void;
  sweepUpdating(nc: number, omega: number, reverse: number): number;
  layoutHistory(dF: number, dG: number, dU: number, fPrev: number, gPrev: number, uPrev: number, x: number, row: number, rhs: number, gamma: number): void;
  mixRecord(n: number, slot: number, m: number): number;
  mixExtrapolate(n: number, m: number): number;
  layoutScreen(q: number, e: number, winv: number): void;
  siconosError(nc: number): number;
  energyScreen(nc: number, bound: number, floor: number): number;
  residual(r0: number, r1: number, r2: number, u0: number, u1: number, u2: number, q0: number, q1: number, q2: number, mu: number): number;
}

/** `energyScreen`'s answer where the merit's sums need rescaling: core's merit must evaluate. */
export const ENERGY_RESCALE = -2;

const PAGE = 65_536;
/** A 32-bit memory addresses at most 65,536 pages (4 GiB). */
const MAX_PAGES = 65_536;
/** Doubles of the slide hand-off area: q̂, the previous r, the stick candidate, μ in; r out. */
const SLIDE_DOUBLES = 13;

let compiled: WebAssembly.Module | null | undefined;

/** The kernel module, compiled once per process; null where this runtime has no WebAssembly. */
function kernelModule(): WebAssembly.Module | null {
  if (compiled !== undefined) return compiled;
  try {
    const text = atob(SWEEP_WASM_BASE64);
    const bytes = new Uint8Array(text.length);
    for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
    compiled = typeof WebAssembly === 'object' && WebAssembly.validate(bytes) ? new WebAssembly.Module(bytes) : null;
  } catch {
    compiled = null;
  }
  return compiled;
}

/** Whether the WebAssembly sweep can run here; false means the TypeScript sweep runs. */
export function wasmSweepAvailable(): boolean {
  return kernelModule() !== null;
}

/**
 * The Gauss–Seidel sweep of `Sweeper.sweepUpdating` in WebAssembly (assembly/sweep.ts), the
 * same operations in the same order, so the same bits. One instance, with its own memory,
 * per Sweeper. `load` copies one problem's W, its factored diagonal blocks and its block
 * columns in; `sweep` copies r, u and the order in, sweeps, and copies r and u back (a few
 * doubles per contact, against a local solve per contact). The rare cases the kernel hands
 * back (a sliding contact Newton from the previous slip does not solve; sums of squares
 * outside the plainly computed range) run the TypeScript code: `slider` and core's merit.
 */
export class WasmSweep {
  /** Outcome counts and ‖Δr‖² of the last sweep. */
  separated = 0;
  sticking = 0;
  sliding = 0;
  failed = 0;
  change2 = 0;

  private readonly ex: SweepExports;
  private values: Float64Array = new Float64Array(0);
  private diagIdx: Int32Array = new Int32Array(0);
  private contacts = 0;
  private r = new Float64Array(0);
  private u = new Float64Array(0);
  private order = new Int32Array(0);
  private slide = new Float64Array(0);
  private x = new Float64Array(0);
  private row = new Float64Array(0);
  private rhs = new Float64Array(0);
  private gamma = new Float64Array(0);
  // Scratch of the scaled residual (core's siconosErrorOf on one contact).
  private readonly q3 = new Float64Array(3);
  private readonly r3 = new Float64Array(3);
  private readonly u3 = new Float64Array(3);
  private readonly mu1 = new Float64Array(1);
  private readonly e3 = new Float64Array(3);
  private readonly x3 = new Float64Array(3);

  /** @throws when the runtime has no WebAssembly (check `wasmSweepAvailable` first) */
  constructor(private readonly slider: SlidingSolver, tolerance: number, maxIterations: number) {
    const module = kernelModule();
    if (module === null) throw new Error('WasmSweep: this runtime has no WebAssembly');
    const instance = new WebAssembly.Instance(module, {
      sweep: {
        slideRest: (a: number): number => this.slideRest(a),
        residualScaled: (r0: number, r1: number, r2: number, u0: number, u1: number, u2: number, q0: number, q1: number, q2: number, mu: number): number =>
          this.residualScaled(r0, r1, r2, u0, u1, u2, q0, q1, q2, mu),
        hypot: Math.hypot,
      },
    });
    this.ex = instance.exports as unknown as SweepExports;
    this.ex.setOptions(tolerance, maxIterations);
  }

  /**
   * Copies one problem in: W's values and diagonal indices, the diagonal blocks' LU factors
   * (lu3's layout), W by block columns (Sweeper's layout), μ; with `depth` > 0, room for an
   * Anderson history of that depth (`mixRecord`, `mixExtrapolate`).
   * @returns false when the memory cannot hold the problem (the caller sweeps in TypeScript)
   */
  load(problem: FrictionContactProblem, lu: Float64Array, perm: Uint8Array, luOk: Uint8Array,
    colPtr: Int32Array, colRow: Int32Array, colVal: Float64Array, depth: number): boolean {
    const nc = problem.contacts, W = problem.W, blocks = W.rowPtr[nc];
    let at = 0;
    // 16-byte aligned regions, doubles first.
    const take = (bytes: number): number => { const p = at; at += Math.ceil(bytes / 16) * 16; return p; };
    const pValues = take(72 * blocks), pColVal = take(72 * blocks), pLu = take(72 * nc), pMu = take(8 * nc);
    const pR = take(24 * nc), pU = take(24 * nc), pSlide = take(8 * SLIDE_DOUBLES);
    const n = 3 * nc, pDF = take(8 * depth * n), pDG = take(8 * depth * n), pDU = take(8 * depth * n);
    const pFPrev = take(8 * n), pGPrev = take(8 * n), pUPrev = take(8 * n), pX = take(8 * n);
    const pRow = take(8 * depth), pRhs = take(8 * depth), pGamma = take(8 * depth);
    const pQ = take(8 * n), pE = take(8 * n), pWinv = take(72 * nc);
    const pDiag = take(4 * nc), pColPtr = take(4 * (nc + 1)), pColRow = take(4 * blocks), pOrder = take(4 * nc);
    const pPerm = take(3 * nc), pLuOk = take(nc);
    const memory = this.ex.memory;
    const pages = Math.ceil(at / PAGE);
    if (pages > MAX_PAGES) return false;
    const have = memory.buffer.byteLength / PAGE;
    if (pages > have) {
      try {
        memory.grow(pages - have);
      } catch {
        return false;
      }
    }
    const b = memory.buffer;
    new Float64Array(b, pValues, 9 * blocks).set(W.values.subarray(0, 9 * blocks));
    new Float64Array(b, pColVal, 9 * blocks).set(colVal.subarray(0, 9 * blocks));
    new Float64Array(b, pLu, 9 * nc).set(lu.subarray(0, 9 * nc));
    new Float64Array(b, pMu, nc).set(problem.mu.subarray(0, nc));
    new Float64Array(b, pQ, n).set(problem.q.subarray(0, n));
    new Int32Array(b, pDiag, nc).set(W.diagIdx.subarray(0, nc));
    new Int32Array(b, pColPtr, nc + 1).set(colPtr.subarray(0, nc + 1));
    new Int32Array(b, pColRow, blocks).set(colRow.subarray(0, blocks));
    new Uint8Array(b, pPerm, 3 * nc).set(perm.subarray(0, 3 * nc));
    new Uint8Array(b, pLuOk, nc).set(luOk.subarray(0, nc));
    this.r = new Float64Array(b, pR, 3 * nc);
    this.u = new Float64Array(b, pU, 3 * nc);
    this.order = new Int32Array(b, pOrder, nc);
    this.slide = new Float64Array(b, pSlide, SLIDE_DOUBLES);
    this.x = new Float64Array(b, pX, n);
    this.row = new Float64Array(b, pRow, depth);
    this.rhs = new Float64Array(b, pRhs, depth);
    this.gamma = new Float64Array(b, pGamma, depth);
    this.ex.layout(pValues, pDiag, pLu, pPerm, pLuOk, pColPtr, pColRow, pColVal, pMu, pR, pU, pOrder, pSlide);
    this.ex.layoutHistory(pDF, pDG, pDU, pFPrev, pGPrev, pUPrev, pX, pRow, pRhs, pGamma);
    this.ex.layoutScreen(pQ, pE, pWinv);
    this.values = W.values;
    this.diagIdx = W.diagIdx;
    this.contacts = nc;
    return true;
  }

  /**
   * One sweep of the loaded problem, as `Sweeper.sweepUpdating`: r and u updated in place.
   * @returns false when a local answer was not finite (the sweep stopped before writing it)
   */
  sweep(r: Float64Array, u: Float64Array, omega: number, order: Int32Array, reverse: boolean): boolean {
    const ex = this.ex, nc = this.contacts;
    this.r.set(r.subarray(0, 3 * nc));
    this.u.set(u.subarray(0, 3 * nc));
    this.order.set(order.subarray(0, nc));
    ex.resetCounts();
    const ok = ex.sweepUpdating(nc, omega, reverse ? 1 : 0) === 1;
    r.set(this.r);
    u.set(this.u);
    this.separated = ex.separated.value as number;
    this.sticking = ex.sticking.value as number;
    this.sliding = ex.sliding.value as number;
    this.failed = ex.failed.value as number;
    this.change2 = ex.change2.value as number;
    return ok;
  }

  /**
   * AndersonMixer's first pass on the kernel's history (anderson.ts, `MixPasses`): x, r and u
   * copied in, the new differences into `slot`, row and rhs (m entries) copied out.
   * @returns ‖r − x‖²
   */
  mixRecord(x: Float64Array, r: Float64Array, u: Float64Array, slot: number, m: number, row: Float64Array, rhs: Float64Array): number {
    const n = 3 * this.contacts;
    this.x.set(x.subarray(0, n));
    this.r.set(r.subarray(0, n));
    this.u.set(u.subarray(0, n));
    const norm2 = this.ex.mixRecord(n, slot, m);
    row.set(this.row.subarray(0, m));
    rhs.set(this.rhs.subarray(0, m));
    return norm2;
  }

  /**
   * AndersonMixer's second pass: r and u (as left by `mixRecord`) extrapolated with γ's first
   * m entries, projected, and copied out into r and u.
   * @returns the contacts the projection moved
   */
  mixExtrapolate(r: Float64Array, u: Float64Array, gamma: Float64Array, m: number): number {
    this.gamma.set(gamma.subarray(0, m));
    const projected = this.ex.mixExtrapolate(3 * this.contacts, m);
    r.set(this.r);
    u.set(this.u);
    return projected;
  }

  /**
   * The siconos error of r with u taken as given (core's `siconosErrorAt`, to the bit) on the
   * loaded problem: Gauss–Seidel's stopping screen (screen.ts), r and u copied in.
   */
  siconosError(r: Float64Array, u: Float64Array): number {
    const n = 3 * this.contacts;
    this.r.set(r.subarray(0, n));
    this.u.set(u.subarray(0, n));
    return this.ex.siconosError(this.contacts);
  }

  /**
   * The energy merit with u taken as given, or MERIT_ABOVE once a partial sum proves it above
   * `bound` (core's `EnergyMerit.evaluateUnlessAbove` with that `floor`, to the bit), on the
   * loaded problem, r and u copied in. `ENERGY_RESCALE` where the sums need core's rescaled form.
   */
  energyScreen(r: Float64Array, u: Float64Array, bound: number, floor: number): number {
    const n = 3 * this.contacts;
    this.r.set(r.subarray(0, n));
    this.u.set(u.subarray(0, n));
    return this.ex.energyScreen(this.contacts, bound, floor);
  }

  /** One contact's relative natural-map residual as the kernel computes it (residual.ts's, to the bit). */
  residual(r0: number, r1: number, r2: number, u0: number, u1: number, u2: number, q0: number, q1: number, q2: number, mu: number): number {
    return this.ex.residual(r0, r1, r2, u0, u1, u2, q0, q1, q2, mu);
  }

  /** The whole sliding solve of contact a in TypeScript, from the inputs the kernel left in the hand-off area. */
  private slideRest(a: number): number {
    const h = this.slide, slider = this.slider;
    slider.input.set(h.subarray(0, 10));
    const ok = slider.solve(this.values, 9 * this.diagIdx[a]);
    h[10] = slider.r[0]; h[11] = slider.r[1]; h[12] = slider.r[2];
    return ok ? 1 : 0;
  }

  /** residual.ts's fallback: core's merit on one contact, for sums of squares it rescales. */
  private residualScaled(r0: number, r1: number, r2: number, u0: number, u1: number, u2: number, q0: number, q1: number, q2: number, mu: number): number {
    const { q3, r3, u3, mu1 } = this;
    q3[0] = q0; q3[1] = q1; q3[2] = q2;
    r3[0] = r0; r3[1] = r1; r3[2] = r2;
    u3[0] = u0; u3[1] = u1; u3[2] = u2;
    mu1[0] = mu;
    return siconosErrorOf(q3, mu1, r3, u3, this.e3, this.x3);
  }
}
