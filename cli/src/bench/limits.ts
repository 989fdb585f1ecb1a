/** The limits every benchmark solve is held to. */
export interface BenchLimits {
  /** Solved means a recomputed siconos error at most this. */
  tol: number;
  /** Each solve's budget (passed to the solver), and the hard limit a solve must keep to. */
  timeLimitMs: number;
  /** Warm solves after the cold one; their median is the time. */
  repeat: number;
  /**
   * --warm-start: every solve starts from the file's first guess (FCLIB `/guesses/1`)
   * where it has one. A job holds it only when true (jobs/expand.ts), so the jobs of a
   * bench without it keep the keys they had before the option.
   */
  warmStart?: boolean;
}
