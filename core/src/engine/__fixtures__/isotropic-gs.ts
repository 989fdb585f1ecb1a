import { z } from 'zod';
import { bsrMul } from '../../linalg/bsr-matvec.js';
import { defineSolver } from '../../contracts/define.js';
import type { ContactSolver, SolveOptions, SolveResult } from '../../contracts/solver.js';
import type { PluginContext } from '../../contracts/plugin.js';
import type { FrictionContactProblem } from '../../problem/friction-contact-problem.js';

/**
 * A test double of a solver: block Gauss–Seidel whose one-contact solve is exact when
 * the diagonal block is a multiple of the identity (point masses: W_αα = w I), which is
 * all the engine tests need; reports convergence by the siconos merit.
 */
function solve(p: FrictionContactProblem, ctx: PluginContext, o: { tolerance: number; maxIterations: number }, s?: SolveOptions): SolveResult {
  const n = p.contacts;
  const r = s?.warmStart ? Float64Array.from(s.warmStart) : new Float64Array(3 * n);
  const { rowPtr, colIdx, values, diagIdx } = p.W;
  const u = new Float64Array(3 * n);
  let it = 0, error = Infinity;
  const merit = ctx.merit('siconos');
  while (it < o.maxIterations) {
    it++;
    for (let a = 0; a < n; a++) {
      const l = [p.q[3 * a], p.q[3 * a + 1], p.q[3 * a + 2]];
      for (let k = rowPtr[a]; k < rowPtr[a + 1]; k++) {
        const b = colIdx[k];
        if (b === a) continue;
        for (let i = 0; i < 3; i++) for (let j = 0; j < 3; j++) l[i] += values[9 * k + 3 * i + j] * r[3 * b + j];
      }
      const w = values[9 * diagIdx[a]];
      const mu = p.mu[a];
      if (l[0] >= 0) { r[3 * a] = r[3 * a + 1] = r[3 * a + 2] = 0; continue; }
      const rn = -l[0] / w, t1 = -l[1] / w, t2 = -l[2] / w;
      const nt = Math.hypot(t1, t2);
      const f = nt <= mu * rn ? 1 : (mu * rn) / nt;
      r[3 * a] = rn; r[3 * a + 1] = f * t1; r[3 * a + 2] = f * t2;
    }
    bsrMul(p.W, r, u);
    for (let i = 0; i < u.length; i++) u[i] += p.q[i];
    error = merit.evaluate(p, r, u);
    if (error <= o.tolerance) break;
  }
  const converged = error <= o.tolerance;
  return { r, u, converged, reason: converged ? 'converged' : 'max-iterations', iterations: it, error, merit: 'siconos', answeredBy: 'isotropic-gs', ms: 0 };
}

export const isotropicGsPlugin = defineSolver({
  name: 'isotropic-gs',
  summary: 'test double: block Gauss-Seidel, exact for isotropic diagonal blocks',
  supports: { warmStart: true, cone: 'coulomb', friction: true },
  options: z.object({ tolerance: z.number().positive().default(1e-12), maxIterations: z.number().int().positive().default(500) }),
  create: (o, ctx): ContactSolver => ({ name: 'isotropic-gs', solve: (p, s) => solve(p, ctx, o, s) }),
});
