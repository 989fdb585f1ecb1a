import { describe, expect, test } from 'vitest';
import { bsrMul, defineSolver, FrictionContactProblem, MoreauError, z, type SolveOptions, type SolveResult } from '@moreau/core';
import { randomContactSystem, randomRollingProblem, runSolverConformance } from './index.js';
import { checkInRollingCones } from './solver-rolling-properties.js';
import { CheckFailure } from './solver-checks.js';

const ROLLING = [
  'rolling: result lies in the cones Z of the pairs and K_μ of the other contacts',
  'rolling: converged implies siconos within tolerance',
  'rolling: same input and options give bit-identical output',
  'rolling: inputs are not mutated',
] as const;

/**
 * A solver declaring `supports.rolling` that answers `answer(problem)` at once, claiming
 * `converged`; `onSolve` may do something to the solve's inputs first.
 */
function fixedAnswer(name: string, answer: (p: FrictionContactProblem) => Float64Array, converged: boolean, onSolve?: (o: SolveOptions) => void, rolling = true) {
  return defineSolver({
    name,
    summary: 'answers at once (conformance test fixture)',
    supports: { warmStart: true, cone: 'coulomb', friction: true, rolling },
    options: z.object({ tolerance: z.number().positive().default(1e-8) }),
    create: (_o, ctx) => ({
      name,
      solve(p: FrictionContactProblem, o: SolveOptions = {}): SolveResult {
        onSolve?.(o);
        const r = answer(p), u = bsrMul(p.W, r, new Float64Array(p.size));
        for (let i = 0; i < u.length; i++) u[i] += p.q[i];
        const reason = converged ? 'converged' : 'max-iterations';
        ctx.events.emit('solver:end', { solver: name, converged, reason, iterations: 0, error: 0, merit: 'siconos', ms: 0 });
        return { r, u, converged, reason, iterations: 0, error: 0, merit: 'siconos', answeredBy: name, ms: 0 };
      },
    }),
  });
}

const zero = (p: FrictionContactProblem) => new Float64Array(p.size);
/** r = 0 but a unit rolling torque on every pair: outside Z, whose γ_n = 0 allows no torque. */
const torqueWithoutNormal = (p: FrictionContactProblem) => {
  const r = zero(p);
  for (const t of p.rolling!.torque) r[3 * t] = 1;
  return r;
};

const statuses = async (plugin: ReturnType<typeof fixedAnswer>) => {
  const report = await runSolverConformance(plugin, { runs: 10, seed: 7, only: [...ROLLING] });
  return Object.fromEntries(report.properties.filter((p) => p.name.startsWith('rolling')).map((p) => [p.name, p.status]));
};

describe('randomRollingProblem', () => {
  test('should extend the rigid system of the same seed with torque blocks w = F (ω_A − ω_B), W symmetric', () => {
    for (const seed of [1, 2, 3, 11]) {
      const p = randomRollingProblem(seed, { contacts: 7 });
      const system = randomContactSystem(seed, { contacts: 7 });
      const pairs = p.rolling!, nc = system.contacts.length;
      expect(pairs.count).toBeGreaterThanOrEqual(1);
      expect(p.contacts).toBe(nc + pairs.count);
      // the contacts are those of the rigid system, to the bit
      expect(Array.from(p.q.subarray(0, 3 * nc))).toEqual(Array.from(system.problem.q));
      for (let k = 0; k < pairs.count; k++) {
        const c = system.contacts[pairs.force[k]], b = system.b, t = 3 * pairs.torque[k];
        expect(pairs.torque[k]).toBe(nc + k);
        expect(p.mu[pairs.torque[k]]).toBe(0);
        // rows (t1, t2, n) of the frame (stored n, t1, t2) against ω_A − ω_B
        const w = [0, 1, 2].map((i) => b[6 * c.bodyA + 3 + i] - (c.bodyB < 0 ? 0 : b[6 * c.bodyB + 3 + i]));
        [1, 2, 0].forEach((row, i) => {
          const expected = w.reduce((s, x, j) => s + c.frame[3 * row + j] * x, 0);
          expect(Math.abs(p.q[t + i] - expected)).toBeLessThanOrEqual(1e-12 * (1 + Math.abs(expected)));
        });
      }
      const W = p.W.toDense(), n = p.size;
      let asymmetric = 0;
      for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) if (W[i * n + j] !== W[j * n + i]) asymmetric++;
      expect(asymmetric).toBe(0);
      expect(randomRollingProblem(seed, { contacts: 7 }).W.values).toEqual(p.W.values);
    }
  });
});

describe('checkInRollingCones', () => {
  const p = randomRollingProblem(3, { contacts: 3, rolling: 1 });
  const pairs = p.rolling!;
  const onBoundary = (): Float64Array => {
    const r = zero(p);
    for (let k = 0; k < pairs.count; k++) {
      const f = 3 * pairs.force[k], t = 3 * pairs.torque[k];
      r[f] = 1; r[f + 1] = p.mu[pairs.force[k]];
      r[t] = pairs.rho[k]; r[t + 2] = -pairs.sigma[k];
    }
    return r;
  };

  test('should accept reactions on the boundary of Z and reject each group just past it', () => {
    expect(() => checkInRollingCones(p, onBoundary())).not.toThrow();
    for (const [row, i] of [['force', 1], ['torque', 0], ['torque', 2]] as const) {
      const r = onBoundary(), o = 3 * pairs[row][0] + i;
      r[o] += Math.sign(r[o] || 1) * 1e-6;
      expect(() => checkInRollingCones(p, r), `${row}[${i}]`).toThrow(CheckFailure);
    }
  });
});

describe('rolling properties of the solver suite', () => {
  test('should be skipped for a plugin that does not declare supports.rolling', async () => {
    const plugin = fixedAnswer('no-rolling', zero, false, undefined, false);
    const report = await runSolverConformance(plugin, { runs: 2, seed: 7, only: [...ROLLING] });
    for (const name of ROLLING) {
      const p = report.properties.find((x) => x.name === name)!;
      expect(p.status).toBe('skip');
      expect(p.reason).toMatch(/supports\.rolling/);
    }
  });

  test('should be skipped for options the plugin refuses on pairs with E_UNSUPPORTED, and fail one that refuses uncoded', async () => {
    const refuses = (error: () => Error) => fixedAnswer('refuses-pairs', (p) => {
      if (p.rolling) throw error();
      return zero(p);
    }, false);
    const coded = await runSolverConformance(refuses(() => new MoreauError('E_UNSUPPORTED', 'no pairs with this variant')), { runs: 2, seed: 7, only: [...ROLLING] });
    for (const name of ROLLING) expect(coded.properties.find((x) => x.name === name)!.reason).toMatch(/refuses these options on rolling pairs \(E_UNSUPPORTED: no pairs with this variant\)/);
    expect(await statuses(refuses(() => new Error('no pairs')))).toEqual({
      [ROLLING[0]]: 'fail', [ROLLING[1]]: 'fail', [ROLLING[2]]: 'fail', [ROLLING[3]]: 'fail',
    });
  });

  test('should fail a torque without normal force on the cone property, and pass it on the others', async () => {
    expect(await statuses(fixedAnswer('torque-without-normal', torqueWithoutNormal, false))).toEqual({
      [ROLLING[0]]: 'fail', [ROLLING[1]]: 'inconclusive', [ROLLING[2]]: 'pass', [ROLLING[3]]: 'pass',
    });
  });

  test('should fail r = 0 claimed converged on the convergence property only', async () => {
    expect(await statuses(fixedAnswer('claims-zero', zero, true))).toEqual({
      [ROLLING[0]]: 'pass', [ROLLING[1]]: 'fail', [ROLLING[2]]: 'pass', [ROLLING[3]]: 'pass',
    });
  });

  test('should fail a solver that projects the caller\'s warm start in place on the inputs property only', async () => {
    const inPlace = (o: SolveOptions) => o.warmStart?.fill(0);
    expect(await statuses(fixedAnswer('projects-warm-start-in-place', zero, false, inPlace))).toEqual({
      [ROLLING[0]]: 'pass', [ROLLING[1]]: 'inconclusive', [ROLLING[2]]: 'pass', [ROLLING[3]]: 'fail',
    });
  });
});
