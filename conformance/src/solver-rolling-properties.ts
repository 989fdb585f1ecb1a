import fc from 'fast-check';
import { bsrMul, gatherPair, isMoreauError, type FrictionContactProblem } from '@moreau/core';
import { arbRollingProblem, randomRollingProblem } from './rolling-system.js';
import { check, checkFinite, CONE_RTOL, difference, fmt, sameBits, snapshotInput } from './solver-checks.js';
import { observe, requireTolerance, solveFresh, type SolverUnderTest } from './solver-harness.js';
import { spec, type SolverPropertyName, type SolverPropertySpec } from './solver-property.js';

type RollingName =
  | 'rolling: result lies in the cones Z of the pairs and K_μ of the other contacts'
  | 'rolling: converged implies siconos within tolerance'
  | 'rolling: same input and options give bit-identical output'
  | 'rolling: inputs are not mutated';

/** A problem with rolling pairs (docs/rolling-resistance.md), labelled for reports. */
interface RollingCase {
  label: string;
  problem: FrictionContactProblem;
}

/** Random multibody problems with rolling pairs, 1 to 12 contacts of which about half resist rolling. */
const arbRollingCase = (): fc.Arbitrary<RollingCase> => arbRollingProblem({ contacts: [1, 12] }).map((problem) => ({ label: problem.name, problem }));

/**
 * Why the plugin's solver, with these options, takes no problem with rolling pairs: its
 * E_UNSUPPORTED refusal of a small one (one capped iteration), or undefined when it takes it.
 * Any other error is left to the properties, which report it.
 */
function refusal(sut: SolverUnderTest): string | undefined {
  try {
    sut.instance().solver.solve(randomRollingProblem(1, { contacts: 2 }), { maxIterations: 1, timeBudgetMs: 50 });
  } catch (e) {
    if (isMoreauError(e, 'E_UNSUPPORTED')) return `the plugin refuses these options on rolling pairs (E_UNSUPPORTED: ${e.message})`;
  }
  return undefined;
}

/** Absolute slack of the cone check: a few spacings of subnormal numbers. */
const SUBNORMAL_SLACK = 8 * Number.MIN_VALUE;

/**
 * Checks each pair's six reactions in its Z (γ_n ≥ 0, ‖γ_t‖ ≤ μ γ_n, ‖τ_r‖ ≤ ρ γ_n, |τ_n| ≤ σ γ_n)
 * and every other contact's in K_μ, each inequality to t = CONE_RTOL (1 + μ + ρ + σ)² ‖r_p‖
 * (the rounding of a projection that lands on the boundary), computed here from the
 * definition, not by core's kernels.
 */
export function checkInRollingCones(p: FrictionContactProblem, r: Float64Array): void {
  const pairs = p.rolling!, six = new Float64Array(6);
  for (let a = 0; a < p.contacts; a++) {
    if (pairs.pairOf[a] >= 0) continue;
    const n = r[3 * a], rt = Math.hypot(r[3 * a + 1], r[3 * a + 2]), mu = p.mu[a];
    const t = CONE_RTOL * (1 + mu) ** 2 * Math.hypot(n, rt) + SUBNORMAL_SLACK;
    check(n >= -t && rt - mu * n <= t, () => `r of contact ${a} (no resistance) is outside K_μ (μ = ${fmt(mu)}): r_N = ${fmt(n)}, ‖r_T‖ − μ r_N = ${fmt(rt - mu * n)}`, a);
  }
  for (let k = 0; k < pairs.count; k++) {
    gatherPair(six, 0, r, pairs, k);
    const mu = p.mu[pairs.force[k]], rho = pairs.rho[k], sigma = pairs.sigma[k];
    const n = six[0], nt = Math.hypot(six[1], six[2]), nr = Math.hypot(six[3], six[4]), ns = Math.abs(six[5]);
    const t = CONE_RTOL * (1 + mu + rho + sigma) ** 2 * Math.hypot(n, nt, nr, ns) + SUBNORMAL_SLACK;
    const worst = Math.max(-n, nt - mu * n, nr - rho * n, ns - sigma * n);
    check(worst <= t,
      () => `the reaction of rolling pair ${k} (block rows ${pairs.force[k]} and ${pairs.torque[k]}) = [${Array.from(six, fmt).join(', ')}] is outside Z (μ = ${fmt(mu)}, ρ = ${fmt(rho)}, σ = ${fmt(sigma)}): γ_n = ${fmt(n)}, ‖γ_t‖ − μ γ_n = ${fmt(nt - mu * n)}, ‖τ_r‖ − ρ γ_n = ${fmt(nr - rho * n)}, |τ_n| − σ γ_n = ${fmt(ns - sigma * n)}`,
      pairs.force[k]);
  }
}

/**
 * The properties a solver declaring `supports.rolling` is held to on problems with rolling
 * pairs: answers in the cones, convergence claims true by the `siconos` merit (the one merit
 * defined on pairs: core's, which measures pairs by Z's natural map), the same bits on repeat,
 * inputs left alone. A plugin that does not declare it is not given such problems (core's chain
 * refuses them to it); options measuring in another merit or solving the relaxed cone are not
 * either, since neither is defined on pairs, nor options the plugin refuses on pairs with
 * E_UNSUPPORTED (a variant that cannot take them: the refusal the guide asks for instead of a
 * wrong answer).
 */
export function rollingProperties(sut: SolverUnderTest): Pick<Record<SolverPropertyName, SolverPropertySpec>, RollingName> {
  const skip = !sut.plugin.supports.rolling ? 'the plugin does not declare supports.rolling'
    : sut.cone === 'relaxed' ? 'these options solve the relaxed cone problem, which is not defined on rolling pairs'
      : sut.meritName !== 'siconos' ? `these options measure in merit "${sut.meritName}"; only "siconos" is defined on rolling pairs`
        : refusal(sut);
  const skipped = skip === undefined ? {} : { skip };
  return {
    'rolling: result lies in the cones Z of the pairs and K_μ of the other contacts': spec({
      ...skipped,
      arbitrary: arbRollingCase(),
      predicate: (c: RollingCase) => {
        const { result } = solveFresh(sut, c.problem);
        checkFinite(result);
        checkInRollingCones(c.problem, result.r);
      },
    }),

    'rolling: converged implies siconos within tolerance': spec({
      ...skipped,
      arbitrary: arbRollingCase(),
      predicate: (c: RollingCase) => {
        const { result } = solveFresh(sut, c.problem);
        if (!result.converged) return { inconclusive: `not converged (${result.reason})` };
        const tol = requireTolerance(sut);
        const u = bsrMul(c.problem.W, result.r, new Float64Array(c.problem.size));
        for (let i = 0; i < u.length; i++) u[i] += c.problem.q[i];
        const value = sut.merit('siconos').evaluate(c.problem, result.r, u);
        check(value <= tol * (1 + 1e-9),
          () => `converged: true, but the siconos merit of r is ${value} > tolerance ${tol} (the solver reported ${result.merit} = ${result.error} after ${result.iterations} iterations)`);
      },
    }),

    'rolling: same input and options give bit-identical output': spec({
      ...skipped,
      arbitrary: arbRollingCase(),
      predicate: (c: RollingCase) => {
        const run = sut.instance();
        const a = observe(sut, run, c.problem).result;
        const b = observe(sut, run, c.problem).result;
        const fresh = solveFresh(sut, c.problem).result;
        if ([a, b, fresh].some((x) => x.reason === 'time-budget')) return { inconclusive: 'a run stopped on the time budget' };
        for (const [x, which] of [[b, 'a second solve on the same instance'], [fresh, 'a solve on a fresh instance']] as const) {
          check(sameBits(a.r, x.r) && sameBits(a.u, x.u), () => `${which} returned different bits: ‖Δr‖ = ${difference(a.r, x.r).norm}, ‖Δu‖ = ${difference(a.u, x.u).norm}`);
          check(a.converged === x.converged && a.reason === x.reason && a.iterations === x.iterations && Object.is(a.error, x.error),
            () => `${which} reported converged ${x.converged}, ${x.reason}, ${x.iterations} iterations, error ${x.error}; the first: ${a.converged}, ${a.reason}, ${a.iterations}, ${a.error}`);
        }
      },
    }),

    'rolling: inputs are not mutated': spec({
      ...skipped,
      arbitrary: arbRollingCase(),
      predicate: (c: RollingCase) => {
        const unchanged = snapshotInput(c.problem);
        const pairs = c.problem.rolling!;
        const kept = [Int32Array.from(pairs.force), Int32Array.from(pairs.torque), Float64Array.from(pairs.rho), Float64Array.from(pairs.sigma)] as const;
        // A warm start outside Z: a solver projects its own copy, never the caller's array.
        const warmStart = sut.warmStart ? Float64Array.from({ length: c.problem.size }, (_, i) => (i % 2 ? 0.3 : -0.2)) : undefined;
        const given = warmStart && Float64Array.from(warmStart);
        observe(sut, sut.instance(), c.problem, warmStart ? { warmStart } : {});
        const changed = unchanged();
        check(changed === undefined, () => `the solve modified the problem's ${changed}`);
        const now = [pairs.force, pairs.torque, pairs.rho, pairs.sigma] as const;
        ['force', 'torque', 'rho', 'sigma'].forEach((name, i) => {
          check(kept[i].every((v, j) => Object.is(v, now[i][j])), () => `the solve modified the problem's rolling.${name}`);
        });
        if (warmStart && given) check(sameBits(given, warmStart), () => `the solve modified the caller's warm-start array (copy it before projecting onto Z)`);
      },
    }),
  };
}
