import { MoreauError } from '@moreau/core/contracts';
import type { FrictionContactProblem } from '@moreau/core/kernels';

/**
 * E_UNSUPPORTED when a contact of `problem` has μ > 0: these methods solve the bound-constrained
 * QP of the normal reactions only, and answering a frictional problem with zero tangential
 * reactions would be wrong. Core's chain refuses such a problem before any solver runs (the
 * plugins declare `supports.friction: false`); this check is for callers holding the solver itself.
 */
export function refuseFriction(solver: string, problem: FrictionContactProblem): void {
  const { mu } = problem;
  for (let a = 0; a < problem.contacts; a++) {
    if (mu[a] !== 0) {
      throw new MoreauError('E_UNSUPPORTED',
        `solver "${solver}" solves frictionless problems only, but μ[${a}] = ${mu[a]} in "${problem.name}"; choose a solver with friction (gauss-seidel, apgd, pqn, semismooth-newton) or set every μ to 0 (--frictionless)`,
        { index: a });
    }
  }
}
