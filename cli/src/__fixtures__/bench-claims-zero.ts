import { z } from 'zod';
import { defineSolver } from '@moreau/core';
import type { ContactSolver } from '@moreau/core';
import { zeroAnswer } from './bench-zero-answer.js';

/**
 * A solver for `moreau bench` tests, loaded by path as a contributed package would be:
 * it returns r = 0 and always claims convergence with error 0 (false unless r = 0
 * solves the problem).
 */
export default defineSolver({
  name: 'claims-zero',
  summary: 'returns r = 0 and claims convergence, always',
  supports: { warmStart: false, cone: 'coulomb', friction: true },
  options: z.object({ tolerance: z.number().positive().default(1e-8) }),
  create: (): ContactSolver => ({ name: 'claims-zero', solve: (p) => zeroAnswer(p, 'claims-zero', true, 0) }),
});
