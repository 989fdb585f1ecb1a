// A solver for the worker-pool tests, in plain JavaScript because a pool worker runs
// compiled code only: it hangs, or ends its worker thread (as a plugin calling
// process.exit would), or does so once and then answers r = 0, as its options say.
import { existsSync, writeFileSync } from 'node:fs';
import { z } from 'zod';

export default {
  kind: 'solver',
  name: 'misbehaving',
  summary: 'hangs or kills its worker, for the pool tests; never run it in process',
  supports: { warmStart: false, cone: 'coulomb', friction: true },
  options: z.object({
    tolerance: z.number().positive().default(1e-8),
    mode: z.enum(['hang', 'exit', 'exit-once']),
    /** exit-once: exits when this file does not exist yet (and creates it). */
    marker: z.string().default(''),
  }),
  create: (o) => ({
    name: 'misbehaving',
    solve: (p) => {
      if (o.mode === 'hang') for (;;) { /* never returns */ }
      if (o.mode === 'exit' || !existsSync(o.marker)) {
        if (o.mode === 'exit-once') writeFileSync(o.marker, 'died once\n');
        process.exit(7);
      }
      return {
        r: new Float64Array(p.size), u: Float64Array.from(p.q), converged: false, reason: 'max-iterations',
        iterations: 1, error: 1, merit: 'siconos', answeredBy: 'misbehaving', ms: 0,
      };
    },
  }),
};
