import { describe, expect, test } from 'vitest';
import { BlockSparseMatrix, bsrMul, FrictionContactProblem, projectOntoCones, SiconosMerit, type z } from '@moreau/core';
import { randomProblem } from '@moreau/conformance';
import plugin, { options } from './index.js';
import { barrierParameters } from './options.js';
import { addShiftDerivative } from './newton-system.js';
import { testContext } from './__fixtures__/context.js';

function solve(p: FrictionContactProblem, opts: z.input<typeof options> = {}, warmStart?: Float64Array) {
  return plugin.create(options.parse(opts), testContext()).solve(p, warmStart ? { warmStart } : {});
}

/** One contact with W = I and the given q, μ. */
function oneContact(q: number[], mu: number): FrictionContactProblem {
  const W = BlockSparseMatrix.fromBlocks(1, [{ row: 0, col: 0, values: [1, 0, 0, 0, 1, 0, 0, 0, 1] }]);
  return new FrictionContactProblem(W, Float64Array.from(q), Float64Array.of(mu));
}

function velocity(p: FrictionContactProblem, r: Float64Array): Float64Array {
  const u = bsrMul(p.W, r, new Float64Array(p.size));
  for (let i = 0; i < u.length; i++) u[i] += p.q[i];
  return u;
}

const METHODS = ['nesterov-todd', 'barrier'] as const;

/** The shifts each method takes: the barrier method also has the outer fixed point. */
const SHIFTS = { 'nesterov-todd': ['newton'], barrier: ['newton', 'passes'] } as const;

describe.each(METHODS)('pd-ip (method %s): closed-form single contacts (W = I, siconos 1e-8 by default)', (method) => {
  // With W = I the answer's error is at most tolerance × max(‖q‖, ‖r‖, ‖u‖) ≈ 1e-8 × 2: 1e-7 absolute per entry.
  const TOL = 1e-7;

  test('should leave a separating contact alone: q_N > 0 gives r = 0 before any Newton step', () => {
    const res = solve(oneContact([0.5, 1, -2], 0.3), { method });
    expect(res.converged).toBe(true);
    expect(Array.from(res.r)).toEqual([0, 0, 0]);
    expect(res.iterations).toBe(0);
  });

  test.each(SHIFTS[method])('should stick when ‖q_T‖ ≤ μ |q_N|: r = −q, u = 0 (shift %s)', (shift) => {
    const res = solve(oneContact([-1, 0.3, -0.2], 0.5), { method, shift });
    expect(res.converged).toBe(true);
    const expected = [1, -0.3, 0.2];
    for (let i = 0; i < 3; i++) expect(Math.abs(res.r[i] - expected[i])).toBeLessThan(TOL);
  });

  test.each(SHIFTS[method])('should slide on the cone boundary: r = (1, −0.5, 0), u = (0, 1.5, 0) for q = (−1, 2, 0), μ = 0.5 (shift %s)', (shift) => {
    const p = oneContact([-1, 2, 0], 0.5);
    const res = solve(p, { method, shift });
    expect(res.converged).toBe(true);
    const expected = [1, -0.5, 0];
    for (let i = 0; i < 3; i++) expect(Math.abs(res.r[i] - expected[i])).toBeLessThan(TOL);
    const u = velocity(p, res.r);
    expect(Math.abs(u[0])).toBeLessThan(TOL);
    expect(Math.abs(u[1] - 1.5)).toBeLessThan(TOL);
    // an interior point method answers from inside the cone
    expect(Math.hypot(res.r[1], res.r[2])).toBeLessThan(0.5 * res.r[0]);
  });

  test('should keep a frictionless contact\'s r_T exactly 0: q = (−1, 3, 4), μ = 0 gives r = (1, 0, 0)', () => {
    const res = solve(oneContact([-1, 3, 4], 0), { method });
    expect(res.converged).toBe(true);
    expect(Math.abs(res.r[0] - 1)).toBeLessThan(TOL);
    expect(res.r[1]).toBe(0);
    expect(res.r[2]).toBe(0);
  });

  test('should solve the relaxed problem instead with cone: relaxed — r = Π_K(−q) = (1.6, −0.8, 0)', () => {
    // W = I: the cone complementarity problem's solution is the projection of −q = (1, −2, 0) on K_0.5
    const res = solve(oneContact([-1, 2, 0], 0.5), { method, cone: 'relaxed', tolerance: 1e-10 });
    expect(res.converged).toBe(true);
    const expected = [1.6, -0.8, 0];
    // eq 10 ≤ 1e-10 (divided by m = 3) bounds the natural-map residual by 3e-10
    for (let i = 0; i < 3; i++) expect(Math.abs(res.r[i] - expected[i])).toBeLessThan(1e-8);
  });
});

describe.each(METHODS)('pd-ip (method %s): the relaxed problem\'s KKT conditions at the answer', (method) => {
  test.each([3, 11, 27])('should return r inside K, u = W r + q ∈ K* and rᵀu ≈ 0 on randomProblem(%i)', (seed) => {
    const p = randomProblem(seed, { contacts: 8 });
    const res = solve(p, { method, cone: 'relaxed', tolerance: 1e-9 });
    expect(res.converged).toBe(true);
    const u = velocity(p, res.r);
    let scale = 0, complementarity = 0;
    for (let i = 0; i < p.size; i++) scale = Math.max(scale, Math.abs(res.r[i]) * Math.abs(u[i]), Math.abs(p.q[i]));
    for (let a = 0; a < p.contacts; a++) {
      const o = 3 * a, m = p.mu[a];
      const rt = Math.hypot(res.r[o + 1], res.r[o + 2]), ut = Math.hypot(u[o + 1], u[o + 2]);
      // primal: strictly inside (an interior point), or r_T = 0 exactly at a frictionless contact
      expect(res.r[o]).toBeGreaterThan(0);
      if (m > 0) expect(rt).toBeLessThan(m * res.r[o]);
      else expect(rt).toBe(0);
      // dual: μ‖u_T‖ ≤ u_N up to the answer's accuracy (eq 10 ≤ 1e-9)
      expect(m * ut - u[o]).toBeLessThan(1e-6 * Math.max(1, Math.abs(u[o])));
      complementarity += res.r[o] * u[o] + res.r[o + 1] * u[o + 1] + res.r[o + 2] * u[o + 2];
    }
    expect(Math.abs(complementarity)).toBeLessThan(1e-6 * p.size * scale);
  });
});

describe.each(METHODS)('pd-ip (method %s): convergence at the siconos measure', (method) => {
  test('should reach 1e-8 on 12 small random problems in a few dozen Newton steps, judged by a fresh siconos merit', () => {
    const merit = new SiconosMerit();
    for (let seed = 1; seed <= 12; seed++) {
      const p = randomProblem(seed, { contacts: 2 + (seed % 9) });
      const res = solve(p, { method });
      expect(res.converged, `seed ${seed}`).toBe(true);
      expect(merit.evaluate(p, res.r)).toBe(res.error);
      expect(res.error).toBeLessThanOrEqual(1e-8);
      // measured: 11 to 39 steps (barrier), 9 to 18 (Nesterov–Todd); an interior point method that needs hundreds has lost its way
      expect(res.iterations).toBeLessThanOrEqual(method === 'barrier' ? 60 : 30);
      expect(res.stats!.factorizations).toBe(res.iterations);
    }
  });

  test('should return a warm start that already meets the tolerance without a Newton step', () => {
    const p = randomProblem(8, { contacts: 6 });
    const cold = solve(p, { method });
    const warm = solve(p, { method }, cold.r);
    expect(warm.converged).toBe(true);
    expect(warm.iterations).toBe(0);
    expect(Array.from(warm.r)).toEqual(Array.from(cold.r));
  });
});

describe('pd-ip: the De Saxcé shift in the Newton matrix', () => {
  test('should add ∂s/∂x = μ û_Tᵀ W_T to the normal rows, as finite differences of s(x) = μ‖(W x + q)_T‖ give', () => {
    const p = randomProblem(4, { contacts: 3, mu: [0.3, 0.9] });
    const x = Float64Array.from({ length: p.size }, (_, i) => 0.1 * (i % 5) + 0.05);
    const s = (y: Float64Array) => {
      const u = velocity(p, y);
      return Array.from(p.mu, (m, a) => m * Math.hypot(u[3 * a + 1], u[3 * a + 2]));
    };
    const values = new Float64Array(p.W.values.length);
    addShiftDerivative(p.W, p.mu, velocity(p, x), values);
    const J = p.W.withValues(values);
    const h = 1e-6;
    for (let j = 0; j < p.size; j++) {
      const xp = Float64Array.from(x), xm = Float64Array.from(x);
      xp[j] += h; xm[j] -= h;
      const sp = s(xp), sm = s(xm);
      for (let a = 0; a < p.contacts; a++) {
        // central differences: O(h²) truncation and ~1e-16/h rounding, both below 1e-8 here
        expect(Math.abs(J.get(3 * a, j) - (sp[a] - sm[a]) / (2 * h))).toBeLessThan(1e-7);
        expect(J.get(3 * a + 1, j)).toBe(0);
      }
    }
  });
});

describe('pd-ip: options', () => {
  test('should default to the Nesterov–Todd method on the Coulomb problem with the shift in every Newton step', () => {
    expect(plugin.name).toBe('pd-ip');
    expect(plugin.supports).toEqual({ warmStart: true, cone: 'both', friction: true });
    const d = options.parse({});
    expect(d).toMatchObject({ tolerance: 1e-8, maxIterations: 500, method: 'nesterov-todd', cone: 'coulomb', shift: 'newton' });
    expect(barrierParameters(d)).toEqual({ lineSearch: 'boundary', centering: 10, alpha: 0.01, beta: 0.5 });
    expect(options.parse({ preset: 'paper' })).toEqual({ ...d, preset: 'paper', method: 'barrier', cone: 'relaxed', lineSearch: 'residual' });
    expect(barrierParameters(options.parse({ method: 'barrier', centering: 3 }))).toEqual({ lineSearch: 'boundary', centering: 3, alpha: 0.01, beta: 0.5 });
    expect(options.safeParse({ method: 'barrier', centering: 1 }).success).toBe(false);
    expect(options.safeParse({ shift: 'outer' }).success).toBe(false);
  });

  test.each([
    [{ centering: 3 }, 'centering'], [{ lineSearch: 'residual' }, 'lineSearch'], [{ alpha: 0.1 }, 'alpha'], [{ beta: 0.3 }, 'beta'], [{ shift: 'passes' }, 'shift'],
  ] as const)('should refuse the barrier method\'s option %o with the Nesterov–Todd method, naming it', (given, key) => {
    const res = options.safeParse(given);
    expect(res.success).toBe(false);
    expect(res.error!.issues[0].path).toEqual([key]);
    expect(res.error!.issues[0].message).toContain("method 'barrier' only");
    expect(options.safeParse({ ...given, method: 'barrier' }).success).toBe(true);
  });

  test('should refuse lagShiftOnStall with the barrier method, naming it', () => {
    for (const lag of [true, false]) {
      expect(options.safeParse({ lagShiftOnStall: lag }).success).toBe(true);
      const res = options.safeParse({ lagShiftOnStall: lag, method: 'barrier' });
      expect(res.success).toBe(false);
      expect(res.error!.issues[0].path).toEqual(['lagShiftOnStall']);
      expect(res.error!.issues[0].message).toContain("method 'nesterov-todd' only");
    }
  });
});

describe('pd-ip: what each method reports', () => {
  test.each(METHODS)('should name the method and its measure of progress in the stats and in every iteration event (%s)', (method) => {
    const ctx = testContext();
    const seen: Record<string, unknown>[] = [];
    ctx.events.on('solver:iteration', (e) => seen.push(e));
    const res = plugin.create(options.parse({ method }), ctx).solve(randomProblem(5, { contacts: 6 }));
    expect(res.converged).toBe(true);
    expect(res.stats!.method).toBe(method);
    expect(seen).toHaveLength(res.iterations);
    const key = method === 'barrier' ? 'finalT' : 'finalGap';
    expect(Number.isFinite(res.stats![key]) && (res.stats![key] as number) > 0).toBe(true);
    expect(res.stats![method === 'barrier' ? 'finalGap' : 'finalT']).toBeUndefined();
    for (const e of seen) {
      if (method === 'barrier') expect(e.t).toBeGreaterThan(0);
      else {
        expect(e.gap).toBeGreaterThan(0);
        expect(e.sigma).toBeGreaterThan(0);
        expect(e.sigma).toBeLessThanOrEqual(1);
      }
    }
    // the Nesterov–Todd gap falls along the path: the last step's is far below the first's
    if (method === 'nesterov-todd') expect(seen.at(-1)!.gap as number).toBeLessThan(1e-3 * (seen[0].gap as number));
  });
});

/** r + 1e-5 max|r| sin(7 i + seed) per entry, projected onto the cones: a start near a solution. */
function nearby(p: FrictionContactProblem, r: Float64Array, seed: number): Float64Array {
  let scale = 0;
  for (const v of r) scale = Math.max(scale, Math.abs(v));
  return projectOntoCones(new Float64Array(p.size), r.map((v, i) => v + 1e-5 * scale * Math.sin(7 * i + seed)), p.mu);
}

/** The problem with every other contact's μ set to 0. */
function halfFrictionless(p: FrictionContactProblem): FrictionContactProblem {
  return new FrictionContactProblem(p.W, p.q, p.mu.map((m, a) => (a % 2 === 0 ? 0 : m)));
}

describe.each(METHODS)('pd-ip (method %s): warm starts near a solution, and frictionless contacts among frictional ones', (method) => {
  test.each(['coulomb', 'relaxed'] as const)('should converge in fewer Newton steps from its own answers perturbed by 1e-5 than from r = 0 (cone %s)', (cone) => {
    let coldSteps = 0, warmSteps = 0;
    for (const seed of [2, 6, 9, 13, 21]) {
      const p = randomProblem(seed, { contacts: 8 });
      const cold = solve(p, { method, cone });
      const warm = solve(p, { method, cone }, nearby(p, cold.r, seed));
      expect(cold.converged && warm.converged, `seed ${seed}`).toBe(true);
      expect(warm.iterations).toBeGreaterThan(0);
      coldSteps += cold.iterations;
      warmSteps += warm.iterations;
    }
    // one problem may take a step more (an interior point method restarts inside the cones); the five together fewer
    expect(warmSteps).toBeLessThan(0.9 * coldSteps);
  });

  test('should solve problems with every other contact frictionless, r_T exactly 0 there, in a few dozen steps', () => {
    const merit = new SiconosMerit();
    for (const seed of [1, 4, 12, 19]) {
      const p = halfFrictionless(randomProblem(seed, { contacts: 10 }));
      const res = solve(p, { method });
      expect(res.converged, `seed ${seed}`).toBe(true);
      expect(merit.evaluate(p, res.r)).toBeLessThanOrEqual(1e-8);
      for (let a = 0; a < p.contacts; a += 2) {
        expect(res.r[3 * a + 1]).toBe(0);
        expect(res.r[3 * a + 2]).toBe(0);
      }
      // measured: 12 to 17 steps (Nesterov–Todd), 31 to 33 (barrier)
      expect(res.iterations).toBeLessThanOrEqual(method === 'barrier' ? 60 : 30);
    }
  });
});
