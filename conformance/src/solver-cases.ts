import fc from 'fast-check';
import type { FrictionContactProblem, SolveOptions } from '@moreau/core';
import { randomContactSystem } from './rigid-system.js';
import { scaleQ, wellPosed } from './problem-transforms.js';

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
  }).map(({ contacts, seed, conditioning: c, redundant }) => {
    const p = randomContactSystem(seed, { contacts, conditioning: c, redundant }).problem;
    const problem = o.friction ? p : p.frictionless();
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
export function arbWellPosedCase(friction: boolean, cone: 'coulomb' | 'relaxed'): fc.Arbitrary<WellPosedCase> {
  return fc.tuple(arbGeneratedCase({ friction, redundant: [0, 0.2] }), fc.double({ min: 0.1, max: 1, noNaN: true }), fc.integer({ min: 0, max: 0x7fffffff }))
    .map(([base, alpha, seed]) => {
      const { problem, kappa } = wellPosed(base.problem, alpha, cone);
      return { problem, kappa, seed, label: `${base.label} made well posed (α = ${alpha}), seed ${seed}` };
    });
}
