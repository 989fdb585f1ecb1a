import { z } from 'zod';
import { bsrMul } from '../src/linalg/bsr-matvec.js';
import { defineSolver } from '../src/contracts/define.js';
import type { ContactSolver, SolveOptions, SolveResult } from '../src/contracts/solver.js';
import type { PluginContext } from '../src/contracts/plugin.js';
import type { FrictionContactProblem } from '../src/problem/friction-contact-problem.js';

/**
 * Tiny solvers for testing the plugin machinery (not the mathematics):
 * `toy-zero` returns r = 0 and reports convergence honestly by the merit;
 * `toy-fail` never converges; `toy-nan` returns NaN.
 */
function result(problem: FrictionContactProblem, r: Float64Array, ctx: PluginContext, name: string, merit: string, tol: number): SolveResult {
  const u = bsrMul(problem.W, r, new Float64Array(problem.size));
  for (let i = 0; i < u.length; i++) u[i] += problem.q[i];
  const error = ctx.merit(merit).evaluate(problem, r, u);
  const converged = error <= tol;
  ctx.events.emit('solver:end', { solver: name, converged, reason: converged ? 'converged' : 'max-iterations', iterations: 1, error, merit, ms: 0 });
  return { r, u, converged, reason: converged ? 'converged' : 'max-iterations', iterations: 1, error, merit, answeredBy: name, ms: 0 };
}

const common = {
  tolerance: z.number().positive().default(1e-8),
  maxIterations: z.number().int().positive().default(10),
  merit: z.string().default('siconos'),
};

export const toyZero = defineSolver({
  name: 'toy-zero',
  summary: 'returns r = 0 (or the warm start)',
  supports: { warmStart: true, cone: 'coulomb', friction: true },
  options: z.object(common),
  create: (o, ctx): ContactSolver => ({
    name: 'toy-zero',
    solve: (p, s?: SolveOptions) => result(p, s?.warmStart ? Float64Array.from(s.warmStart) : new Float64Array(p.size), ctx, 'toy-zero', o.merit, o.tolerance),
  }),
});

export const toyFail = defineSolver({
  name: 'toy-fail',
  summary: 'never converges',
  supports: { warmStart: false, cone: 'coulomb', friction: true },
  options: z.object(common),
  create: (o, ctx): ContactSolver => ({
    name: 'toy-fail',
    solve: (p) => ({ ...result(p, new Float64Array(p.size), ctx, 'toy-fail', o.merit, 0), converged: false }),
  }),
});

export const toyNan = defineSolver({
  name: 'toy-nan',
  summary: 'returns NaN',
  supports: { warmStart: true, cone: 'coulomb', friction: true },
  options: z.object(common),
  create: (o): ContactSolver => ({
    name: 'toy-nan',
    solve: (p) => ({
      r: new Float64Array(p.size).fill(NaN), u: new Float64Array(p.size), converged: true, reason: 'converged',
      iterations: 1, error: 0, merit: o.merit, answeredBy: 'toy-nan', ms: 0,
    }),
  }),
});

/**
 * A solver that never converges and returns r = [value, 0, 0, …] on the normal of every
 * contact: a fallback near a solution, or a diverging one (`toy-fixed`, option `value`).
 */
export const toyFixed = defineSolver({
  name: 'toy-fixed',
  summary: 'never converges; returns r_N = value on every contact',
  supports: { warmStart: false, cone: 'coulomb', friction: true },
  options: z.object({ ...common, value: z.number().default(0) }),
  create: (o, ctx): ContactSolver => ({
    name: 'toy-fixed',
    solve: (p) => {
      const r = new Float64Array(p.size);
      for (let a = 0; a < p.contacts; a++) r[3 * a] = o.value;
      return { ...result(p, r, ctx, 'toy-fixed', o.merit, 0), converged: false, reason: 'max-iterations' };
    },
  }),
});
