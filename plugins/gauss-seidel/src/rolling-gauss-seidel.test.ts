import { describe, expect, test } from 'vitest';
import {
  bsrMul, coneViolation, createRegistry, gatherPair, isMoreauError, resolve, rollingConeViolation, SiconosMerit,
  type FrictionContactProblem, type SolveResult,
} from '@moreau/core';
import plugin, { options, type GaussSeidelOptions } from './index.js';
import { testContext } from './__fixtures__/context.js';
import { sphereOnPlane, type SphereOptions } from '@moreau/conformance';
import { randomRollingProblem } from './__fixtures__/rolling-problems.js';

const solve = (p: FrictionContactProblem, opts: Partial<GaussSeidelOptions> = {}, warmStart?: Float64Array) =>
  plugin.create(options.parse(opts), testContext()).solve(p, warmStart ? { warmStart } : {});

/** A ball of 2 kg, radius 0.1, one step of 0.01 s under 9.81: γ_n = m g h = 0.1962. */
const BALL: SphereOptions = { m: 2, R: 0.1, h: 0.01, g: 9.81, V: 1, Omega: 0, mu: 0.5, rho: 0.002, sigma: 0.001 };
const GN = BALL.m * BALL.g * BALL.h, I = 0.4 * BALL.m * BALL.R ** 2;

function expectClose(r: Float64Array, expected: number[], tol: number): void {
  for (let i = 0; i < expected.length; i++) expect(Math.abs(r[i] - expected[i]), `r[${i}] = ${r[i]}, expected ${expected[i]}`).toBeLessThanOrEqual(tol);
}

/** Every pair's six reactions in Z and every other contact's in K_μ, to rounding; u = W r + q. */
function expectAdmissible(p: FrictionContactProblem, res: SolveResult): void {
  const pairs = p.rolling!, six = new Float64Array(6), scale = Math.max(...Array.from(res.r, Math.abs));
  for (let k = 0; k < pairs.count; k++) {
    gatherPair(six, 0, res.r, pairs, k);
    expect(rollingConeViolation(six, 0, p.mu[pairs.force[k]], pairs.rho[k], pairs.sigma[k])).toBeLessThanOrEqual(1e-14 * scale);
  }
  for (let a = 0; a < p.contacts; a++) {
    if (pairs.pairOf[a] < 0) expect(coneViolation(res.r, 3 * a, p.mu[a])).toBeLessThanOrEqual(1e-14 * scale);
  }
  const u = bsrMul(p.W, res.r, new Float64Array(p.size));
  for (let i = 0; i < p.size; i++) expect(res.u[i]).toBe(u[i] + p.q[i]);
}

describe('gauss-seidel on a ball with rolling and spinning resistance (closed forms)', () => {
  // Tolerances: the solve stops at siconos 1e-12; W's 6×6 block has condition ~12 after the
  // group scaling, so r is within ~1e-11 of γ_n of the exact answer. 1e-10 γ_n leaves room.
  const tight = { tolerance: 1e-12 };

  test('should roll at the rolling threshold: τ_w = −ρ γ_n, friction −ρ γ_n / (1.4 R), nothing else', () => {
    const res = solve(sphereOnPlane(BALL), tight);
    expect(res.converged).toBe(true);
    expectClose(res.r, [GN, -BALL.rho * GN / (1.4 * BALL.R), 0, 0, -BALL.rho * GN, 0], 1e-10 * GN);
    // Still rolling without slipping, a little slower: ω' = V / R − ρ γ_n / (1.4 m R²).
    expect(res.u[1]).toBeCloseTo(0, 10);
    expect(res.u[4]).toBeCloseTo(BALL.V / BALL.R - BALL.rho * GN / (1.4 * BALL.m * BALL.R ** 2), 9);
  });

  test('should spin down at the spinning threshold: τ_n = −σ γ_n while ω_n > 0', () => {
    const Omega = 1; // above σ γ_n / I = 0.0245
    const res = solve(sphereOnPlane({ ...BALL, V: 0, Omega }), tight);
    expect(res.converged).toBe(true);
    expectClose(res.r, [GN, 0, 0, 0, 0, -BALL.sigma * GN], 1e-10 * GN);
    expect(res.u[5]).toBeCloseTo(Omega - BALL.sigma * GN / I, 10);
  });

  test('should stop a slow ball below both thresholds: friction −m V, rolling torque −1.4 m V R, spin torque −I Ω', () => {
    const V = 0.0005, Omega = 0.01;
    const res = solve(sphereOnPlane({ ...BALL, V, Omega }), tight);
    expect(res.converged).toBe(true);
    expectClose(res.r, [GN, -BALL.m * V, 0, 0, -1.4 * BALL.m * V * BALL.R, -I * Omega], 1e-10 * GN);
    expectClose(res.u, [0, 0, 0, 0, 0, 0], 1e-10);
  });
});

describe('gauss-seidel on random problems with rolling pairs', () => {
  const merit = new SiconosMerit();

  test('should reach siconos 1e-10 with every reaction in its cone', () => {
    for (const seed of [2, 3, 4]) {
      const p = randomRollingProblem({ contacts: 12, bodies: 8, seed, rolling: 0.5 });
      expect(p.rolling!.count).toBeGreaterThan(2);
      const res = solve(p, { tolerance: 1e-10 });
      expect(res.converged, `seed ${seed}: ${res.reason} at ${res.error}`).toBe(true);
      expect(merit.evaluate(p, res.r)).toBeLessThanOrEqual(1e-10);
      // A pair's local solve may stop at ROLLING_LOCAL_MAX_ITERATIONS (counted under localFailures)
      // and go on at its next visit: what must hold is the answer, checked above and below.
      expectAdmissible(p, res);
    }
  });

  test('should converge in every ordering and with over-relaxation, and give the same bits twice', () => {
    const p = randomRollingProblem({ contacts: 10, bodies: 6, seed: 4, rolling: 0.6 });
    for (const o of [{ ordering: 'symmetric' }, { ordering: 'reshuffled', seed: 2 }, { ordering: 'shuffled', seed: 5 }, { relaxation: 1.3 }] as const) {
      const a = solve(p, { ...o, tolerance: 1e-10 }), b = solve(p, { ...o, tolerance: 1e-10 });
      expect(a.converged, JSON.stringify(o)).toBe(true);
      expectAdmissible(p, a);
      expect(Buffer.from(a.r.buffer).equals(Buffer.from(b.r.buffer))).toBe(true);
    }
  });

  test('should project a warm start onto Z and return at once from a solution', () => {
    const p = randomRollingProblem({ contacts: 8, bodies: 5, seed: 6, rolling: 0.5 });
    const wild = Float64Array.from({ length: p.size }, (_, i) => (i % 2 ? 3 : -2));
    const start = solve(p, {}, wild);
    const at0 = plugin.create(options.parse({}), testContext()).solve(p, { warmStart: wild, maxIterations: 0 });
    expect(at0.iterations).toBe(0);
    expectAdmissible(p, at0);
    expect(start.converged).toBe(true);
    const again = solve(p, {}, solve(p, { tolerance: 1e-12 }).r);
    expect(again.iterations).toBeLessThanOrEqual(1);
  });

  test('should be accepted by the solver chain, whose answer check agrees', () => {
    const registry = createRegistry().register(plugin, '@moreau/gauss-seidel');
    const p = randomRollingProblem({ contacts: 10, bodies: 6, seed: 7, rolling: 0.5 });
    const res = resolve({ name: 'gauss-seidel', options: { tolerance: 1e-10 } }, registry).solver.solve(p);
    expect(res.converged).toBe(true);
    expect(res.check).toBeUndefined();
  });

  test('should refuse the jacobi variant, Anderson acceleration and merits other than siconos on pairs, and say what to set', () => {
    const p = randomRollingProblem({ contacts: 4, bodies: 3, seed: 8, rolling: 1 });
    const refusal = (o: Partial<GaussSeidelOptions>) => {
      try { solve(p, o); } catch (e) { return e; }
      return undefined;
    };
    for (const [o, fix] of [[{ variant: 'jacobi' }, /"variant": "gauss-seidel"/], [{ acceleration: 'anderson' }, /"acceleration": "none"/], [{ merit: 'energy' }, /"merit": "siconos"/]] as const) {
      const e = refusal(o);
      expect(isMoreauError(e, 'E_UNSUPPORTED')).toBe(true);
      expect((e as Error).message).toMatch(fix);
    }
  });
});
