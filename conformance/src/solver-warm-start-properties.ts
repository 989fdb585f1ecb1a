import fc from 'fast-check';
import { projectOntoCone, type FrictionContactProblem } from '@moreau/core';
import { arbGeneratedCase, arbWellPosedCase, type ProblemCase, type WellPosedCase } from './solver-cases.js';
import { check, difference, fmt, naturalMapResidual } from './solver-checks.js';
import { requireTolerance, solveFresh, type SolverUnderTest } from './solver-harness.js';
import { spec, type SolverPropertyName, type SolverPropertySpec, type Verdict } from './solver-property.js';
import { Rng } from './rng.js';

type WarmStartName =
  | 'warm start at a solution returns it within one iteration'
  | 'warm start near a solution takes fewer iterations than a cold start';

/** Problems per run of the near-solution property; its verdict is over all of them. */
export const NEAR_BATCH = 4;

/**
 * A cold solve of fewer iterations is not compared: it leaves no room to show a gain
 * (Gauss–Seidel solves such problems in as many sweeps from r = 0 as from near r*).
 */
export const NEAR_MIN_COLD_ITERATIONS = 3;

/** Warm started near r*, a solve is slow when it takes more than this share of its cold iterations. */
export const NEAR_MAX_RATIO = 0.9;

/**
 * The relative distance δ of the warm start from the solution for tolerance `tol`: √tol / 10
 * (1e-5 at 1e-8), so that the warm start's error lies about halfway, in decades, between a
 * cold start's (about 1) and the tolerance. Measured on 3000 of the property's problems per
 * built-in solver at its defaults: at √tol itself 1.4 % of Gauss–Seidel's (and auto's) compared
 * problems, all of 3–4 cold sweeps, and 0.3 % of APGD's were slow warm; at √tol / 10, 2 of 2400
 * for Gauss–Seidel and auto, 1 of 3000 for APGD, none for PQN and semismooth Newton. With
 * p ≈ 1e-3 a batch fails by chance with probability 4p³ (3p² when only three are compared).
 */
export function nearDistance(tol: number): number {
  return Math.min(1e-2, Math.sqrt(tol) / 10);
}

/** r + δ ‖r‖∞ ξ with ξ uniform in [−1, 1]ⁿ drawn from `seed`, projected onto the cones. */
export function perturbedSolution(p: FrictionContactProblem, r: Float64Array, delta: number, seed: number): Float64Array {
  const rng = new Rng(seed);
  let scale = 0;
  for (let i = 0; i < r.length; i++) scale = Math.max(scale, Math.abs(r[i]));
  const start = new Float64Array(p.size);
  for (let i = 0; i < p.size; i++) start[i] = r[i] + delta * scale * rng.uniform(-1, 1);
  for (let a = 0; a < p.contacts; a++) projectOntoCone(start, 3 * a, start, 3 * a, p.mu[a]);
  return start;
}

/** One compared problem: its iterations cold and warm, and why the warm solve stopped. */
interface Compared {
  cold: number;
  warm: number;
  reason: string;
}

/**
 * Solves `c` cold, then warm started at its own answer perturbed by `delta`; undefined when the
 * problem is not compared (the cold solve did not converge or was too short to show a gain, or
 * the warm solve stopped on the time budget, which depends on the machine, not on the plugin).
 */
function compareStarts(sut: SolverUnderTest, c: WellPosedCase, delta: number): Compared | undefined {
  const cold = solveFresh(sut, c.problem).result;
  if (!cold.converged || cold.iterations < NEAR_MIN_COLD_ITERATIONS) return undefined;
  const warm = solveFresh(sut, c.problem, { warmStart: perturbedSolution(c.problem, cold.r, delta, c.seed) }).result;
  if (warm.reason === 'time-budget') return undefined;
  return { cold: cold.iterations, warm: warm.iterations, reason: warm.reason };
}

/**
 * The warm-start properties, for plugins declaring `supports.warmStart`: started at its own
 * converged answer a solver returns it at once, and started near it (not at it) it needs
 * fewer iterations than from r = 0, so a warm start is used, not only recognised.
 */
export function warmStartProperties(sut: SolverUnderTest): Pick<Record<SolverPropertyName, SolverPropertySpec>, WarmStartName> {
  const { friction } = sut;
  const skip = sut.warmStart ? undefined : 'the plugin declares supports.warmStart = false';
  return {
    'warm start at a solution returns it within one iteration': spec({
      skip,
      arbitrary: fc.oneof(arbGeneratedCase({ friction, contacts: [1, 30], ill: 0, redundant: [0] }), arbWellPosedCase(friction, sut.cone)),
      predicate: (c: ProblemCase) => {
        const cold = solveFresh(sut, c.problem).result;
        if (!cold.converged) return { inconclusive: `the cold solve did not converge (${cold.reason})` };
        const tol = requireTolerance(sut);
        const warm = solveFresh(sut, c.problem, { warmStart: Float64Array.from(cold.r) }).result;
        check(warm.converged && warm.iterations <= 1,
          () => `warm started at a converged r, the solver took ${warm.iterations} iterations (converged: ${warm.converged}, reason: ${warm.reason})`);
        const { scale } = naturalMapResidual(c.problem, cold.r, sut.cone);
        const d = difference(warm.r, cold.r).norm, bound = 1e3 * tol * scale + 1e-12 * scale;
        check(d <= bound, () => `warm started at a solution r*, the solver returned r with ‖r − r*‖ = ${d} > ${bound} (1e3 · tolerance · max(‖q‖, ‖r‖, ‖u‖))`);
      },
    }),

    // Problems with one solution only: where there are many, a point near the one a cold solve
    // found need not be near the one the iteration approaches from there (auto's Gauss–Seidel
    // link then spends its 100 sweeps from near and far alike). The verdict is a majority over
    // NEAR_BATCH problems, as a solver's iteration count can go either way on one of them.
    'warm start near a solution takes fewer iterations than a cold start': spec({
      skip,
      arbitrary: fc.array(arbWellPosedCase(friction, sut.cone, [2, 30]), { minLength: NEAR_BATCH, maxLength: NEAR_BATCH })
        .map((cases) => ({ cases, label: cases.map((x) => x.label).join('; ') })),
      predicate: (c): Verdict => {
        const delta = nearDistance(requireTolerance(sut));
        const compared = c.cases.map((x) => compareStarts(sut, x, delta)).filter((x) => x !== undefined);
        if (compared.length < 2) return { inconclusive: `fewer than 2 of ${NEAR_BATCH} problems to compare (converged cold in ${NEAR_MIN_COLD_ITERATIONS} or more iterations, warm not stopped by the time budget)` };
        const slow = compared.filter((x) => x.warm > NEAR_MAX_RATIO * x.cold);
        check(2 * slow.length <= compared.length,
          () => `warm started at its own converged r perturbed by δ = ${fmt(delta)} (relative), the solver took more than ${NEAR_MAX_RATIO} × its cold iterations on ${slow.length} of ${compared.length} problems (cold → warm: ${compared.map((x) => `${x.cold} → ${x.warm}${x.reason === 'converged' ? '' : ` ${x.reason}`}`).join(', ')}); a warm start must help near a solution, not only at it`);
      },
    }),
  };
}
