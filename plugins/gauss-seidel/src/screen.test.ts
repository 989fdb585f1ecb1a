import { describe, expect, test } from 'vitest';
import { bsrMul, EnergyMerit, FrictionContactProblem, NewtonMerit, SiconosMerit } from '@moreau/core';
import plugin, { options, type GaussSeidelOptions } from './index.js';
import { ABSOLUTE_SLACK, MeritScreen, RELATIVE_SLACK } from './screen.js';
import { Sweeper } from './sweep.js';
import { ENERGY_RESCALE } from './wasm-sweep.js';
import { randomProblem } from './__fixtures__/random-problem.js';
import { testContext } from './__fixtures__/context.js';
import { seededRandom } from './ordering.js';

function velocity(p: FrictionContactProblem, r: Float64Array): Float64Array {
  const u = bsrMul(p.W, r, new Float64Array(p.size));
  for (let i = 0; i < p.size; i++) u[i] += p.q[i];
  return u;
}

/** A reaction inside the cones, random. */
function coneReaction(p: FrictionContactProblem, seed: number, size: number): Float64Array {
  const rnd = seededRandom(seed);
  const r = new Float64Array(p.size);
  for (let a = 0; a < p.contacts; a++) {
    const n = size * rnd(), t = p.mu[a] * n * rnd(), th = 2 * Math.PI * rnd();
    r[3 * a] = n; r[3 * a + 1] = t * Math.cos(th); r[3 * a + 2] = t * Math.sin(th);
  }
  return r;
}

describe('merit screen', () => {
  test('should admit every tolerance at or above the merit, and refuse one far below it', () => {
    for (const merit of [new SiconosMerit(), new EnergyMerit()]) {
      const screen = new MeritScreen(merit);
      expect(screen.active).toBe(true);
      for (let seed = 1; seed <= 20; seed++) {
        const p = randomProblem({ contacts: 10 + seed, bodies: 8, seed });
        const r = coneReaction(p, seed, seed % 3 === 0 ? 1e-3 : 1);
        const u = velocity(p, r);
        const value = merit.evaluate(p, r);
        expect(value).toBeGreaterThan(1e-9);
        expect(screen.couldConverge(p, r, u, value)).toBe(true);
        expect(screen.couldConverge(p, r, u, 2 * value)).toBe(true);
        expect(screen.couldConverge(p, r, u, 1e-3 * value)).toBe(false);
      }
    }
  });

  test('should compute exactly the siconos merit when u is exact', () => {
    const merit = new SiconosMerit(), screen = new MeritScreen(merit);
    const p = randomProblem({ contacts: 30, bodies: 12, seed: 4 });
    const r = coneReaction(p, 4, 1);
    const value = merit.evaluate(p, r);
    // At tol = value·(1 − 1e-9) only the slack lets it pass; at tol far below, nothing does.
    expect(screen.couldConverge(p, r, velocity(p, r), value * (1 - 1e-9))).toBe(true);
    expect(screen.couldConverge(p, r, velocity(p, r), value / 2)).toBe(false);
  });

  test('should decide as the energy merit\'s formula at u does, for free energies below and above 1 and below the floor', () => {
    for (const floor of [0, 2.220446049250313e-16, 1e6]) {
      const merit = new EnergyMerit(floor);
      for (const qScale of [1e-3, 1, 1e3]) {
        for (let seed = 1; seed <= 8; seed++) {
          const base = randomProblem({ contacts: 20 + seed, bodies: 9, seed });
          const p = new FrictionContactProblem(base.W, base.q.map((x) => qScale * x), base.mu);
          const screen = new MeritScreen(merit);
          for (const size of [1e-2, 1]) {
            const r = coneReaction(p, seed, size * qScale);
            const u = velocity(p, r);
            const value = merit.evaluate(p, r, u);
            for (const f of [1e-6, 1e-3, 0.5, 0.999, 1, 1.001, 2, 1e3]) {
              const tol = f * value;
              expect(screen.couldConverge(p, r, u, tol)).toBe(value <= (1 + RELATIVE_SLACK) * tol + ABSOLUTE_SLACK);
            }
          }
        }
      }
    }
  });

  test("should evaluate each merit to its own bits, the energy merit on the kernel's memory where the kernel has the problem", () => {
    const p = randomProblem({ contacts: 25, bodies: 9, seed: 3 });
    const r = coneReaction(p, 3, 1), u = velocity(p, r);
    const sweeper = new Sweeper({ tolerance: 1e-14, maxIterations: 50 }, 'wasm');
    sweeper.prepare(p, true);
    const kernel = sweeper.wasmScreen;
    expect(kernel).toBeDefined();
    for (const merit of [new SiconosMerit(), new EnergyMerit(), new EnergyMerit(2.220446049250313e-16), new NewtonMerit()]) {
      const screen = new MeritScreen(merit), expected = merit.evaluate(p, r, u);
      expect(Object.is(screen.evaluate(p, r, u, kernel), expected)).toBe(true);
      expect(Object.is(screen.evaluate(p, r, u), expected)).toBe(true);
      // Without u the merit makes its own product.
      expect(Object.is(screen.evaluate(p, r, undefined, kernel), merit.evaluate(p, r))).toBe(true);
    }
    // A free energy too small for the kernel's plain sums (ENERGY_RESCALE): the merit's own rescaled form.
    const tiny = new FrictionContactProblem(p.W, p.q.map((x) => 1e-170 * x), p.mu);
    const rTiny = r.map((x) => 1e-170 * x), uTiny = velocity(tiny, rTiny);
    sweeper.prepare(tiny, true);
    const merit = new EnergyMerit();
    expect(sweeper.wasmScreen!.energyAt(rTiny, uTiny, merit.floor)).toBe(ENERGY_RESCALE);
    const expected = merit.evaluate(tiny, rTiny, uTiny);
    expect(expected).toBeGreaterThan(0);
    expect(Object.is(new MeritScreen(merit).evaluate(tiny, rTiny, uTiny, sweeper.wasmScreen), expected)).toBe(true);
  });

  test("should hand the energy merit, and only it, to the kernel when it has u, and fall back where the kernel cannot sum", () => {
    const p = randomProblem({ contacts: 10, bodies: 5, seed: 8 });
    const r = coneReaction(p, 8, 1), u = velocity(p, r);
    let answer = 0.125;
    const asked: number[] = [];
    const kernel = {
      siconosError: () => { throw new Error('not a screen'); },
      energyScreen: () => { throw new Error('not a screen'); },
      energyAt: (_r: Float64Array, _u: Float64Array, floor: number) => { asked.push(floor); return answer; },
    };
    const energy = new EnergyMerit(1e-300);
    expect(new MeritScreen(energy).evaluate(p, r, u, kernel)).toBe(0.125);
    expect(asked).toEqual([1e-300]);
    answer = ENERGY_RESCALE;
    expect(Object.is(new MeritScreen(energy).evaluate(p, r, u, kernel), energy.evaluate(p, r, u))).toBe(true);
    const siconos = new SiconosMerit();
    expect(Object.is(new MeritScreen(siconos).evaluate(p, r, u, kernel), siconos.evaluate(p, r))).toBe(true);
    expect(Object.is(new MeritScreen(energy).evaluate(p, r, undefined, kernel), energy.evaluate(p, r))).toBe(true);
    expect(asked).toHaveLength(2);
  });

  test('should say yes to every sweep for a merit it does not know', () => {
    const screen = new MeritScreen(new NewtonMerit());
    expect(screen.active).toBe(false);
    const p = randomProblem({ contacts: 5, bodies: 4, seed: 2 });
    const r = coneReaction(p, 2, 1);
    expect(screen.couldConverge(p, r, velocity(p, r), 1e-300)).toBe(true);
  });
});

describe('gauss-seidel with the screen', () => {
  function run(opts: Partial<GaussSeidelOptions>, p: FrictionContactProblem, listen: boolean) {
    const ctx = testContext();
    const s = plugin.create(options.parse(opts), ctx);
    const errors: (number | undefined)[] = [];
    if (listen) ctx.events.on('solver:iteration', (e) => errors.push(e.error));
    return { res: s.solve(p), errors };
  }

  for (const merit of ['siconos', 'energy']) {
    test(`should stop at the same sweep with the same r as when the ${merit} merit is evaluated every sweep`, () => {
      for (let seed = 1; seed <= 6; seed++) {
        const p = randomProblem({ contacts: 40, bodies: 15, seed });
        const opts = { merit, tolerance: 1e-10, maxIterations: 400 };
        const quiet = run(opts, p, false).res;
        const loud = run(opts, p, true);
        expect(quiet.iterations).toBe(loud.res.iterations);
        expect(quiet.reason).toBe(loud.res.reason);
        expect(Array.from(quiet.r)).toEqual(Array.from(loud.res.r));
        expect(quiet.error).toBe(loud.res.error);
        // Listening, every sweep carried the merit; the first sweep the merit met the tolerance is the last.
        const firstBelow = loud.errors.findIndex((e) => e !== undefined && e <= opts.tolerance);
        if (quiet.converged) expect(firstBelow + 1).toBe(quiet.iterations);
        else expect(firstBelow).toBe(-1);
        expect(quiet.stats!.meritEvaluations as number).toBeLessThanOrEqual(loud.res.stats!.meritEvaluations as number);
      }
    });
  }

  test('should evaluate the merit on few sweeps when nobody listens', () => {
    const p = randomProblem({ contacts: 40, bodies: 15, seed: 3 });
    const { res } = run({ tolerance: 1e-10, maxIterations: 400 }, p, false);
    expect(res.iterations).toBeGreaterThan(10);
    expect(res.stats!.meritEvaluations as number).toBeLessThan(res.iterations / 2);
  });
});
