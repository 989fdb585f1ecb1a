import { z } from 'zod';
import { defineSolver } from '@moreau/core';
import type { ContactSolver } from '@moreau/core';

/** A solver that gives up with r = 0, an infinite error and non-finite statistics, for the `--json` output of non-finite numbers. */
export default defineSolver({
  name: 'toy-infinite',
  summary: 'returns r = 0 and reports an infinite error, not converged',
  supports: { warmStart: false, cone: 'coulomb', friction: true },
  options: z.object({}),
  create: (): ContactSolver => ({
    name: 'toy-infinite',
    solve: (p) => ({
      r: new Float64Array(p.size), u: Float64Array.from(p.q), converged: false, reason: 'diverged',
      iterations: 1, error: Infinity, merit: 'siconos', answeredBy: 'toy-infinite', ms: 0,
      stats: { stepLength: Infinity, ratio: NaN, growth: -Infinity },
    }),
  }),
});
