import { z } from 'zod';
import { defineSolver } from '@moreau/core';
import type { ContactSolver } from '@moreau/core';
import { zeroAnswer } from './bench-zero-answer.js';

/**
 * A solver for `moreau bench` tests, loaded by path as a contributed package would be:
 * it returns r = 0 after busy-waiting `waitMs`, ignoring any time budget (one long
 * iteration), and claims convergence only when it is true.
 */
export default defineSolver({
  name: 'slow-zero',
  summary: 'returns r = 0 after a busy wait that no budget shortens',
  supports: { warmStart: false, cone: 'coulomb', friction: true },
  options: z.object({ tolerance: z.number().positive().default(1e-8), waitMs: z.number().nonnegative().default(200) }),
  create: (o, ctx): ContactSolver => ({
    name: 'slow-zero',
    solve: (p) => {
      const until = performance.now() + o.waitMs;
      while (performance.now() < until) { /* a long single iteration */ }
      const error = ctx.merit('siconos').evaluate(p, new Float64Array(p.size));
      return zeroAnswer(p, 'slow-zero', error <= o.tolerance, error);
    },
  }),
});
