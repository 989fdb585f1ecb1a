import type { SolverConfig } from '@moreau/core/contracts';
import type { ProblemFeatures } from './features.js';

/** One row of the table `auto` chooses by: the first rule whose `when` holds picks the chain. */
export interface AutoRule {
  name: string;
  /** Why this configuration, in one line (the measurements are in the README, "How auto chooses"). */
  why: string;
  when(features: ProblemFeatures): boolean;
  /** The fallback chain, every link held to `tolerance` in the siconos measure. */
  chain(tolerance: number): SolverConfig;
}

/**
 * Above this many contacts semismooth Newton goes first: on the shared problems of that size
 * (the two Capsules piles, W 2-3 % full) its sparse LU makes it the fastest built-in solver
 * (tens of Newton steps), while Gauss-Seidel needs thousands of sweeps there.
 */
export const LARGE_PROBLEM_CONTACTS = 150;

/** Gauss-Seidel sweeps a chain spends before handing over: enough for the problems it solves fast. */
export const FIRST_SWEEPS = 100;

/**
 * The table, first match wins (README, "How auto chooses", has the measurements behind it).
 * Every chain ends with solvers that reach 1e-8 on every shared problem, so a rule that
 * guesses wrong costs time, not the answer.
 */
export const AUTO_RULES: readonly AutoRule[] = [
  {
    name: 'frictionless',
    why: 'μ = 0 everywhere: the semismooth Newton UNIL linearisation solves these LCPs in a few Newton steps',
    when: (f) => f.frictionless,
    chain: (tolerance) => ({
      name: 'semismooth-newton', options: { tolerance, variant: 'unil' },
      fallback: { name: 'gauss-seidel', options: { tolerance }, start: 'initial' },
    }),
  },
  {
    name: 'large',
    why: `more than ${LARGE_PROBLEM_CONTACTS} contacts: semismooth Newton first, APGD then Gauss-Seidel behind it`,
    when: (f) => f.contacts > LARGE_PROBLEM_CONTACTS,
    chain: (tolerance) => ({
      name: 'semismooth-newton', options: { tolerance },
      fallback: {
        name: 'apgd', options: { tolerance },
        fallback: { name: 'gauss-seidel', options: { tolerance } },
      },
    }),
  },
  {
    name: 'general',
    why: `Gauss-Seidel with Anderson acceleration for ${FIRST_SWEEPS} sweeps (it answers most small and mid-sized problems first), then semismooth Newton from its iterate, then APGD`,
    when: () => true,
    chain: (tolerance) => ({
      name: 'gauss-seidel', options: { tolerance, maxIterations: FIRST_SWEEPS, acceleration: 'anderson' },
      fallback: {
        name: 'semismooth-newton', options: { tolerance },
        fallback: { name: 'apgd', options: { tolerance } },
      },
    }),
  },
];
