/**
 * The watchdog's limits, and the hook through which the suite announces each call into the
 * plugin that could hang. In-process runs install no hook (nothing can stop a synchronous
 * infinite loop there); the suite's worker installs one that tells its parent, which
 * terminates the worker when a call outlives its limit (see solver-watchdog.ts).
 */

/** A solve is declared hung past this many times its time budget… */
export const HANG_BUDGET_FACTOR = 10;

/**
 * …and never before this, ms: a budget of 0–10 ms must not make a busy 2-core machine's
 * scheduling pause or a large problem's set-up look like a hang. An infinite loop passes
 * any finite limit, so a generous one costs only the wait for the verdict.
 */
export const MIN_HANG_LIMIT_MS = 15_000;

/**
 * The limit for everything the suite runs without a time budget: solves made without one,
 * the plugin's `create()` and option validation, the worker loading the plugin, and the
 * suite's own work between two solves, ms.
 */
export const UNBUDGETED_LIMIT_MS = 120_000;

/** How long a solve with time budget `budgetMs` (undefined: none) may run before it counts as hung, ms. */
export function hangLimitMs(budgetMs: number | undefined): number {
  if (budgetMs === undefined || !Number.isFinite(budgetMs)) return UNBUDGETED_LIMIT_MS;
  return Math.max(HANG_BUDGET_FACTOR * budgetMs, MIN_HANG_LIMIT_MS);
}

/** One watched call: what it is, its budget (undefined: none) and the limit derived from it. */
export interface WatchedCall {
  what: string;
  budgetMs: number | undefined;
  limitMs: number;
}

/** Told before and after each watched call. */
export interface SolveWatch {
  start(call: WatchedCall): void;
  end(): void;
}

let current: SolveWatch | undefined;

/** Installs (or, with undefined, removes) the hook every watched call reports to. */
export function setSolveWatch(watch: SolveWatch | undefined): void {
  current = watch;
}

/**
 * Runs `call` announced to the installed hook with the limit for `budgetMs` (or `limitMs`
 * when given). Without a hook it just runs `call`.
 */
export function watched<T>(what: string, budgetMs: number | undefined, call: () => T, limitMs: number = hangLimitMs(budgetMs)): T {
  const watch = current;
  if (!watch) return call();
  watch.start({ what, budgetMs, limitMs });
  try {
    return call();
  } finally {
    watch.end();
  }
}
