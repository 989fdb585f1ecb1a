import { growF64, type FrictionContactProblem } from '@moreau/core/kernels';
import { KernelHost, SLIDE_DOUBLES } from './kernel-host.js';
import type { SlidingSolver } from './sliding-solver.js';
import { SweepTeam, type SpanOutcome } from './sweep-team.js';
import { SWEEP_WASM_BASE64, SWEEP_WASM_SHARED_BASE64 } from './wasm-sweep-bytes.js';
import type { SweepPartition } from './partition.js';
import type { DominantBuffers } from './dominant-mode.js';

/** The exports of assembly/sweep.ts; pointers are byte addresses in the instance's memory. */
interface SweepExports {
  memory: WebAssembly.Memory;
  separated: WebAssembly.Global; sticking: WebAssembly.Global; sliding: WebAssembly.Global; failed: WebAssembly.Global;
  change2: WebAssembly.Global;
  layout(diagonal: number, lu: number, perm: number, luOk: number, colPtr: number, colRow: number,
    colVal: number, mu: number, r: number, u: number, order: number, slide: number): void;
  setOptions(tolerance: number, maxIterations: number): void;
  resetCounts(): void;
  sweepUpdating(nc: number, omega: number, reverse: number): number;
  sweepSpan(from: number, to: number, omega: number): number;
  layoutHistory(dF: number, dG: number, dU: number, fPrev: number, gPrev: number, uPrev: number, x: number, row: number, rhs: number, gamma: number): void;
  mixRecord(n: number, slot: number, m: number): number;
  mixExtrapolate(n: number, m: number): number;
  mixExtrapolateSpan(n: number, m: number, from: number, to: number): number;
  layoutScreen(q: number, e: number, winv: number): void;
  siconosError(nc: number): number;
  energyScreen(nc: number, bound: number, floor: number): number;
  product(nc: number, out: number): void;
  residual(r0: number, r1: number, r2: number, u0: number, u1: number, u2: number, q0: number, q1: number, q2: number, mu: number): number;
  dotOlder: WebAssembly.Global; dotLast: WebAssembly.Global; dotBoth: WebAssembly.Global;
  layoutDominant(earlier: number, before: number, uBefore: number): void;
  dominantSums(n: number): void;
  dominantStep(n: number, t: number): number;
}

/** `energyScreen`'s answer where the merit's sums need rescaling: core's merit must evaluate. */
export const ENERGY_RESCALE = -2;

const PAGE = 65_536;
/** A 32-bit memory addresses at most 65,536 pages (4 GiB); the shared build declares this maximum. */
const MAX_PAGES = 65_536;

const compiled: { own?: WebAssembly.Module | null; shared?: WebAssembly.Module | null } = {};

/** Compiles base64 bytes; null where this runtime has no WebAssembly or cannot take the module. */
function compile(base64: string): WebAssembly.Module | null {
  try {
    const text = atob(base64);
    const bytes = new Uint8Array(text.length);
    for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
    return typeof WebAssembly === 'object' && WebAssembly.validate(bytes) ? new WebAssembly.Module(bytes) : null;
  } catch {
    return null;
  }
}

/**
 * The kernel module, compiled once per process; null where this runtime has no WebAssembly.
 * `shared`: the build on an imported shared memory (null also where SharedArrayBuffer is missing).
 */
function kernelModule(shared = false): WebAssembly.Module | null {
  if (!shared) return compiled.own ??= compile(SWEEP_WASM_BASE64);
  return compiled.shared ??= typeof SharedArrayBuffer === 'function' ? compile(SWEEP_WASM_SHARED_BASE64) : null;
}

/** Whether the WebAssembly sweep can run here; false means the TypeScript sweep runs. */
export function wasmSweepAvailable(): boolean {
  return kernelModule() !== null;
}

/** `a` copied into the kernel's `view` (as many entries as the view holds), unless `a` is the view: a solve on the resident arrays. */
function copyIn(view: Float64Array, a: Float64Array): void {
  if (a !== view) view.set(a.subarray(0, view.length));
}

/** The kernel's `view` copied out into `a`, unless `a` is the view. */
function copyOut(view: Float64Array, a: Float64Array): void {
  if (a !== view) a.set(view);
}

/**
 * The Gauss–Seidel sweep of `Sweeper.sweepUpdating` in WebAssembly (assembly/sweep.ts), the
 * same operations in the same order, so the same bits. One instance, with its own memory,
 * per Sweeper. `load` copies one problem's diagonal blocks of W, their factors and W's block
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
  private readonly memory: WebAssembly.Memory;
  private readonly host: KernelHost;
  // The shared build's module, for the team's worker; the team once started (see `sweepParts`).
  private readonly sharedModule: WebAssembly.Module | undefined;
  private team: SweepTeam | undefined;
  private teamLayout: number[] = [];
  // The loaded problem's partition (`partition`), whose order the order buffer holds while it is set.
  private parts: SweepPartition | undefined;
  private contacts = 0;
  private r = new Float64Array(0);
  private u = new Float64Array(0);
  /** The kept u while `energyAt` sums at another. */
  private keptU: Float64Array = new Float64Array(0);
  /** W r + q made afresh by `product` (not the kept u), and where it and the kept u lie. */
  private exactU = new Float64Array(0);
  private at = { u: 0, exact: 0 };
  private order = new Int32Array(0);
  private x = new Float64Array(0);
  private row = new Float64Array(0);
  private rhs = new Float64Array(0);
  private gamma = new Float64Array(0);
  private dominant: DominantBuffers | undefined;

  /**
   * `shared`: on the shared-memory build where the runtime can make one, so that `sweepParts`
   * can hand a part to a second thread (otherwise the main thread sweeps both parts).
   * @throws when the runtime has no WebAssembly (check `wasmSweepAvailable` first)
   */
  constructor(slider: SlidingSolver, private readonly tolerance: number, private readonly maxIterations: number, shared = false) {
    const sharedModule = shared ? kernelModule(true) ?? undefined : undefined;
    const module = sharedModule ?? kernelModule();
    if (module === null) throw new Error('WasmSweep: this runtime has no WebAssembly');
    this.host = new KernelHost(slider);
    let memory: WebAssembly.Memory | undefined;
    if (sharedModule !== undefined) memory = new WebAssembly.Memory({ initial: 1, maximum: MAX_PAGES, shared: true });
    const instance = new WebAssembly.Instance(module, this.host.imports(memory));
    this.ex = instance.exports as unknown as SweepExports;
    this.memory = memory ?? this.ex.memory;
    this.sharedModule = sharedModule;
    this.ex.setOptions(tolerance, maxIterations);
  }

  /**
   * Copies one problem in: W's diagonal blocks in contact order (the sweep reads no other
   * block of W's rows), their LU factors (lu3's layout), W by block columns (Sweeper's column
   * pattern: column position p holds W's block `colBlock[p]`, each block turned to be held by
   * columns: the kernel's SIMD column update reads two rows of a column as one pair), μ; with
   * `depth` > 0, room for an Anderson history of that depth (`mixRecord`, `mixExtrapolate`);
   * with `dominant`, for the dominant mode's three vectors (`dominantSums`, `dominantStep`).
   * @returns false when the memory cannot hold the problem (the caller sweeps in TypeScript)
   */
  load(problem: FrictionContactProblem, lu: Float64Array, perm: Uint8Array, luOk: Uint8Array,
    colPtr: Int32Array, colRow: Int32Array, colBlock: Int32Array, depth: number, dominant = false): boolean {
    const nc = problem.contacts, W = problem.W, blocks = W.rowPtr[nc];
    let at = 0;
    // 16-byte aligned regions, doubles first.
    const take = (bytes: number): number => { const p = at; at += Math.ceil(bytes / 16) * 16; return p; };
    const pDiagonal = take(72 * nc), pColVal = take(72 * blocks), pLu = take(72 * nc), pMu = take(8 * nc);
    const pR = take(24 * nc), pU = take(24 * nc), pSlide = take(8 * SLIDE_DOUBLES), pTeamSlide = take(8 * SLIDE_DOUBLES);
    const n = 3 * nc, pDF = take(8 * depth * n), pDG = take(8 * depth * n), pDU = take(8 * depth * n);
    const pFPrev = take(8 * n), pGPrev = take(8 * n), pUPrev = take(8 * n), pX = take(8 * n);
    const pRow = take(8 * depth), pRhs = take(8 * depth), pGamma = take(8 * depth);
    const pQ = take(8 * n), pE = take(8 * n), pWinv = take(72 * nc), pExact = take(8 * n);
    const dn = dominant ? n : 0, pEarlier = take(8 * dn), pBefore = take(8 * dn), pUBefore = take(8 * dn);
    const pColPtr = take(4 * (nc + 1)), pColRow = take(4 * blocks), pOrder = take(4 * nc);
    const pPerm = take(3 * nc), pLuOk = take(nc);
    const memory = this.memory;
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
    const values = W.values, diagIdx = W.diagIdx;
    const diagonal = new Float64Array(b, pDiagonal, 9 * nc);
    for (let a = 0; a < nc; a++) for (let i = 0, v = 9 * diagIdx[a]; i < 9; i++) diagonal[9 * a + i] = values[v + i];
    // Each block by columns, so the kernel's column update reads rows 0 and 1 as one SIMD pair.
    const cv = new Float64Array(b, pColVal, 9 * blocks);
    // Block column a of a W symmetric to the bit is block row a (same pattern, each block the
    // transpose of its mirror): its column layout is the values as they are, one copy instead of
    // a gather (74 → 13 ms at 145,000 contacts).
    if (W.symmetric) cv.set(values.subarray(0, 9 * blocks));
    else for (let p = 0; p < blocks; p++) {
      const k = 9 * p, v = 9 * colBlock[p];
      cv[k] = values[v]; cv[k + 1] = values[v + 3]; cv[k + 2] = values[v + 6];
      cv[k + 3] = values[v + 1]; cv[k + 4] = values[v + 4]; cv[k + 5] = values[v + 7];
      cv[k + 6] = values[v + 2]; cv[k + 7] = values[v + 5]; cv[k + 8] = values[v + 8];
    }
    new Float64Array(b, pLu, 9 * nc).set(lu.subarray(0, 9 * nc));
    new Float64Array(b, pMu, nc).set(problem.mu.subarray(0, nc));
    new Float64Array(b, pQ, n).set(problem.q.subarray(0, n));
    new Int32Array(b, pColPtr, nc + 1).set(colPtr.subarray(0, nc + 1));
    new Int32Array(b, pColRow, blocks).set(colRow.subarray(0, blocks));
    new Uint8Array(b, pPerm, 3 * nc).set(perm.subarray(0, 3 * nc));
    new Uint8Array(b, pLuOk, nc).set(luOk.subarray(0, nc));
    this.r = new Float64Array(b, pR, 3 * nc);
    this.u = new Float64Array(b, pU, 3 * nc);
    this.exactU = new Float64Array(b, pExact, n);
    this.at = { u: pU, exact: pExact };
    this.order = new Int32Array(b, pOrder, nc);
    this.x = new Float64Array(b, pX, n);
    this.row = new Float64Array(b, pRow, depth);
    this.rhs = new Float64Array(b, pRhs, depth);
    this.gamma = new Float64Array(b, pGamma, depth);
    this.ex.layout(pDiagonal, pLu, pPerm, pLuOk, pColPtr, pColRow, pColVal, pMu, pR, pU, pOrder, pSlide);
    this.ex.layoutHistory(pDF, pDG, pDU, pFPrev, pGPrev, pUPrev, pX, pRow, pRhs, pGamma);
    this.ex.layoutScreen(pQ, pE, pWinv);
    this.ex.layoutDominant(pEarlier, pBefore, pUBefore);
    this.dominant = dominant
      ? { earlier: new Float64Array(b, pEarlier, n), before: new Float64Array(b, pBefore, n), uBefore: new Float64Array(b, pUBefore, n) }
      : undefined;
    this.host.point(new Float64Array(b, pSlide, SLIDE_DOUBLES), diagonal);
    this.contacts = nc;
    this.parts = undefined;
    this.teamLayout = [pDiagonal, pLu, pPerm, pLuOk, pColPtr, pColRow, pColVal, pMu, pR, pU, pOrder, pTeamSlide, nc,
      pDF, pDG, pDU, pFPrev, pGPrev, pUPrev, pX, pRow, pRhs, pGamma];
    this.team?.layout(this.teamLayout);
    return true;
  }

  /**
   * One sweep of the loaded problem, as `Sweeper.sweepUpdating`: r and u updated in place.
   * @returns false when a local answer was not finite (the sweep stopped before writing it)
   */
  sweep(r: Float64Array, u: Float64Array, omega: number, order: Int32Array, reverse: boolean): boolean {
    const ex = this.ex, nc = this.contacts;
    copyIn(this.r, r);
    copyIn(this.u, u);
    this.order.set(order.subarray(0, nc));
    this.parts = undefined;
    ex.resetCounts();
    const ok = ex.sweepUpdating(nc, omega, reverse ? 1 : 0) === 1;
    copyOut(this.r, r);
    copyOut(this.u, u);
    this.separated = ex.separated.value as number;
    this.sticking = ex.sticking.value as number;
    this.sliding = ex.sliding.value as number;
    this.failed = ex.failed.value as number;
    this.change2 = ex.change2.value as number;
    return ok;
  }

  /**
   * Sweeps and extrapolations of the loaded problem in the partition's parts from now on
   * (`sweepParts`, `mixExtrapolate`), or in one part again (undefined).
   */
  partition(parts: SweepPartition | undefined): void {
    this.parts = parts;
    if (parts !== undefined) this.order.set(parts.order.subarray(0, this.contacts));
  }

  /** The team, started at the first partitioned task where the shared build runs, when its worker is ready. */
  private readyTeam(): SweepTeam | undefined {
    if (this.team === undefined && this.sharedModule !== undefined) {
      this.team = SweepTeam.start(this.sharedModule, this.memory, this.tolerance, this.maxIterations);
      this.team?.layout(this.teamLayout);
    }
    return this.team?.ready === true ? this.team : undefined;
  }

  /**
   * One sweep in the parts of `partition`: order[0, first) and order[first, first + second)
   * swept at once, the first by the team's worker where it runs (this thread sweeps it after the
   * second when there is none, or when the worker had not started it), then the rest (the
   * separator) unless a part broke down. ‖Δr‖² is summed as (first's + second's) + the separator's,
   * wherever each part ran, so the bits are the same with and without a second thread. r and
   * u updated in place, as by `sweep`.
   * @returns false when a local answer was not finite (its part stopped before writing it)
   */
  sweepParts(r: Float64Array, u: Float64Array, omega: number): boolean {
    const ex = this.ex, nc = this.contacts, { first, second } = this.parts!;
    copyIn(this.r, r);
    copyIn(this.u, u);
    const team = this.readyTeam();
    ex.resetCounts();
    team?.post(0, first, omega);
    const okSecond = ex.sweepSpan(first, first + second, omega) === 1;
    const changeSecond = ex.change2.value as number;
    // The first part here when no worker has it (none, or it had not started: taken back).
    let okFirst: boolean, changeFirst: number, extra: SpanOutcome | undefined;
    if (team === undefined || team.takeBack()) {
      okFirst = ex.sweepSpan(0, first, omega) === 1;
      changeFirst = ex.change2.value as number;
    } else {
      extra = team.wait();
      okFirst = extra.ok;
      changeFirst = extra.change2;
    }
    let change2 = changeFirst + changeSecond;
    let ok = okFirst && okSecond;
    if (ok) {
      ok = ex.sweepSpan(first + second, nc, omega) === 1;
      change2 += ex.change2.value as number;
    }
    return this.finishParts(r, u, change2, extra, ok);
  }

  /** r and u copied out, the counts of both threads and the summed ‖Δr‖² recorded. */
  private finishParts(r: Float64Array, u: Float64Array, change2: number, extra: SpanOutcome | undefined, ok: boolean): boolean {
    const ex = this.ex;
    copyOut(this.r, r);
    copyOut(this.u, u);
    this.separated = (ex.separated.value as number) + (extra?.separated ?? 0);
    this.sticking = (ex.sticking.value as number) + (extra?.sticking ?? 0);
    this.sliding = (ex.sliding.value as number) + (extra?.sliding ?? 0);
    this.failed = (ex.failed.value as number) + (extra?.failed ?? 0);
    this.change2 = change2;
    if (extra !== undefined) {
      this.host.slider.quarticUses += extra.quarticUses;
      this.host.slider.scanUses += extra.scanUses;
    }
    return ok;
  }

  /**
   * The kernel's own r, u and x (the iterate before a sweep, for the Anderson passes) of the
   * loaded problem, as views of its memory: a solve that works in them spares every copy in and
   * out (the methods here skip copying an array that is their own view). Valid until the next
   * `load`; an answer handed out of the solver must be copied out of them.
   */
  get resident(): { r: Float64Array; u: Float64Array; x: Float64Array; exact: Float64Array } {
    return { r: this.r, u: this.u, x: this.x, exact: this.exactU };
  }

  /**
   * u = W r + q on the kernel's r, into `out`: the kept u (made afresh), the kernel's own
   * `resident.exact`, or any other array (through that buffer). The kernel's `product`, from W's
   * block columns already loaded: core's `bsrMul` and the host's `+ q`, to the bit.
   * @returns out
   */
  product(out: Float64Array): Float64Array {
    if (out === this.u) {
      this.ex.product(this.contacts, this.at.u);
      return out;
    }
    this.ex.product(this.contacts, this.at.exact);
    if (out !== this.exactU) out.set(this.exactU);
    return out;
  }

  /** Whether the last `sweepParts` could hand a part to a second thread (a worker started and ready). */
  get teamReady(): boolean {
    return this.team?.ready === true;
  }

  /**
   * AndersonMixer's first pass on the kernel's history (anderson.ts, `MixPasses`): x, r and u
   * copied in, the new differences into `slot`, row and rhs (m entries) copied out.
   * @returns ‖r − x‖²
   */
  mixRecord(x: Float64Array, r: Float64Array, u: Float64Array, slot: number, m: number, row: Float64Array, rhs: Float64Array): number {
    const n = 3 * this.contacts;
    copyIn(this.x, x);
    copyIn(this.r, r);
    copyIn(this.u, u);
    const norm2 = this.ex.mixRecord(n, slot, m);
    row.set(this.row.subarray(0, m));
    rhs.set(this.rhs.subarray(0, m));
    return norm2;
  }

  /**
   * AndersonMixer's second pass: r and u (as left by `mixRecord`) extrapolated with γ's first
   * m entries, projected, and copied out into r and u. With a partition, contact by contact in
   * its order, the two parts at once as in `sweepParts` (the projection's column updates
   * reach the same rows a sweep's do), then the separator.
   * @returns the contacts the projection moved
   */
  mixExtrapolate(r: Float64Array, u: Float64Array, gamma: Float64Array, m: number): number {
    this.gamma.set(gamma.subarray(0, m));
    const n = 3 * this.contacts, parts = this.parts;
    let projected: number;
    if (parts === undefined) projected = this.ex.mixExtrapolate(n, m);
    else {
      const { first, second } = parts, team = this.readyTeam();
      team?.postExtrapolation(0, first, n, m);
      projected = this.ex.mixExtrapolateSpan(n, m, first, first + second);
      projected += team === undefined || team.takeBack() ? this.ex.mixExtrapolateSpan(n, m, 0, first) : team.waitProjected();
      projected += this.ex.mixExtrapolateSpan(n, m, first + second, this.contacts);
    }
    copyOut(this.r, r);
    copyOut(this.u, u);
    return projected;
  }

  /** The dominant mode's vectors in the kernel's memory, where `load` made room for them. */
  get dominantBuffers(): DominantBuffers | undefined {
    return this.dominant;
  }

  /** DominantMode's sums on the kernel's own r and buffers (`DominantPasses`): out = [‖Δ_{k−1}‖², ‖Δ_k‖², Δ_k·Δ_{k−1}]. */
  dominantSums(out: Float64Array): void {
    const ex = this.ex;
    ex.dominantSums(3 * this.contacts);
    out[0] = ex.dotOlder.value as number; out[1] = ex.dotLast.value as number; out[2] = ex.dotBoth.value as number;
  }

  /** DominantMode's step on the kernel's own r and u. @returns the contacts the projection moved */
  dominantStep(t: number): number {
    return this.ex.dominantStep(3 * this.contacts, t);
  }

  /**
   * The siconos error of r with u taken as given (core's `siconosErrorAt`, to the bit) on the
   * loaded problem: Gauss–Seidel's stopping screen (screen.ts), r and u copied in.
   */
  siconosError(r: Float64Array, u: Float64Array): number {
    copyIn(this.r, r);
    copyIn(this.u, u);
    return this.ex.siconosError(this.contacts);
  }

  /**
   * The energy merit with u taken as given, or MERIT_ABOVE once a partial sum proves it above
   * `bound` (core's `EnergyMerit.evaluateUnlessAbove` with that `floor`, to the bit), on the
   * loaded problem, r and u copied in. `ENERGY_RESCALE` where the sums need core's rescaled form.
   */
  energyScreen(r: Float64Array, u: Float64Array, bound: number, floor: number): number {
    copyIn(this.r, r);
    copyIn(this.u, u);
    return this.ex.energyScreen(this.contacts, bound, floor);
  }

  /**
   * The energy merit at r and any u (`energyScreen` with no bound: core's `EnergyMerit.evaluate`
   * with that `floor`, to the bit, or `ENERGY_RESCALE`), r copied in as there but the kernel's
   * kept u left as it was: a u other than the resident one is swapped in for the sum and the
   * kept one put back.
   */
  energyAt(r: Float64Array, u: Float64Array, floor: number): number {
    if (u === this.u) return this.energyScreen(r, u, Infinity, floor);
    // Grown, never shrunk: a fresh copy at every contact count is garbage at every step.
    this.keptU = growF64(this.keptU, this.u.length);
    const kept = this.keptU.subarray(0, this.u.length);
    kept.set(this.u);
    try {
      return this.energyScreen(r, u, Infinity, floor);
    } finally {
      this.u.set(kept);
    }
  }

  /** One contact's relative natural-map residual as the kernel computes it (residual.ts's, to the bit). */
  residual(r0: number, r1: number, r2: number, u0: number, u1: number, u2: number, q0: number, q1: number, q2: number, mu: number): number {
    return this.ex.residual(r0, r1, r2, u0, u1, u2, q0, q1, q2, mu);
  }
}
