import { describe, expect, test } from 'vitest';
import {
  bsrMul, coneViolation, createRegistry, gatherPair, isMoreauError, resolve, rollingConeViolation, SiconosMerit,
  type FrictionContactProblem, type SolveResult, type z,
} from '@moreau/core';
import { randomRollingProblem } from '@moreau/conformance';
import plugin, { options } from './index.js';
import { testContext } from './__fixtures__/context.js';
import { sphereOnPlane, type SphereOptions } from '@moreau/conformance';

const VARIANTS = ['mazhar', 'nesterov', 'acary'] as const;
const merit = new SiconosMerit();

const solve = (p: FrictionContactProblem, opts: z.input<typeof options> = {}, warmStart?: Float64Array): SolveResult =>
  plugin.create(options.parse(opts), testContext()).solve(p, warmStart ? { warmStart } : {});

/** A ball of 2 kg, radius 0.1, one step of 0.01 s under 9.81: γ_n = m g h = 0.1962. */
const BALL: SphereOptions = { m: 2, R: 0.1, h: 0.01, g: 9.81, V: 1, Omega: 0, mu: 0.5, rho: 0.002, sigma: 0.001 };
const GN = BALL.m * BALL.g * BALL.h, I = 0.4 * BALL.m * BALL.R ** 2;

function expectClose(x: Float64Array, expected: number[], tol: number): void {
  for (let i = 0; i < expected.length; i++) expect(Math.abs(x[i] - expected[i]), `[${i}] = ${x[i]}, expected ${expected[i]}`).toBeLessThanOrEqual(tol);
}

/** Every pair's six reactions in Z and every other contact's in K_μ, to rounding; u = W r + q to the bit. */
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

describe('apgd on a ball with rolling and spinning resistance (closed forms)', () => {
  // Each solve stops at siconos ≤ 1e-8, relative to max(‖q‖, ‖r‖, ‖u‖) = ‖q‖ here, so the
  // natural map is within 1e-8 ‖q‖; r and u then lie within a multiple of it set by W.
  // Measured over the three variants and cases: at most 1.9 · 1e-8 ‖q‖ (acary, rolling: r_n
  // off by 1.9e-7 with ‖q‖ = 10). Bound 20 · 1e-8 ‖q‖ on every entry of r and u.
  const at = (variant: (typeof VARIANTS)[number]) => ({ variant, tolerance: 1e-8 });
  const bound = (p: FrictionContactProblem) => 20 * 1e-8 * Math.hypot(...p.q);

  test.each(VARIANTS)('%s: should roll at the rolling threshold: τ_w = −ρ γ_n, friction −ρ γ_n / (1.4 R), nothing else', (variant) => {
    const p = sphereOnPlane(BALL);
    const res = solve(p, at(variant));
    expect(res.converged, `${res.reason} at ${res.error}`).toBe(true);
    expect(merit.evaluate(p, res.r)).toBeLessThanOrEqual(1e-8);
    expectClose(res.r, [GN, -BALL.rho * GN / (1.4 * BALL.R), 0, 0, -BALL.rho * GN, 0], bound(p));
    // still rolling without slipping, a little slower: ω' = V / R − ρ γ_n / (1.4 m R²)
    expectClose(res.u, [0, 0, 0, 0, BALL.V / BALL.R - BALL.rho * GN / (1.4 * BALL.m * BALL.R ** 2), 0], bound(p));
    expectAdmissible(p, res);
  });

  test.each(VARIANTS)('%s: should spin down at the spinning threshold: τ_n = −σ γ_n while ω_n > 0', (variant) => {
    const Omega = 1; // above σ γ_n / I = 0.0245
    const p = sphereOnPlane({ ...BALL, V: 0, Omega });
    const res = solve(p, at(variant));
    expect(res.converged, `${res.reason} at ${res.error}`).toBe(true);
    expect(merit.evaluate(p, res.r)).toBeLessThanOrEqual(1e-8);
    expectClose(res.r, [GN, 0, 0, 0, 0, -BALL.sigma * GN], bound(p));
    expectClose(res.u, [0, 0, 0, 0, 0, Omega - BALL.sigma * GN / I], bound(p));
    expectAdmissible(p, res);
  });

  test.each(VARIANTS)('%s: should stop a slow ball below both thresholds: friction −m V, rolling torque −1.4 m V R, spin torque −I Ω', (variant) => {
    const V = 0.0005, Omega = 0.01;
    const p = sphereOnPlane({ ...BALL, V, Omega });
    const res = solve(p, at(variant));
    expect(res.converged, `${res.reason} at ${res.error}`).toBe(true);
    expect(merit.evaluate(p, res.r)).toBeLessThanOrEqual(1e-8);
    expectClose(res.r, [GN, -BALL.m * V, 0, 0, -1.4 * BALL.m * V * BALL.R, -I * Omega], bound(p));
    expectClose(res.u, [0, 0, 0, 0, 0, 0], bound(p));
    expectAdmissible(p, res);
  });
});

/**
 * u of `randomRollingProblem(2, { contacts: 6 })` (6 contacts, 3 with resistance: 9 block rows)
 * as gauss-seidel answers it at siconos 9.6e-14 (tolerance 1e-13, 293 sweeps). The solution's u
 * is unique where r may not be (W is singular on these problems), so u is what two solvers must
 * agree on.
 */
const GAUSS_SEIDEL_U = [
  -6.039613253960852e-14, -2.227107387398064e-13, -6.541434061091422e-13, -3.314015728506092e-14, 0.5016398836398714, 2.1595889102728782,
  -1.7763568394002505e-15, 0.07014156050504461, -0.698012601494933, 0.4268751753342183, -0.42059146484501453, 1.3957714649961632,
  4.3076653355456074e-14, 2.3378331951773146, -0.8352732814306489, 0.2130416880363289, -0.04820436816360263, -1.289440835869791,
  0.5047639396112793, -0.043685621623098386, 0.35425994538005334, 2.764972122594572, 1.2848543149004112, 0.5858093021065207,
  0.12990236637368402, -2.367695814359954, 0.13175177184179865,
];

describe('apgd on random problems with rolling pairs', () => {
  test.each(VARIANTS)('%s: should reach siconos 1e-8 and agree with gauss-seidel in u', (variant) => {
    const p = randomRollingProblem(2, { contacts: 6 });
    expect(p.rolling!.count).toBe(3);
    const res = solve(p, { variant, tolerance: 1e-8 });
    expect(res.converged, `${res.reason} at ${res.error}`).toBe(true);
    expect(merit.evaluate(p, res.r)).toBeLessThanOrEqual(1e-8);
    expectAdmissible(p, res);
    // Measured: ‖u − u_GS‖∞ = 1.1e-7 (mazhar) to 2.1e-7 (acary), with ‖u‖∞ = 2.8; siconos 1e-8
    // leaves the natural map ~5e-8 absolutely and W's conditioning amplifies it. Bound 1e-6.
    expectClose(res.u, GAUSS_SEIDEL_U, 1e-6);
  });

  test('should give the same bits twice, on one instance and on a fresh one', () => {
    const p = randomRollingProblem(4, { contacts: 8 });
    const s = plugin.create(options.parse({}), testContext());
    const a = s.solve(p), b = s.solve(p), c = solve(p);
    for (const x of [b, c]) {
      expect(Buffer.from(x.r.buffer).equals(Buffer.from(a.r.buffer))).toBe(true);
      expect(Buffer.from(x.u.buffer).equals(Buffer.from(a.u.buffer))).toBe(true);
      expect(x.iterations).toBe(a.iterations);
    }
  });

  test('should project a warm start onto Z, and return at once from a solution', () => {
    const p = randomRollingProblem(6, { contacts: 6 });
    const wild = Float64Array.from({ length: p.size }, (_, i) => (i % 2 ? 3 : -2));
    const at0 = plugin.create(options.parse({}), testContext()).solve(p, { warmStart: wild, maxIterations: 0 });
    expect(at0.iterations).toBe(0);
    expectAdmissible(p, at0);
    const from = solve(p, { tolerance: 1e-8 }, wild);
    expect(from.converged).toBe(true);
    const again = solve(p, { tolerance: 1e-8 }, solve(p, { tolerance: 1e-11 }).r);
    expect(again.converged).toBe(true);
    expect(again.iterations).toBe(0);
  });

  test('should be accepted by the solver chain, whose answer check agrees', () => {
    const registry = createRegistry().register(plugin, '@moreau/apgd');
    const p = randomRollingProblem(7, { contacts: 8 });
    const res = resolve({ name: 'apgd', options: { tolerance: 1e-8 } }, registry).solver.solve(p);
    expect(res.converged).toBe(true);
    expect(res.check).toBeUndefined();
  });

  test('should refuse cone relaxed and merits other than siconos on pairs, and say what to set', () => {
    const p = randomRollingProblem(8, { contacts: 4, rolling: 1 });
    const refusal = (o: z.input<typeof options>) => {
      try { solve(p, o); } catch (e) { return e; }
      return undefined;
    };
    for (const [o, fix] of [
      [{ cone: 'relaxed' }, /"cone": "coulomb"/],
      [{ cone: 'relaxed', merit: 'siconos' }, /"cone": "coulomb"/],
      [{ merit: 'projected-gradient' }, /"merit": "siconos"/],
      [{ merit: 'energy' }, /"merit": "siconos"/],
    ] as const) {
      const e = refusal(o);
      expect(isMoreauError(e, 'E_UNSUPPORTED'), JSON.stringify(o)).toBe(true);
      expect((e as Error).message).toMatch(fix);
    }
  });
});
