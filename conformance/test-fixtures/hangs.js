// A solver that never returns when given a tight time budget (≤ 10 ms) and is the reference
// projected Jacobi otherwise: the time-budget property meets the hang; the watchdog must
// stop it, fail that property, and let the run end.
import { jacobiPlugin } from './jacobi-solvers.js';

const reference = jacobiPlugin('hangs');

export default {
  ...reference,
  create(options, ctx) {
    const solver = reference.create(options, ctx);
    return {
      name: solver.name,
      solve(p, s = {}) {
        if (s.timeBudgetMs !== undefined && s.timeBudgetMs <= 10) for (;;);
        return solver.solve(p, s);
      },
    };
  },
};
