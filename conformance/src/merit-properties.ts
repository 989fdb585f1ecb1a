import fc from 'fast-check';
import type { FrictionContactProblem } from '@moreau/core';
import { arbAnalyticCase, type AnalyticCase, type AnalyticKind } from './analytic-cases.js';
import { arbProblem } from './generators.js';
import { evaluateMerit, velocityOf, type MeritUnderTest } from './merit-harness.js';
import type { MeritPropertyName, MeritPropertySpec } from './merit-property.js';
import { permuteProblem, permuteVector } from './problem-transforms.js';
import { Rng } from './rng.js';
import { check, fmt, sameBits, snapshotInput } from './solver-checks.js';
import { spec } from './solver-property.js';

/**
 * At an exact solution a merit may differ from 0 by what rounding leaves of it: u = W r + q
 * computed in floating point misses the exact u by about 1e-16 of max(‖q‖, ‖W‖ ‖r‖), and the
 * suite's cases keep those within 10^±2 of 1 (analytic-cases.ts). 1e-10 leaves a millionfold
 * room for how a merit scales that residual, and is still far below any tolerance a solver
 * would be asked for.
 */
export const MERIT_AT_SOLUTION = 1e-10;

/**
 * Reordering the contacts reorders every sum a merit takes (and the mat-vec's rows): at most
 * n·ε relative for n terms (n ≤ 90 here: 2e-14). 1e-10 leaves room for ratios and square
 * roots of such sums, on reactions drawn away from a solution, where no difference cancels.
 */
export const MERIT_ORDER_RTOL = 1e-10;

/** A random problem of 1 to 30 contacts with reactions r drawn from a seed (see `reactions`). */
interface ProblemCase {
  label: string;
  problem: FrictionContactProblem;
  r: Float64Array;
  /** Whether the merit is given u = W r + q or left to compute it. */
  withU: boolean;
  seed: number;
}

/**
 * Reactions for a problem: per contact, a normal deviate scaled by 10^[−3, 3] (inside the
 * cone or not, as it falls), exactly zero for a share of the contacts.
 */
function reactions(p: FrictionContactProblem, rng: Rng): Float64Array {
  const scale = rng.logUniform(-3, 3);
  const r = new Float64Array(p.size);
  for (let a = 0; a < p.contacts; a++) {
    if (rng.next() < 0.2) continue;
    for (let k = 0; k < 3; k++) r[3 * a + k] = scale * rng.normal();
  }
  return r;
}

function arbProblemCase(contacts: [number, number] = [1, 30]): fc.Arbitrary<ProblemCase> {
  return fc.tuple(arbProblem({ contacts }), fc.integer({ min: 0, max: 0x7fffffff }), fc.boolean()).map(([problem, seed, withU]) => {
    const r = reactions(problem, new Rng(seed));
    return { label: `${problem.name} contacts=${problem.contacts} reactions seed=${seed}${withU ? ' with u' : ' without u'}`, problem, r, withU, seed };
  });
}

/** The analytic kinds whose closed-form solution solves the problem the merit measures (see MeritSuiteOptions.cone). */
function solvedKinds(cone: 'coulomb' | 'relaxed'): AnalyticKind[] {
  // A sliding contact's Coulomb solution does not solve the relaxed problem (its u_N = 0 with u_T ≠ 0 is not in K*).
  return cone === 'coulomb' ? ['separation', 'stick', 'slide', 'lcp-one', 'lcp-two', 'lcp-diagonal'] : ['separation', 'stick', 'lcp-one', 'lcp-two', 'lcp-diagonal'];
}

/**
 * The merit conformance properties for `sut`, one per name in MERIT_PROPERTY_NAMES. The merit
 * is called through the contract only (`evaluate(problem, r, u?)`); what it is checked against
 * is computed by the suite: exact solutions, u = W r + q, permuted problems.
 */
export function meritProperties(sut: MeritUnderTest): Record<MeritPropertyName, MeritPropertySpec> {
  const solved = arbAnalyticCase(solvedKinds(sut.cone));
  const given = (c: ProblemCase) => (c.withU ? velocityOf(c.problem, c.r) : undefined);
  return {
    'is a finite number ≥ 0 for finite r': spec({
      // Random reactions, and exact solutions, where a merit that can go below zero is most likely to.
      arbitrary: fc.oneof(arbProblemCase(), solved.map((c) => ({ label: c.label, problem: c.problem, r: c.r, withU: true, seed: 0 }))),
      predicate: (c: ProblemCase) => {
        const value = evaluateMerit(sut.instance(), c.problem, c.r, given(c));
        check(Number.isFinite(value) && value >= 0, () => `the merit is ${value} for finite r and u`);
      },
    }),

    'is zero at an exact solution': spec({
      arbitrary: solved,
      predicate: (c: AnalyticCase) => {
        const value = evaluateMerit(sut.instance(), c.problem, c.r, velocityOf(c.problem, c.r));
        check(value >= 0 && value <= MERIT_AT_SOLUTION, () => `the merit is ${fmt(value)} at the exact solution r = [${Array.from(c.r, fmt).join(', ')}] (${c.kind}), not in [0, ${MERIT_AT_SOLUTION}]`);
      },
    }),

    'is positive where r is not a solution': spec({
      arbitrary: fc.tuple(solved, fc.constantFrom('all', 'normal', 'tangential'), fc.integer({ min: 0, max: 0x7fffffff }))
        .map(([c, move, seed]) => ({ ...c, move, seed, label: `${c.label}, ${move} entries moved by seed=${seed}` })),
      predicate: (c: AnalyticCase & { move: 'all' | 'normal' | 'tangential'; seed: number }) => {
        // The suite's problems have one solution each (W is positive definite): any other r is not one.
        // Moving only the normal or only the tangential entries finds a merit blind to the other half.
        const rng = new Rng(c.seed);
        const size = Math.max(...Array.from(c.r, Math.abs), ...Array.from(c.problem.q, (x) => Math.abs(x) / c.lambdaMax));
        const step = size * rng.logUniform(-3, 0);
        const moves = (i: number) => c.move === 'all' || (c.move === 'normal') === (i % 3 === 0);
        const r = Float64Array.from(c.r, (x, i) => (moves(i) ? x + step * rng.uniform(-1, 1) : x));
        if (sameBits(r, c.r)) return { inconclusive: 'the move left r where it was' };
        const value = evaluateMerit(sut.instance(), c.problem, r, velocityOf(c.problem, r));
        check(value > 0, () => `the merit is ${value} at r = [${Array.from(r, fmt).join(', ')}], which is not a solution (the only one is [${Array.from(c.r, fmt).join(', ')}], ${c.kind})`);
      },
    }),

    'a non-finite r gives Infinity, never NaN': spec({
      arbitrary: fc.tuple(arbProblemCase(), fc.constantFrom(Number.NaN, Infinity, -Infinity)).map(([c, bad]) => ({ ...c, bad, label: `${c.label} one entry ${bad}` })),
      predicate: (c: ProblemCase & { bad: number }) => {
        const r = Float64Array.from(c.r);
        r[new Rng(c.seed + 1).int(0, r.length - 1)] = c.bad;
        // Solvers compare merits (`error < best`, `error <= tolerance`): NaN is false in every comparison, so it would pass for neither good nor bad.
        const value = evaluateMerit(sut.instance(), c.problem, r, c.withU ? velocityOf(c.problem, r) : undefined);
        check(value === Infinity, () => `the merit is ${value} for r with an entry ${c.bad}; expected Infinity`);
      },
    }),

    'does not depend on the order of the contacts': spec({
      arbitrary: arbProblemCase([2, 30]),
      predicate: (c: ProblemCase) => {
        const rng = new Rng(c.seed + 2);
        const perm = Int32Array.from({ length: c.problem.contacts }, (_, i) => i);
        for (let i = perm.length - 1; i > 0; i--) {
          const j = rng.int(0, i);
          [perm[i], perm[j]] = [perm[j], perm[i]];
        }
        const u = given(c);
        const a = evaluateMerit(sut.instance(), c.problem, c.r, u);
        const b = evaluateMerit(sut.instance(), permuteProblem(c.problem, perm), permuteVector(c.r, perm), u && permuteVector(u, perm));
        const ok = a === b || Math.abs(a - b) <= MERIT_ORDER_RTOL * Math.max(Math.abs(a), Math.abs(b));
        check(ok, () => `the merit is ${a} in the given order and ${b} with the contacts reordered as [${perm.join(', ')}] (relative difference ${fmt(Math.abs(a - b) / Math.max(Math.abs(a), Math.abs(b)))} > ${MERIT_ORDER_RTOL})`);
      },
    }),

    'same input gives bit-identical output': spec({
      arbitrary: fc.tuple(arbProblemCase(), arbProblemCase()).map(([c, other]) => ({ ...c, other, label: `${c.label}; in between: ${other.label}` })),
      predicate: (c: ProblemCase & { other: ProblemCase }) => {
        const m = sut.instance(), u = given(c);
        const first = evaluateMerit(m, c.problem, c.r, u);
        // The same instance after another problem (of another size, as often as not), and a fresh one.
        evaluateMerit(m, c.other.problem, c.other.r, given(c.other));
        const again = evaluateMerit(m, c.problem, c.r, u);
        const fresh = evaluateMerit(sut.instance(), c.problem, c.r, u);
        check(Object.is(first, again), () => `the same instance gave ${first}, then ${again} after evaluating another problem`);
        check(Object.is(first, fresh), () => `one instance gave ${first}, a fresh one ${fresh}`);
      },
    }),

    'leaves the problem, r and u unchanged': spec({
      arbitrary: arbProblemCase(),
      predicate: (c: ProblemCase) => {
        const unchanged = snapshotInput(c.problem);
        const r = Float64Array.from(c.r), u = given(c);
        const uCopy = u && Float64Array.from(u);
        evaluateMerit(sut.instance(), c.problem, r, u);
        const changed = unchanged();
        check(changed === undefined, () => `evaluate changed the problem's ${changed}`);
        check(sameBits(r, c.r), () => 'evaluate changed r');
        check(!u || sameBits(u, uCopy!), () => 'evaluate changed the u it was given');
      },
    }),
  };
}
