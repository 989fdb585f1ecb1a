import {
  bsrMul, defineMerit, energyMerit, newtonMerit, projectedGradientMerit, siconosMerit, SiconosMerit, z, type FrictionContactProblem, type MeritPlugin,
} from '@moreau/core';
import { describe, expect, test } from 'vitest';
import { MERIT_PROPERTY_NAMES } from './merit-property.js';
import { runMeritConformance } from './merit-runner.js';

/** A merit built on core's siconos merit with one defect: what each broken fixture does wrong. */
function broken(name: string, evaluate: (inner: SiconosMerit, p: FrictionContactProblem, r: Float64Array, u?: Float64Array) => number): MeritPlugin {
  return defineMerit({
    name, summary: 'fixture', options: z.object({}),
    create: () => {
      const inner = new SiconosMerit();
      return { name, evaluate: (p, r, u) => evaluate(inner, p, r, u) };
    },
  });
}

const status = async (plugin: MeritPlugin, cone?: 'coulomb' | 'relaxed') => {
  const report = await runMeritConformance(plugin, { seed: 11, runs: 15, cone });
  return { passed: report.passed, byName: Object.fromEntries(report.properties.map((p) => [p.name, p.status])) };
};

describe('merit conformance suite', () => {
  test.each([
    ['siconos', siconosMerit, undefined],
    ['energy', energyMerit, undefined],
    ['newton', newtonMerit, undefined],
    ['projected-gradient (the relaxed problem)', projectedGradientMerit, 'relaxed'],
  ] as const)('should pass core\'s %s merit on every property', async (_, plugin, cone) => {
    const r = await status(plugin, cone);
    expect(r.byName).toEqual(Object.fromEntries(MERIT_PROPERTY_NAMES.map((n) => [n, 'pass'])));
  });

  // The relaxed merit is not zero at a sliding contact's Coulomb solution: held to the Coulomb problem, it fails.
  test('should fail the relaxed-cone merit held to the Coulomb problem', async () => {
    expect((await status(projectedGradientMerit, 'coulomb')).byName['is zero at an exact solution']).toBe('fail');
  });

  test('should fail a merit that can be negative', async () => {
    const r = await status(broken('signed', (m, p, r) => m.evaluate(p, r) - 1e-3));
    expect(r.byName['is a finite number ≥ 0 for finite r']).toBe('fail');
    expect(r.byName['is zero at an exact solution']).toBe('fail');
  });

  test('should fail a merit that never reaches zero', async () => {
    const r = await status(broken('floor', (m, p, r) => m.evaluate(p, r) + 1e-6));
    expect(r.byName['is zero at an exact solution']).toBe('fail');
  });

  // Signorini's condition alone, min(r_N, u_N) per contact: zero at every solution, and at many r that are not one.
  test('should fail a merit blind to friction', async () => {
    const r = await status(broken('normal-only', (_, p, r) => {
      const u = bsrMul(p.W, r, new Float64Array(p.size));
      let s = 0;
      for (let a = 0; a < p.contacts; a++) s += Math.abs(Math.min(r[3 * a], u[3 * a] + p.q[3 * a]));
      return s;
    }));
    expect(r.byName['is zero at an exact solution']).toBe('pass');
    expect(r.byName['is positive where r is not a solution']).toBe('fail');
  });

  test('should fail a merit that returns NaN for a non-finite r', async () => {
    const r = await status(broken('nan', (m, p, r) => (r.every(Number.isFinite) ? m.evaluate(p, r) : Number.NaN)));
    expect(r.byName['a non-finite r gives Infinity, never NaN']).toBe('fail');
  });

  test('should fail a merit that weighs contacts by their index', async () => {
    const r = await status(broken('first-contact', (m, p, r) => m.evaluate(p, r) * (1 + Math.abs(r[0]))));
    expect(r.byName['does not depend on the order of the contacts']).toBe('fail');
  });

  // A workspace that grows and never shrinks, summed over its whole length: a larger problem's entries linger.
  test('should fail a merit that reads a stale workspace', async () => {
    const stale = defineMerit({
      name: 'stale', summary: 'fixture', options: z.object({}),
      create: () => {
        let e = new Float64Array(0);
        return {
          name: 'stale',
          evaluate: (p, r) => {
            if (e.length < p.size) e = new Float64Array(p.size);
            bsrMul(p.W, r, e);
            let s = 0;
            for (let i = 0; i < e.length; i++) s += i < p.size ? Math.abs(e[i] + p.q[i]) * Math.abs(r[i]) : Math.abs(e[i]);
            return s;
          },
        };
      },
    });
    expect((await status(stale)).byName['same input gives bit-identical output']).toBe('fail');
  });

  test('should fail a merit that projects r in place', async () => {
    const r = await status(broken('in-place', (m, p, r) => {
      for (let i = 0; i < r.length; i += 3) r[i] = Math.max(0, r[i]);
      return m.evaluate(p, r);
    }));
    expect(r.byName['leaves the problem, r and u unchanged']).toBe('fail');
  });

  test('should refuse bad options with E_CONFIG and a non-merit with a TypeError', async () => {
    const strict = defineMerit({ name: 'strict', summary: 'fixture', options: z.strictObject({ k: z.number() }), create: () => ({ name: 'strict', evaluate: () => 0 }) });
    await expect(runMeritConformance(strict, { options: { k: 'x' } })).rejects.toMatchObject({ code: 'E_CONFIG' });
    // @ts-expect-error: check the runtime guard
    await expect(runMeritConformance({ kind: 'solver' })).rejects.toBeInstanceOf(TypeError);
  });
});
