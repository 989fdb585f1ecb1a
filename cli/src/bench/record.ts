import type { ResolvedSolverConfig } from '@moreau/core';

/** Why a bench row has no solver answer, or why an answer does not count. */
export type BenchFailure =
  /** The problem file could not be read (the bench goes on with the next). */
  | 'unreadable'
  /** The solver refused the problem with a Moreau error (e.g. E_UNSUPPORTED). */
  | 'failed'
  /** The solver threw something else: a bug in it, recorded so the bench goes on. */
  | 'crashed'
  /** The solve, or the median of its repeats, took longer than --time-limit. */
  | 'time-limit'
  /** A pool worker ran past the job's hard limit and was stopped (--jobs only). */
  | 'timed-out';

/** One line of results.jsonl: one problem × one solver configuration. */
export interface BenchRecord {
  /** The job's key (jobs/job.ts): a re-run with the same --out skips jobs whose key has a record. */
  key?: string;
  problem: string;
  /** The file as found (relative to the working folder when inside it). */
  file: string;
  contacts: number | null;
  /** The configuration's label (the same in table.md and the profile). */
  solver: string;
  /** The resolved options of the first solver (defaults filled in); null for an unreadable problem. */
  options: Record<string, unknown> | null;
  /** The resolved fallback chain, when there is one. */
  fallback?: ResolvedSolverConfig;
  /**
   * With --warm-start only: where every solve of this row started, the file's first
   * guess (`/guesses/1`) or r = 0 (the file has none). Without it every solve starts
   * from r = 0 and the field is absent.
   */
  start?: 'guess' | 'zero';
  /** Which solver of the chain produced the answer. */
  answeredBy?: string;
  /** The solver claimed convergence. */
  converged: boolean;
  /** The recomputed siconos error is ≤ tol and the solve kept to the time limit. */
  solved: boolean;
  /** The siconos error recomputed from r; null when there is no answer. */
  error: number | null;
  /** The error the solver reported, in its own merit. */
  claimedError?: number;
  merit?: string;
  iterations: number | null;
  /** Median of the warm repeats (the cold time when the cold solve did not solve). */
  ms: number | null;
  /** The first solve in this process for this configuration and problem (JIT included). */
  msCold: number | null;
  /** Warm repeats behind `ms` (0: none were run, `ms` is the cold time). */
  repeats: number;
  /** The solver's stop reason, or a bench failure. */
  reason: string;
  /** Claim and recomputed error disagree (see bench-judge). */
  disagreement?: string;
  /** Core's answer check refused the claim: its message. */
  check?: string;
  /** For unreadable, failed and crashed rows: the error. */
  failure?: string;
}

/** What the table and the profile read of a result, ours or a reference file's. */
export interface Outcome {
  problem: string;
  solver: string;
  solved: boolean;
  error: number | null;
  ms: number | null;
  iterations?: number | null;
  reason?: string;
}
