import fc from 'fast-check';
import { AnswerChecker, ERROR_CODES, isMoreauError, type SolveResult } from '@moreau/core';
import { arbBroadCase, arbGeneratedCase, arbWellPosedCase } from './solver-cases.js';
import { check, checkShape, difference, fmt, sameBits } from './solver-checks.js';
import { judgedMerit, requireTolerance, solveFresh, type SolverUnderTest } from './solver-harness.js';
import { PROCESS_TIMEOUT_MS, solveInProcess } from './solver-process.js';
import { spec, type SolverPropertyName, type SolverPropertySpec } from './solver-property.js';
import { arbUnsolvableCase } from './solver-unsolvable-cases.js';
import { watched } from './solver-watch.js';

/** Runs of the cross-process property (each starts two Node processes). */
export const PROCESS_RUNS = 2;

type HonestyName =
  | 'problems without a solution are never called converged'
  | 'core refuses frictional problems to a frictionless-only plugin'
  | 'a frictionless-only plugin refuses μ > 0 or claims only true solutions'
  | 'same input gives bit-identical output in another process';

/** What a call threw, for messages: its code (or name) and message. */
const thrownText = (e: unknown): string => {
  const err = e as { code?: unknown; name?: unknown; message?: unknown } | null;
  return `${String(err?.code ?? err?.name ?? 'an exception')}: ${String(err?.message ?? e)}`;
};

/**
 * The code of a deliberate refusal: one of core's error codes other than E_INTERNAL (a bug).
 * Read from the error's `code`, not by `instanceof`, so that a plugin built against another
 * copy of @moreau/core refuses as well.
 */
function refusalCode(e: unknown): string | undefined {
  const code = (e as { code?: unknown } | null)?.code;
  return typeof code === 'string' && Object.hasOwn(ERROR_CODES, code) && code !== 'E_INTERNAL' ? code : undefined;
}

/**
 * Properties about claims a plugin cannot fake in one process on solvable problems: no
 * convergence claimed where no solution exists, core's refusal of μ > 0 for a plugin
 * declaring `friction: false` and the plugin's own answer when called without core,
 * and determinism across processes.
 */
export function honestyProperties(sut: SolverUnderTest): Pick<Record<SolverPropertyName, SolverPropertySpec>, HonestyName> {
  const { friction } = sut;
  return {
    'problems without a solution are never called converged': spec({
      arbitrary: arbUnsolvableCase(friction),
      predicate: (c) => {
        const { result } = solveFresh(sut, c.problem);
        if (!result.converged) return;
        check(c.contact < 0,
          () => `converged: true on a problem without a solution: contact ${c.contact} approaches (q_N = ${c.problem.q[3 * c.contact]}) and W's row of it is zero, yet the solver returned u_N = ${result.u[3 * c.contact]}, r_N = ${result.r[3 * c.contact]} (${result.iterations} iterations, reported ${result.merit} = ${result.error})`, c.contact);
        // A solution needs reactions near 1e300: core's answer check judges the claim.
        const verdict = new AnswerChecker().check(c.problem, result, {
          merit: sut.merit(sut.meritName), meritName: sut.meritName, tolerance: requireTolerance(sut),
        });
        check(verdict.converged, () => `converged: true, but core's answer check refuses it: ${verdict.check?.message ?? verdict.reason}`);
      },
    }),

    'core refuses frictional problems to a frictionless-only plugin': spec({
      skip: friction ? 'the plugin declares friction: true' : undefined,
      arbitrary: arbGeneratedCase({ friction: true, contacts: [1, 30], ill: 0, zeroMu: [0, 0.6] }),
      predicate: (c) => {
        const frictional = c.problem.mu.some((m) => m > 0);
        if (!frictional) return { inconclusive: 'every μ is 0' };
        const refusal = (run: () => SolveResult): unknown => {
          try {
            run();
          } catch (e) {
            return e;
          }
          return undefined;
        };
        const budget = { maxIterations: sut.maxIterations, timeBudgetMs: sut.timeBudgetMs };
        const solve = (p: typeof c.problem) => watched(`solve through core's chain (${p.contacts} contacts)`, budget.timeBudgetMs, () => sut.chain().solve(p, budget));
        const thrown = refusal(() => solve(c.problem));
        check(isMoreauError(thrown, 'E_UNSUPPORTED'),
          () => `core ran the plugin (friction: false) on a problem with μ > 0 ${thrown ? `and threw ${String(thrown)}` : 'without refusing it'}; expected E_UNSUPPORTED`);
        const frictionless = refusal(() => solve(c.problem.frictionless()));
        check(frictionless === undefined, () => `the same problem with every μ = 0 was refused too: ${String(frictionless)}`);
      },
    }),

    // Core's refusal guards runs made through resolve(); a caller holding the plugin's solver
    // (an engine, a benchmark, another plugin's chain) gets whatever the solver does with μ > 0.
    'a frictionless-only plugin refuses μ > 0 or claims only true solutions': spec({
      skip: friction ? 'the plugin declares friction: true (the other properties give it μ > 0)' : undefined,
      arbitrary: fc.oneof(
        arbGeneratedCase({ friction: true, contacts: [1, 30], ill: 0, zeroMu: [0, 0.25] }),
        arbWellPosedCase(true, sut.cone, [1, 30]),
      ),
      predicate: (c) => {
        if (!c.problem.mu.some((m) => m > 0)) return { inconclusive: 'every μ is 0' };
        const budget = { maxIterations: sut.maxIterations, timeBudgetMs: sut.timeBudgetMs };
        let result: SolveResult;
        try {
          result = watched(`solve of a problem with μ > 0 by the plugin itself (${c.problem.contacts} contacts)`, budget.timeBudgetMs,
            () => sut.instance().solver.solve(c.problem, budget));
        } catch (e) {
          check(refusalCode(e) !== undefined,
            () => `called directly on a problem with μ > 0, the plugin (friction: false) threw ${thrownText(e)}; refuse with a MoreauError of one of core's codes (E_UNSUPPORTED, as core does), not an uncoded or internal error`);
          return;
        }
        checkShape(c.problem, result);
        if (!result.converged) return;
        const tol = requireTolerance(sut);
        const { value, rounding } = judgedMerit(sut, c.problem, result.r);
        check(value <= tol * (1 + 1e-9) + rounding,
          () => `called directly on a problem with μ > 0, the plugin (friction: false) claimed convergence, but the ${sut.meritName} merit of its r with the problem's own μ is ${fmt(value)} > tolerance ${tol} (it reported ${result.merit} = ${result.error} after ${result.iterations} iterations); refuse μ > 0 with E_UNSUPPORTED, as core does, or judge convergence with the μ given`);
      },
    }),

    'same input gives bit-identical output in another process': spec({
      skip: sut.module ? undefined : 'no module to load the plugin from in another process (pass { module } to the suite; moreau conformance does)',
      maxRuns: PROCESS_RUNS,
      noShrink: true,
      arbitrary: fc.array(arbBroadCase(friction), { minLength: 2, maxLength: 5 })
        .map((cases) => ({ cases, label: cases.map((x) => x.label).join('; ') })),
      predicate: (c) => {
        const remote = { ...sut.module!, cwd: sut.module!.cwd ?? process.cwd(), name: sut.plugin.name, options: sut.options, companions: sut.companionModules };
        // No time budget: where a budget stops a solve depends on the machine, not the plugin.
        const solve = { maxIterations: sut.maxIterations };
        const problems = c.cases.map((x) => x.problem);
        let a, b;
        try {
          // The child is killed after PROCESS_TIMEOUT_MS; the watchdog waits a little longer.
          const inChild = () => watched('solves in a child process', undefined, () => solveInProcess(remote, problems, solve), PROCESS_TIMEOUT_MS + 30_000);
          a = inChild();
          b = inChild();
        } catch (e) {
          check(false, () => (e as Error).message);
        }
        for (let i = 0; i < problems.length; i++) {
          const x = a[i], y = b[i];
          check(sameBits(x.r, y.r) && sameBits(x.u, y.u) && x.iterations === y.iterations && x.reason === y.reason,
            () => `two processes returned different answers on ${c.cases[i].label}: ‖Δr‖ = ${difference(x.r, y.r).norm}, ‖Δu‖ = ${difference(x.u, y.u).norm}, iterations ${x.iterations} vs ${y.iterations}, ${x.reason} vs ${y.reason}`);
        }
      },
    }),
  };
}
