import { MoreauError } from '@moreau/core/contracts';
import type { FrictionContactProblem } from '@moreau/core/kernels';
import type { ApgdOptions } from './options.js';

/**
 * Refuses, with E_UNSUPPORTED, a solve of a problem with rolling pairs under options that
 * cannot give the right answer on them: `cone: 'relaxed'` (the relaxation's answer is not
 * the contact law on Z, and its merit, eq 10 on K_μ, is not defined on pairs) and any merit
 * but `siconos`, the one merit defined on pairs (docs/convergence.md). Every variant, ρ rule
 * and pass option works on pairs (RollingCones). Does nothing on a problem without pairs.
 */
export function refuseOnPairs(problem: FrictionContactProblem, options: ApgdOptions, merit: string): void {
  if (problem.rolling === undefined) return;
  const [what, fix] = options.cone === 'relaxed'
    ? ['cone "relaxed"', 'set "cone": "coulomb"']
    : merit !== 'siconos' ? [`the merit "${merit}"`, 'use "merit": "siconos", the one merit defined on them'] : [undefined, ''];
  if (what === undefined) return;
  throw new MoreauError('E_UNSUPPORTED',
    `apgd does not offer ${what} on contacts with rolling and spinning resistance, and "${problem.name}" has ${problem.rolling.count}; ${fix}`);
}
