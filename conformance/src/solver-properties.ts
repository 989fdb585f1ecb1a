import fc from 'fast-check';
import { arbBroadCase, arbGeneratedCase, arbWellPosedCase, withTolerances, type SolveCase, type ToleranceCase } from './solver-cases.js';
import {
  check, checkFinite, checkInCones, checkVelocity, difference, sameBits, snapshotInput,
} from './solver-checks.js';
import { judgedMerit, observe, requireTolerance, solveFresh, type SolverUnderTest } from './solver-harness.js';
import { honestyProperties } from './solver-honesty-properties.js';
import { analyticProperties, invarianceProperties } from './solver-math-properties.js';
import { ownershipProperties } from './solver-ownership-properties.js';
import { rollingProperties } from './solver-rolling-properties.js';
import { warmStartProperties } from './solver-warm-start-properties.js';
import { spec, type SolverPropertyName, type SolverPropertySpec } from './solver-property.js';

/** Slack for clock granularity, scheduling and garbage collection in the time-budget check, ms. */
export const TIME_SLACK_MS = 100;

/** The time-budget check caps iterations at this many times the iterations that fit in its limit. */
export const BUDGET_CAP_FACTOR = 100;

/** Measurements of the time-budget check before an overrun counts as a failure. */
export const TIME_ATTEMPTS = 3;

const allFinite = (x: Float64Array): boolean => x.every(Number.isFinite);

/**
 * The solver conformance properties for `sut`, one per name in SOLVER_PROPERTY_NAMES.
 * Each checks what the suite computes itself (cone membership, u, the merit by core's
 * implementation, exact solutions), never the numbers the plugin reports about itself.
 * Properties the plugin does not claim carry a `skip` reason.
 */
export function solverProperties(sut: SolverUnderTest): Record<SolverPropertyName, SolverPropertySpec> {
  const friction = sut.friction;
  const hard = arbGeneratedCase({ friction, contacts: [20, 60], ill: 1, redundant: [0.3] });
  // Generated problems, half of them made well posed so that most solvers converge on them.
  const solvable = (o: Parameters<typeof arbGeneratedCase>[0]) => fc.oneof(arbGeneratedCase(o), arbWellPosedCase(friction, sut.cone));

  return {
    'result lies in the friction cones': spec({
      arbitrary: arbBroadCase(friction),
      predicate: (c) => checkInCones(c.problem, solveFresh(sut, c.problem, c.solve).result.r),
    }),

    'u equals W r + q': spec({
      arbitrary: arbBroadCase(friction),
      predicate: (c) => {
        const { result } = solveFresh(sut, c.problem, c.solve);
        if (!allFinite(result.r)) return { inconclusive: 'r is not finite (see the finiteness property)' };
        checkVelocity(c.problem, result);
      },
    }),

    'outputs are finite, converged or not': spec({
      arbitrary: fc.oneof(
        arbBroadCase(friction),
        hard.map((h) => ({ ...h, label: `${h.label} maxIterations=2`, solve: { maxIterations: 2 } })),
        withTolerances(hard, friction, sut.cone).map((h) => ({ ...h, solve: {} })),
      ),
      predicate: (c: SolveCase & { tol?: number }) => checkFinite(observe(sut, sut.withTolerance(c.tol).run, c.problem, c.solve).result),
    }),

    'converged implies merit within tolerance': spec({
      arbitrary: withTolerances(solvable({ friction, ill: 0.3 }), friction, sut.cone),
      predicate: (c: ToleranceCase) => {
        const { run, tolerance } = sut.withTolerance(c.tol);
        const { result } = observe(sut, run, c.problem);
        if (!result.converged) return { inconclusive: `not converged (${result.reason})` };
        const tol = requireTolerance(sut, tolerance);
        // Within the rounding of the judge's own u = W r + q (siconos-judge.ts): no false claim.
        const { value, rounding } = judgedMerit(sut, c.problem, result.r);
        check(value <= tol * (1 + 1e-9) + rounding,
          () => `converged: true, but the ${sut.meritName} merit of r is ${value} > tolerance ${tol}, beyond the rounding of the suite's own product W r + q (${rounding}) (the solver reported ${result.merit} = ${result.error} after ${result.iterations} iterations)`);
      },
    }),

    'respects the iteration cap': spec({
      arbitrary: fc.tuple(withTolerances(hard, friction, sut.cone), fc.integer({ min: 1, max: 8 })).map(([h, cap]) => ({ ...h, cap, label: `${h.label} maxIterations=${cap}` })),
      predicate: (c) => {
        const { result } = observe(sut, sut.withTolerance(c.tol).run, c.problem, { maxIterations: c.cap });
        check(result.iterations <= c.cap, () => `maxIterations = ${c.cap} but the solver did ${result.iterations} iterations (converged: ${result.converged}, reason: ${result.reason})`);
      },
    }),

    'respects the time budget': spec({
      noShrink: true,
      arbitrary: fc.tuple(hard, fc.constantFrom(0, 1, 2, 5, 10)).map(([h, budget]) => ({ ...h, budget, label: `${h.label} timeBudgetMs=${budget}` })),
      predicate: (c) => {
        // The wall clock is what a budget bounds, but on a busy machine (the suite runs beside
        // other test files on shared cores) a solve that stops on time can be descheduled past
        // any fixed slack. The process's CPU time is not inflated by other processes, and a
        // single-threaded solve that stops on the wall clock uses no more CPU than wall time.
        // So a solve overruns only when both clocks pass their limits, on each of
        // TIME_ATTEMPTS measurements: a solver ignoring its budget does so every time.
        let report = '';
        for (let attempt = 1; attempt <= TIME_ATTEMPTS; attempt++) {
          // One iteration (with the set-up a solve does) is what a budget check may overrun by.
          const one = solveFresh(sut, c.problem, { maxIterations: 1 });
          const limit = c.budget + 2 * one.ms + TIME_SLACK_MS, cpuLimit = c.budget + 2 * one.cpuMs + TIME_SLACK_MS;
          // Never an unbounded solve: a cap of 100 times the iterations the limit holds at
          // `one` per iteration, so a plugin ignoring the budget overruns it visibly (when its
          // iterations cost about `one`) and one ignoring both budget and cap still ends.
          const cap = Math.max(sut.maxIterations, Math.ceil((BUDGET_CAP_FACTOR * limit) / Math.max(one.ms, 1e-3)));
          const { ms, cpuMs, result } = solveFresh(sut, c.problem, { maxIterations: cap, timeBudgetMs: c.budget });
          if (ms <= limit || cpuMs <= cpuLimit) return;
          report = `timeBudgetMs = ${c.budget} but the solve took ${ms.toFixed(1)} ms wall clock and ${cpuMs.toFixed(1)} ms of CPU (limits ${limit.toFixed(1)} and ${cpuLimit.toFixed(1)} ms: budget + 2 × one iteration + ${TIME_SLACK_MS} ms; ${result.iterations} iterations, reason: ${result.reason}), on each of ${TIME_ATTEMPTS} attempts`;
        }
        check(false, () => report);
      },
    }),

    'same input and options give bit-identical output': spec({
      arbitrary: arbBroadCase(friction),
      predicate: (c) => {
        const unchanged = snapshotInput(c.problem);
        const run = sut.instance();
        const a = observe(sut, run, c.problem, c.solve).result;
        const b = observe(sut, run, c.problem, c.solve).result;
        const fresh = solveFresh(sut, c.problem, c.solve).result;
        const changed = unchanged();
        check(changed === undefined, () => `the solve modified the problem's ${changed}`);
        if ([a, b, fresh].some((x) => x.reason === 'time-budget')) return { inconclusive: 'a run stopped on the time budget' };
        for (const [x, which] of [[b, 'a second solve on the same instance'], [fresh, 'a solve on a fresh instance']] as const) {
          check(sameBits(a.r, x.r) && sameBits(a.u, x.u), () => `${which} returned different bits: ‖Δr‖ = ${difference(a.r, x.r).norm}, ‖Δu‖ = ${difference(a.u, x.u).norm}`);
          check(a.converged === x.converged && a.reason === x.reason && a.iterations === x.iterations && Object.is(a.error, x.error),
            () => `${which} reported converged ${x.converged}, ${x.reason}, ${x.iterations} iterations, error ${x.error}; the first: ${a.converged}, ${a.reason}, ${a.iterations}, ${a.error}`);
        }
      },
    }),

    'solver:end event agrees with the result': spec({
      arbitrary: arbBroadCase(friction),
      predicate: (c) => {
        const { result, ends, iterations } = solveFresh(sut, c.problem, c.solve);
        check(ends.length === 1, () => `the solve emitted ${ends.length} solver:end events, expected 1`);
        const e = ends[0];
        check(e.converged === result.converged && e.iterations === result.iterations && Object.is(e.error, result.error) && e.reason === result.reason,
          () => `solver:end says converged ${e.converged}, ${e.iterations} iterations, error ${e.error}, ${e.reason}; the result: ${result.converged}, ${result.iterations}, ${result.error}, ${result.reason}`);
        let last = 0;
        for (const it of iterations) {
          check(it.iteration > last && it.iteration <= result.iterations,
            () => `solver:iteration events number ${iterations.map((x) => x.iteration).join(', ')}; expected increasing numbers up to ${result.iterations}`);
          last = it.iteration;
        }
      },
    }),

    ...analyticProperties(sut),
    ...invarianceProperties(sut),
    ...honestyProperties(sut),
    ...ownershipProperties(sut),
    ...warmStartProperties(sut),
    ...rollingProperties(sut),
  };
}
