import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { SolverPlugin } from '@moreau/core';
import type { SolverSuiteOptions } from './solver-harness.js';
import type { SolverPropertyName } from './solver-property.js';
import type { PropertyReport } from './suite-report.js';
import { HANG_BUDGET_FACTOR, MIN_HANG_LIMIT_MS, UNBUDGETED_LIMIT_MS, type WatchedCall } from './solver-watch.js';
import type { WatchedSuiteOptions, WorkerData, WorkerMessage } from './solver-worker-protocol.js';

/** The worker's entry: the compiled suite's, beside this file in dist/, or (running from the sources in src/) in ../dist/. */
function workerUrl(): URL {
  for (const candidate of ['./solver-worker.js', '../dist/solver-worker.js']) {
    const url = new URL(candidate, import.meta.url);
    if (existsSync(fileURLToPath(url))) return url;
  }
  throw new Error('the conformance watchdog runs the compiled suite in a worker, and @moreau/conformance is not built: run `npm run build`');
}

/** The reason a property failed when the worker outlived a limit. */
function hangReason(call: WatchedCall | undefined): string {
  if (!call) {
    return `the suite's worker reported nothing for ${UNBUDGETED_LIMIT_MS} ms outside a solve (the plugin's create(), option validation, loading the plugin, or the suite's own checks), so it was terminated`;
  }
  const budget = call.budgetMs === undefined
    ? `the call had no time budget; the limit for calls without one is ${UNBUDGETED_LIMIT_MS} ms`
    : `the budget was ${call.budgetMs} ms; a solve counts as hung past max(${HANG_BUDGET_FACTOR} × budget, ${MIN_HANG_LIMIT_MS} ms)`;
  return `solver did not return within ${call.limitMs} ms (${call.what}); ${budget}. The worker running it was terminated.`;
}

interface Pending {
  name: SolverPropertyName;
  seed: number;
  /** Runs started, and the label of the last (the case in progress). */
  runs: number;
  label?: string;
  call?: WatchedCall;
  t0: number;
  done(report: PropertyReport): void;
}

/**
 * Runs solver properties in a worker thread, one at a time, and terminates the worker when
 * a watched call (solver-watch.ts) outlives its limit or the worker goes silent for
 * UNBUDGETED_LIMIT_MS: the property in progress is then reported as failed, naming the
 * call, its budget and the case, and the next property gets a fresh worker. A worker that
 * crashes or exits fails its property the same way. Never rejects for a failing plugin.
 */
export class SolverWatchdog {
  #worker: Worker | undefined;
  #pending: Pending | undefined;
  #timer: NodeJS.Timeout | undefined;

  constructor(private readonly plugin: string, private readonly suite: WatchedSuiteOptions) {}

  runProperty(name: SolverPropertyName, seed: number, runs: number): Promise<PropertyReport> {
    if (this.#pending) throw new Error('SolverWatchdog runs one property at a time');
    const worker = this.#worker ?? this.#start();
    return new Promise((done) => {
      this.#pending = { name, seed, runs: 0, t0: performance.now(), done };
      this.#arm(UNBUDGETED_LIMIT_MS);
      worker.postMessage({ type: 'run', name, seed, runs });
    });
  }

  /** Stops the worker, if any. */
  async close(): Promise<void> {
    this.#disarm();
    const worker = this.#worker;
    this.#worker = undefined;
    if (worker) await worker.terminate();
  }

  #start(): Worker {
    const workerData: WorkerData = { name: this.plugin, suite: this.suite };
    // execArgv []: the worker resolves packages as a user's Node does (compiled), whatever flags the caller runs with.
    const worker = new Worker(workerUrl(), { workerData, execArgv: [] });
    // Idle between properties it must not keep the process alive; a property in progress keeps the timer armed.
    worker.unref();
    worker.on('message', (m: WorkerMessage) => this.#onMessage(m));
    worker.on('error', (e) => this.#fail(worker, `the suite's worker failed: ${e?.message ?? String(e)}`));
    worker.on('exit', (code) => this.#fail(worker, `the suite's worker exited (code ${code}) before reporting: did the plugin call process.exit?`));
    this.#worker = worker;
    return worker;
  }

  #onMessage(m: WorkerMessage): void {
    const p = this.#pending;
    if (!p) return;
    switch (m.type) {
      case 'case':
        p.runs++;
        p.label = m.label;
        this.#arm(UNBUDGETED_LIMIT_MS);
        return;
      case 'start':
        p.call = m.call;
        this.#arm(m.call.limitMs);
        return;
      case 'end':
        p.call = undefined;
        this.#arm(UNBUDGETED_LIMIT_MS);
        return;
      case 'report':
        this.#finish(m.report);
        return;
      case 'failed':
        this.#fail(this.#worker, `the suite's worker could not prepare the plugin: ${m.message}`);
        return;
    }
  }

  #arm(ms: number): void {
    this.#disarm();
    const worker = this.#worker;
    this.#timer = setTimeout(() => this.#fail(worker, hangReason(this.#pending?.call)), ms);
  }

  #disarm(): void {
    if (this.#timer !== undefined) clearTimeout(this.#timer);
    this.#timer = undefined;
  }

  #finish(report: PropertyReport): void {
    const p = this.#pending;
    this.#disarm();
    this.#pending = undefined;
    p?.done(report);
  }

  /** Fails the property in progress with `reason` and discards `worker` (if it is still the current one). */
  #fail(worker: Worker | undefined, reason: string): void {
    if (!worker || worker !== this.#worker) return;
    this.#worker = undefined;
    worker.removeAllListeners();
    worker.on('error', () => undefined);
    // Not awaited: a thread stuck in a blocking call ends when it returns; the run goes on meanwhile.
    void worker.terminate().catch(() => undefined);
    const p = this.#pending;
    if (!p) return this.#disarm();
    this.#finish({
      name: p.name, status: 'fail', reason, ...(p.label !== undefined ? { counterexample: p.label } : {}),
      seed: p.seed, runs: p.runs, inconclusive: 0, ms: performance.now() - p.t0,
    });
  }
}

/** A watchdog for `plugin` when the options give a module to load it from and do not turn it off; else undefined. */
export function watchdogFor(plugin: SolverPlugin, options: SolverSuiteOptions, seed: number, runs: number): SolverWatchdog | undefined {
  if (!options.module || options.watchdog === false) return undefined;
  const { options: pluginOptions, tolerance, maxIterations, timeBudgetMs, cone, companionModules } = options;
  const module = { specifier: options.module.specifier, cwd: options.module.cwd ?? process.cwd() };
  return new SolverWatchdog(plugin.name, { options: pluginOptions, tolerance, maxIterations, timeBudgetMs, cone, seed, runs, module, companionModules });
}
