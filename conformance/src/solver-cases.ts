import fc from 'fast-check';
import { FrictionContactProblem, type SolveOptions } from '@moreau/core';
import { randomContactSystem, type RigidContactSystem } from './rigid-system.js';
import { scaleQ, wellPosed } from './problem-transforms.js';
import { Rng } from './rng.js';

/** A problem for one property run, with a label that replays it (generator seed and options). */
export interface ProblemCase {
  problem: FrictionContactProblem;
  label: string;
}

/** A problem and the budget of the solve. */
export interface SolveCase extends ProblemCase {
  solve: SolveOptions;
}

export interface GeneratedCaseOptions {
  /** Contact count range. Default [1, 60]. */
  contacts?: readonly [number, number];
  /** Share of ill-conditioned problems, 0..1. Default 0.5. */
  ill?: number;
  /** Redundant-contact fractions to draw from. Default [0, 0.3]. */
  redundant?: readonly number[];
  /** False: every μ set to 0 (for plugins that solve frictionless problems only). */
  friction: boolean;
  /**
   * Shares of contacts whose μ is set to exactly 0, mixed with frictional ones, to draw
   * from (a duplicate contact keeps its original's μ). Default ZERO_MU_SHARES.
   */
  zeroMu?: readonly number[];
}

/** Default shares of frictionless contacts in a frictional problem: none in half the problems. */
export const ZERO_MU_SHARES = [0, 0, 0.25, 0.6] as const;

/** The tolerances the suite draws besides the plugin's default. */
export const SUITE_TOLERANCES = [1e-4, 1e-6, 1e-8, 1e-10, 1e-12] as const;

/** A tolerance to run with: the plugin's default (undefined) or one of SUITE_TOLERANCES. */
export function arbTolerance(): fc.Arbitrary<number | undefined> {
  return fc.oneof({ weight: 2, arbitrary: fc.constant(undefined) }, { weight: 5, arbitrary: fc.constantFrom(...SUITE_TOLERANCES) });
}

/** The contact counts of the large tier: above the small generators' 60, up to 520. */
export const LARGE_CONTACTS = [61, 520] as const;

/** The system's problem with μ = 0 exactly at a `share` of its contacts (seeded by the system's seed). */
function withZeroMu(s: RigidContactSystem, share: number): FrictionContactProblem {
  const p = s.problem;
  if (share <= 0) return p;
  const rng = new Rng(s.seed ^ 0x2545f491);
  const mu = Float64Array.from(p.mu);
  for (let a = 0; a < p.contacts; a++) {
    const original = s.contacts[a].duplicateOf;
    mu[a] = original >= 0 ? mu[original] : rng.next() < share ? 0 : mu[a];
  }
  return new FrictionContactProblem(p.W, p.q, mu, `${p.name} μ=0 share=${share}`);
}

/** fast-check arbitrary of random rigid-body problems from the generators (see `randomContactSystem`). */
export function arbGeneratedCase(o: GeneratedCaseOptions): fc.Arbitrary<ProblemCase> {
  const [lo, hi] = o.contacts ?? [1, 60];
  const ill = o.ill ?? 0.5;
  const conditioning = ill <= 0 ? fc.constant('well' as const) : ill >= 1 ? fc.constant('ill' as const)
    : fc.oneof({ weight: Math.round(100 * (1 - ill)), arbitrary: fc.constant('well' as const) }, { weight: Math.round(100 * ill), arbitrary: fc.constant('ill' as const) });
  return fc.record({
    contacts: fc.integer({ min: lo, max: hi }),
    seed: fc.integer({ min: 0, max: 0x7fffffff }),
    conditioning,
    redundant: fc.constantFrom(...(o.redundant ?? [0, 0.3])),
    zero: fc.constantFrom(...(o.zeroMu ?? ZERO_MU_SHARES)),
  }).map(({ contacts, seed, conditioning: c, redundant, zero }) => {
    const system = randomContactSystem(seed, { contacts, conditioning: c, redundant });
    const problem = o.friction ? withZeroMu(system, zero) : system.problem.frictionless();
    return { problem, label: `${problem.name}${o.friction ? '' : ' frictionless'}` };
  });
}

/**
 * Problems over the generators' whole range with q scaled by 10^[-3, 3], solved with the
 * suite's budget or with a cap of 1 or 3 iterations (so unconverged answers are checked too).
 */
export function arbBroadCase(friction: boolean): fc.Arbitrary<SolveCase> {
  return fc.record({
    base: arbGeneratedCase({ friction }),
    exponent: fc.integer({ min: -3, max: 3 }),
    cap: fc.oneof({ weight: 1, arbitrary: fc.constant(1) }, { weight: 1, arbitrary: fc.constant(3) }, { weight: 3, arbitrary: fc.constant(undefined) }),
  }).map(({ base, exponent, cap }) => {
    const problem = exponent === 0 ? base.problem : scaleQ(base.problem, 10 ** exponent);
    const solve: SolveOptions = cap === undefined ? {} : { maxIterations: cap };
    return { problem, label: `${problem.name}${cap === undefined ? '' : ` maxIterations=${cap}`}`, solve };
  });
}

/** A problem with one solution and the constant κ of its error bound (see `wellPosed`). */
export interface WellPosedCase extends ProblemCase {
  kappa: number;
  /** A seed for whatever the property draws next (a permutation...). */
  seed: number;
}

/**
 * Generated problems made well posed: W + α G I with α in [0.1, 1] and, for the Coulomb
 * problem, μ scaled down until the solution is unique (see `wellPosed`).
 */
export function arbWellPosedCase(friction: boolean, cone: 'coulomb' | 'relaxed', contacts?: readonly [number, number]): fc.Arbitrary<WellPosedCase> {
  return fc.tuple(arbGeneratedCase({ friction, redundant: [0, 0.2], ...(contacts ? { contacts } : {}) }), fc.double({ min: 0.1, max: 1, noNaN: true }), fc.integer({ min: 0, max: 0x7fffffff }))
    .map(([base, alpha, seed]) => {
      const { problem, kappa } = wellPosed(base.problem, alpha, cone);
      return { problem, kappa, seed, label: `${base.label} made well posed (α = ${alpha}), seed ${seed}` };
    });
}

/**
 * The large tier: LARGE_CONTACTS contacts over as many bodies (W stays sparse: a block per
 * pair of contacts sharing a body), well conditioned, half of them made well posed so that
 * solvers converge on them too.
 */
export function arbLargeCase(friction: boolean, cone: 'coulomb' | 'relaxed'): fc.Arbitrary<ProblemCase> {
  return fc.oneof(
    arbGeneratedCase({ friction, contacts: LARGE_CONTACTS, ill: 0, redundant: [0, 0.1] }),
    arbWellPosedCase(friction, cone, LARGE_CONTACTS),
  );
}

/** A problem with a tolerance to solve it to (undefined: the plugin's default). */
export interface ToleranceCase extends ProblemCase {
  tol: number | undefined;
}

/** `cases` (one in three from the large tier) each with a tolerance from `arbTolerance`. */
export function withTolerances(cases: fc.Arbitrary<ProblemCase>, friction: boolean, cone: 'coulomb' | 'relaxed'): fc.Arbitrary<ToleranceCase> {
  return fc.tuple(fc.oneof({ weight: 2, arbitrary: cases }, { weight: 1, arbitrary: arbLargeCase(friction, cone) }), arbTolerance())
    .map(([c, tol]) => ({ ...c, tol, label: `${c.label}${tol === undefined ? '' : ` tolerance=${tol}`}` }));
}
