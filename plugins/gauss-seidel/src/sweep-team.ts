import type { TeamData } from './sweep-worker.js';
import * as slot from './team-protocol.js';

/** Node's worker_threads, where this runtime has them (not in a browser): the sweep then runs on one thread. */
interface WorkerThreads {
  Worker: new (url: URL, options: { workerData: TeamData; execArgv: string[] }) => { unref(): void; on(event: 'error' | 'exit', listener: (arg: unknown) => void): unknown };
}

function workerThreads(): WorkerThreads | undefined {
  const proc = (globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } }).process;
  try {
    return proc?.getBuiltinModule?.('node:worker_threads') as WorkerThreads | undefined;
  } catch {
    return undefined;
  }
}

/** A part of a partitioned sweep as the worker swept it. */
export interface SpanOutcome {
  ok: boolean;
  change2: number;
  separated: number;
  sticking: number;
  sliding: number;
  failed: number;
  quarticUses: number;
  scanUses: number;
}

/**
 * The second thread of a partitioned Gauss–Seidel sweep (partition.ts): a worker with its own
 * instance of the kernel on the shared memory of the main thread's, which sweeps one part
 * while the main thread sweeps the other. The two parts touch disjoint memory, so the answer
 * does not depend on how the threads interleave, nor on whether the worker runs at all: until
 * it is ready (it starts in the background), and where the runtime has no worker threads,
 * the main thread sweeps both parts itself, with the same bits. The worker is unreferenced
 * (it does not keep a process alive) and waits on the control block between tasks.
 */
export class SweepTeam {
  private readonly ctrl: Int32Array;
  private readonly doubles: Float64Array;
  private task = 0;
  private broken: unknown;

  private constructor(control: SharedArrayBuffer) {
    this.ctrl = new Int32Array(control, 0, slot.DOUBLES_AT / 4);
    this.doubles = new Float64Array(control, slot.DOUBLES_AT, 2);
  }

  /** Starts the worker; undefined where this runtime has no worker threads or SharedArrayBuffer. */
  static start(module: WebAssembly.Module, memory: WebAssembly.Memory, tolerance: number, maxIterations: number): SweepTeam | undefined {
    const threads = workerThreads();
    if (threads === undefined || typeof SharedArrayBuffer !== 'function') return undefined;
    const control = new SharedArrayBuffer(slot.CONTROL_BYTES);
    const team = new SweepTeam(control);
    try {
      // The compiled worker beside the compiled package: from src/ (the repository's tests) and from dist/ alike.
      // It takes none of its parent's flags: a test runner's source conditions would point its imports at TypeScript.
      const worker = new threads.Worker(new URL('../dist/sweep-worker.js', import.meta.url), { workerData: { module, memory, control, tolerance, maxIterations }, execArgv: [] });
      worker.on('error', (err) => { team.broken = err; });
      // Ended any other way (terminated): posts stop; a task it had not started was taken back.
      worker.on('exit', (code) => { team.broken ??= new Error(`gauss-seidel: the second sweep thread exited (code ${String(code)})`); });
      worker.unref();
    } catch {
      return undefined;
    }
    return team;
  }

  /** Whether the worker takes tasks now (false while it starts, and for good once it failed). */
  get ready(): boolean {
    return this.broken === undefined && Atomics.load(this.ctrl, slot.READY) === 1;
  }

  /** Points the worker at a newly loaded problem: the kernel's `layout` arguments with the worker's hand-off area, nc, W's block count, and `layoutHistory`'s arguments. */
  layout(addresses: readonly number[]): void {
    this.ctrl.set(addresses, slot.LAYOUT);
    Atomics.add(this.ctrl, slot.GENERATION, 1);
  }

  /** Posts the sweep of order[from, to) with relaxation ω to the worker (check `ready` first); `wait` for it. */
  post(from: number, to: number, omega: number): void {
    this.doubles[slot.OMEGA] = omega;
    this.send(slot.SWEEP, from, to);
  }

  /** Posts the Anderson extrapolation of order[from, to) (n unknowns, m differences); `waitProjected` for it. */
  postExtrapolation(from: number, to: number, n: number, m: number): void {
    this.ctrl[slot.N] = n;
    this.ctrl[slot.M] = m;
    this.send(slot.EXTRAPOLATE, from, to);
  }

  private send(kind: number, from: number, to: number): void {
    const c = this.ctrl;
    c[slot.KIND] = kind;
    c[slot.FROM] = from;
    c[slot.TO] = to;
    this.task++;
    Atomics.store(c, slot.TASK, this.task);
    Atomics.notify(c, slot.TASK);
  }

  /**
   * Takes the posted task back when the worker has not started it (it is off the core, or
   * asleep and not yet woken): the caller then runs it itself, with the same bits, instead of
   * waiting. Once a task is taken, the worker skips it.
   * @returns true when the task is the caller's to run; false when the worker has it (then `wait` for it)
   */
  takeBack(): boolean {
    return Atomics.compareExchange(this.ctrl, slot.CLAIMED, this.task - 1, this.task) === this.task - 1;
  }

  /** Waits for the posted extrapolation (not taken back). @returns the contacts its projection moved */
  waitProjected(): number {
    this.block();
    return this.ctrl[slot.PROJECTED];
  }

  /**
   * Waits for the posted task (not taken back) and returns what the worker found.
   * @throws when the worker failed during the task (its part may be half swept)
   */
  wait(): SpanOutcome {
    this.block();
    const c = this.ctrl;
    return {
      ok: c[slot.OK] === 1,
      change2: this.doubles[slot.CHANGE2],
      separated: c[slot.SEPARATED],
      sticking: c[slot.STICKING],
      sliding: c[slot.SLIDING],
      failed: c[slot.FAILED],
      quarticUses: c[slot.QUARTIC],
      scanUses: c[slot.SCAN],
    };
  }

  /** Until the worker has finished the posted task. @throws when it failed during the task */
  private block(): void {
    const c = this.ctrl;
    for (let i = 0; i < slot.SPIN_CHECKS && Atomics.load(c, slot.DONE) !== this.task; i++);
    for (;;) {
      const done = Atomics.load(c, slot.DONE);
      if (done === this.task) break;
      Atomics.wait(c, slot.DONE, done, 1000);
    }
    if (Atomics.load(c, slot.READY) !== 1) throw new Error('gauss-seidel: the second sweep thread failed during a task');
  }
}
