// The second thread of a sweep team (sweep-team.ts): a kernel instance of its own on the team's
// shared memory, sweeping the part of each partitioned sweep the main thread posts.
import { workerData } from 'node:worker_threads';
import { KernelHost, SLIDE_DOUBLES } from './kernel-host.js';
import { SlidingSolver } from './sliding-solver.js';
import * as slot from './team-protocol.js';

/** What the main thread hands the worker when it starts it. */
export interface TeamData {
  module: WebAssembly.Module;
  memory: WebAssembly.Memory;
  control: SharedArrayBuffer;
  tolerance: number;
  maxIterations: number;
}

interface SpanExports {
  layout(diagonal: number, lu: number, perm: number, luOk: number, colPtr: number, colRow: number,
    colVal: number, mu: number, r: number, u: number, order: number, slide: number): void;
  setOptions(tolerance: number, maxIterations: number): void;
  resetCounts(): void;
  sweepSpan(from: number, to: number, omega: number): number;
  layoutHistory(dF: number, dG: number, dU: number, fPrev: number, gPrev: number, uPrev: number, x: number, row: number, rhs: number, gamma: number): void;
  mixExtrapolateSpan(n: number, m: number, from: number, to: number): number;
  separated: WebAssembly.Global; sticking: WebAssembly.Global; sliding: WebAssembly.Global; failed: WebAssembly.Global;
  change2: WebAssembly.Global;
}

const { module, memory, control, tolerance, maxIterations } = workerData as TeamData;
const ctrl = new Int32Array(control, 0, slot.DOUBLES_AT / 4);
const doubles = new Float64Array(control, slot.DOUBLES_AT, 2);
let task = 0;
try {
  const slider = new SlidingSolver({ tolerance, maxIterations });
  const host = new KernelHost(slider);
  const ex = new WebAssembly.Instance(module, host.imports(memory)).exports as unknown as SpanExports;
  ex.setOptions(tolerance, maxIterations);
  let generation = 0;
  Atomics.store(ctrl, slot.READY, 1);
  Atomics.notify(ctrl, slot.READY);
  for (;;) {
    // Spin a little before sleeping: the next sweep's task comes within microseconds, and a
    // futex wake-up costs tens of them.
    for (let i = 0; i < slot.SPIN_CHECKS && Atomics.load(ctrl, slot.TASK) === task; i++);
    // A wake-up is not a task: the notify of a post can come late (its thread descheduled
    // between storing TASK and notifying), after this thread ran that task and fell asleep.
    // Waking on it and running the task again raced the main thread's next phase on a loaded
    // machine; so sleep until TASK has moved on.
    while (Atomics.load(ctrl, slot.TASK) === task) Atomics.wait(ctrl, slot.TASK, task);
    task = Atomics.load(ctrl, slot.TASK);
    // The main thread may have taken the task while this thread was off the core.
    if (Atomics.compareExchange(ctrl, slot.CLAIMED, task - 1, task) !== task - 1) continue;
    const g = Atomics.load(ctrl, slot.GENERATION);
    if (g !== generation) {
      generation = g;
      const p = Array.from(ctrl.subarray(slot.LAYOUT, slot.LAYOUT + slot.LAYOUT_SLOTS));
      const [diagonal, lu, perm, luOk, colPtr, colRow, colVal, mu, r, u, order, slide, nc] = p;
      ex.layout(diagonal, lu, perm, luOk, colPtr, colRow, colVal, mu, r, u, order, slide);
      const [dF, dG, dU, fPrev, gPrev, uPrev, x, row, rhs, gamma] = p.slice(13);
      ex.layoutHistory(dF, dG, dU, fPrev, gPrev, uPrev, x, row, rhs, gamma);
      const b = memory.buffer;
      host.point(new Float64Array(b, slide, SLIDE_DOUBLES), new Float64Array(b, diagonal, 9 * nc));
    }
    if (ctrl[slot.KIND] === slot.EXTRAPOLATE) {
      ctrl[slot.PROJECTED] = ex.mixExtrapolateSpan(ctrl[slot.N], ctrl[slot.M], ctrl[slot.FROM], ctrl[slot.TO]);
      Atomics.store(ctrl, slot.DONE, task);
      Atomics.notify(ctrl, slot.DONE);
      continue;
    }
    ex.resetCounts();
    slider.quarticUses = slider.scanUses = 0;
    ctrl[slot.OK] = ex.sweepSpan(ctrl[slot.FROM], ctrl[slot.TO], doubles[slot.OMEGA]);
    ctrl[slot.SEPARATED] = ex.separated.value as number;
    ctrl[slot.STICKING] = ex.sticking.value as number;
    ctrl[slot.SLIDING] = ex.sliding.value as number;
    ctrl[slot.FAILED] = ex.failed.value as number;
    ctrl[slot.QUARTIC] = slider.quarticUses;
    ctrl[slot.SCAN] = slider.scanUses;
    doubles[slot.CHANGE2] = ex.change2.value as number;
    Atomics.store(ctrl, slot.DONE, task);
    Atomics.notify(ctrl, slot.DONE);
  }
} catch (err) {
  // The main thread waits on DONE: say the team is broken, then release it.
  Atomics.store(ctrl, slot.READY, -1);
  Atomics.store(ctrl, slot.DONE, Atomics.load(ctrl, slot.TASK));
  Atomics.notify(ctrl, slot.DONE);
  throw err;
}
