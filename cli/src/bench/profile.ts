/**
 * Performance profiles (Dolan & Moré, "Benchmarking optimization software with
 * performance profiles", Math. Program. 91, 2002, §2). For problem p and solver s with
 * time t_{p,s} (∞ when s did not solve p), the performance ratio is
 *
 *     r_{p,s} = t_{p,s} / min_s t_{p,s},
 *
 * and the profile of s is the fraction of problems it solves within a factor τ of the
 * best:  ρ_s(τ) = |{p : r_{p,s} ≤ τ}| / n_p.  ρ_s(1) is the share of problems on which s
 * is fastest; ρ_s(τ) for large τ the share it solves at all. A problem no solver solves
 * stays in n_p with ratio ∞ for everyone, as in the paper.
 */

/** Times below this (ms) are timer noise: they are raised to it, so a ratio is never 0/0. */
export const TIME_FLOOR_MS = 1e-3;

/** The profile of one solver: its finite ratios sorted ascending, out of `problems` problems. */
export interface SolverProfile {
  solver: string;
  ratios: number[];
  problems: number;
}

/**
 * Performance ratios from a time table: `times[p][s]` is solver s's time on problem p,
 * `Infinity` (or any non-finite or negative value) when it did not solve it.
 * @returns ratios[p][s] ≥ 1, `Infinity` where unsolved
 */
export function performanceRatios(times: readonly (readonly number[])[]): number[][] {
  return times.map((row) => {
    const t = row.map((x) => (Number.isFinite(x) && x >= 0 ? Math.max(x, TIME_FLOOR_MS) : Infinity));
    const best = Math.min(...t);
    return t.map((x) => (Number.isFinite(x) ? x / best : Infinity));
  });
}

/** Every solver's profile from the time table (rows problems, columns `solvers`). */
export function performanceProfiles(solvers: readonly string[], times: readonly (readonly number[])[]): SolverProfile[] {
  const ratios = performanceRatios(times);
  return solvers.map((solver, s) => ({
    solver,
    ratios: ratios.map((row) => row[s]).filter(Number.isFinite).sort((a, b) => a - b),
    problems: times.length,
  }));
}

/** ρ_s(τ): the fraction of problems solved within τ times the best time (0 when there are no problems). */
export function rho(profile: SolverProfile, tau: number): number {
  if (profile.problems === 0) return 0;
  let count = 0;
  while (count < profile.ratios.length && profile.ratios[count] <= tau) count++;
  return count / profile.problems;
}

/**
 * The corners of the step function ρ_s: one point per distinct ratio, where ρ jumps to
 * the value it keeps until the next. The first point is at τ = 1 (ρ_s(1), possibly 0).
 */
export function profileSteps(profile: SolverProfile): { tau: number; rho: number }[] {
  const steps = [{ tau: 1, rho: rho(profile, 1) }];
  for (const r of profile.ratios) {
    if (r > steps[steps.length - 1].tau) steps.push({ tau: r, rho: rho(profile, r) });
  }
  return steps;
}

/** The result of one solver on one problem, as far as the profile needs it. */
export interface TimedOutcome {
  problem: string;
  solver: string;
  solved: boolean;
  ms: number | null;
}

/**
 * The time table of `problems` × `solvers` from a list of outcomes: the time where the
 * solver solved the problem, `Infinity` where it did not or has no outcome for it.
 */
export function timeTable(outcomes: readonly TimedOutcome[], problems: readonly string[], solvers: readonly string[]): number[][] {
  const at = new Map(outcomes.map((o) => [`${o.problem}\u0000${o.solver}`, o]));
  return problems.map((p) => solvers.map((s) => {
    const o = at.get(`${p}\u0000${s}`);
    return o?.solved && o.ms !== null ? o.ms : Infinity;
  }));
}
