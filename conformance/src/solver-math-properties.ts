import fc from 'fast-check';
import type { FrictionContactProblem, SolveResult } from '@moreau/core';
import { arbAnalyticCase, type AnalyticCase, type AnalyticKind } from './analytic-cases.js';
import { permuteProblem, permuteVector, scaleQ } from './problem-transforms.js';
import { arbWellPosedCase } from './solver-cases.js';
import { check, difference, naturalMapResidual } from './solver-checks.js';
import { requireTolerance, solveFresh, type SolverUnderTest } from './solver-harness.js';
import { spec, type SolverPropertyName, type SolverPropertySpec, type Verdict } from './solver-property.js';
import { Rng } from './rng.js';

/**
 * The accuracy a converged r promises, as ε with ‖r − P_K(r − F(r))‖ <= ε · max(‖q‖, ‖r‖, ‖u‖):
 * the tolerance when the options request the siconos merit of the Coulomb problem (that is
 * its definition), otherwise the value the suite measures (another merit's tolerance says
 * nothing about this residual).
 */
function promisedAccuracy(sut: SolverUnderTest, p: FrictionContactProblem, res: SolveResult): { eps: number; scale: number } {
  const { residual, scale } = naturalMapResidual(p, res.r, sut.cone);
  if (sut.meritName === 'siconos' && sut.cone === 'coulomb') return { eps: requireTolerance(sut), scale };
  return { eps: scale > 0 ? residual / scale : 0, scale };
}

/** A run cut short by the time budget proves nothing (the machine may have been busy). */
const stoppedOnBudget = (res: SolveResult): Verdict | undefined =>
  !res.converged && res.reason === 'time-budget' ? { inconclusive: 'stopped on the time budget' } : undefined;

/**
 * Solves an analytic case and compares r with the known solution r*. The bound
 * 10 (1 + μ)² (1 + λ_max)/λ_min · ε · max(‖q‖, ‖r*‖, ‖u*‖) is the natural-map error bound
 * of a strongly monotone problem, (1 + L)/m · residual, with a margin for the friction term
 * (these one-contact problems are not monotone for large μ, but have one solution).
 */
function checkAnalytic(sut: SolverUnderTest, c: AnalyticCase, extra?: (res: SolveResult) => void): Verdict {
  const { result } = solveFresh(sut, c.problem);
  const late = stoppedOnBudget(result);
  if (late) return late;
  check(result.converged, () => `did not converge on a ${c.kind} case a closed form solves (${result.reason} after ${result.iterations} iterations, error ${result.error})`);
  extra?.(result);
  let mu = 0;
  for (const m of c.problem.mu) mu = Math.max(mu, m);
  const { eps } = promisedAccuracy(sut, c.problem, result);
  const scale = Math.max(Math.hypot(...c.problem.q), Math.hypot(...c.r), Math.hypot(...c.u));
  const kappa = (10 * (1 + mu) ** 2 * (1 + c.lambdaMax)) / c.lambdaMin;
  const bound = kappa * eps * scale + 1e-12 * scale;
  const d = difference(result.r, c.r);
  check(d.norm <= bound,
    () => `‖r − r*‖ = ${d.norm.toExponential(3)} > ${bound.toExponential(3)}: r[${d.worst}] = ${result.r[d.worst]}, exact ${c.r[d.worst]}`);
}

/** The analytic one- and two-contact properties. */
export function analyticProperties(sut: SolverUnderTest): Pick<Record<SolverPropertyName, SolverPropertySpec>, `analytic: ${string}` & SolverPropertyName> {
  const friction = sut.friction;
  const frictionless = friction ? undefined : 'the plugin declares friction: false (frictionless problems only)';
  const of = (kinds: AnalyticKind[]) => arbAnalyticCase(kinds, { friction });
  return {
    'analytic: separation gives r = 0': spec({ arbitrary: of(['separation']), predicate: (c) => checkAnalytic(sut, c) }),
    'analytic: sticking contact gives u = 0': spec({ skip: frictionless, arbitrary: of(['stick']), predicate: (c) => checkAnalytic(sut, c) }),
    'analytic: sliding on the cone boundary, slip opposite the friction force': spec({
      skip: frictionless ?? (sut.cone === 'relaxed'
        ? 'the options select the relaxed cone problem, whose sliding contacts lift off (u_N = μ‖u_T‖) instead of sliding'
        : undefined),
      arbitrary: of(['slide']),
      predicate: (c) => checkAnalytic(sut, c, (res) => {
        const ut1 = res.u[1], ut2 = res.u[2], rt1 = res.r[1], rt2 = res.r[2];
        const cos = (ut1 * rt1 + ut2 * rt2) / (Math.hypot(ut1, ut2) * Math.hypot(rt1, rt2));
        check(cos < -0.99, () => `the slip u_T = [${ut1}, ${ut2}] is not opposite the friction force r_T = [${rt1}, ${rt2}] (cos = ${cos})`);
      }),
    }),
    'analytic: frictionless problems match the LCP solution': spec({
      arbitrary: of(['lcp-one', 'lcp-two', 'lcp-diagonal']),
      predicate: (c) => checkAnalytic(sut, c),
    }),
  };
}

/**
 * Compares the answers to two problems with the same solution up to a known map, when both
 * runs converged: ‖mapped − other‖ <= 2 κ (ε₁ S₁ w₁ + ε₂ S₂), each term the error bound
 * of one run (w₁ the map's factor on the first run's bound).
 */
function compareRuns(sut: SolverUnderTest, kappa: number, one: [FrictionContactProblem, SolveResult], two: [FrictionContactProblem, SolveResult], mapped: Float64Array, factor: number, what: string): Verdict {
  const [p1, a] = one, [p2, b] = two;
  if (!a.converged || !b.converged) {
    return { inconclusive: a.converged === b.converged ? 'neither run converged' : 'only one of the two runs converged' };
  }
  const x = promisedAccuracy(sut, p1, a), y = promisedAccuracy(sut, p2, b);
  const bound = 2 * kappa * (factor * x.eps * x.scale + y.eps * y.scale) + 1e-10 * (factor * x.scale + y.scale);
  const d = difference(mapped, b.r);
  check(d.norm <= bound, () => `${what}: ‖Δr‖ = ${d.norm.toExponential(3)} > ${bound.toExponential(3)} (entry ${d.worst}: ${mapped[d.worst]} vs ${b.r[d.worst]}); the problem has one solution, κ = ${kappa.toPrecision(3)}`);
}

/** The permutation and scaling invariances, on problems with one solution. */
export function invarianceProperties(sut: SolverUnderTest): Pick<Record<SolverPropertyName, SolverPropertySpec>, `invariance: ${string}` & SolverPropertyName> {
  return {
    'invariance: permuting the contacts permutes r': spec({
      arbitrary: arbWellPosedCase(sut.friction, sut.cone),
      predicate: (c) => {
        const nc = c.problem.contacts, rng = new Rng(c.seed);
        const perm = Int32Array.from({ length: nc }, (_, i) => i);
        for (let i = nc - 1; i > 0; i--) {
          const j = rng.int(0, i);
          [perm[i], perm[j]] = [perm[j], perm[i]];
        }
        const permuted = permuteProblem(c.problem, perm);
        const a = solveFresh(sut, c.problem).result, b = solveFresh(sut, permuted).result;
        return compareRuns(sut, c.kappa, [c.problem, a], [permuted, b], permuteVector(a.r, perm), 1, 'r of the permuted problem differs from the permuted r');
      },
    }),
    'invariance: scaling q by c > 0 scales r by c': spec({
      arbitrary: fc.tuple(arbWellPosedCase(sut.friction, sut.cone), fc.constantFrom(-3, -2, -1, 1, 2, 3)).map(([w, e]) => ({ ...w, factor: 10 ** e, label: `${w.label} q×1e${e}` })),
      predicate: (c) => {
        const scaled = scaleQ(c.problem, c.factor);
        const a = solveFresh(sut, c.problem).result, b = solveFresh(sut, scaled).result;
        return compareRuns(sut, c.kappa, [c.problem, a], [scaled, b], a.r.map((v) => c.factor * v), c.factor, `r for c q differs from c r (c = ${c.factor})`);
      },
    }),
  };
}
