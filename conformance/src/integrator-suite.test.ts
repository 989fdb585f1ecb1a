import { defineIntegrator, z, type StepSystem } from '@moreau/core';
import { describe, expect, test } from 'vitest';
import { runIntegratorConformance } from './integrator-runner.js';

/** A correct midpoint step (paper 000 eqs 1-5), the reference the broken ones deviate from. */
function midpoint(s: StepSystem, twist: { solveTwice?: boolean; halfAdvance?: boolean; nan?: boolean; noDetect?: boolean } = {}): void {
  const { h, time: t } = s;
  s.advance(h / 2, t);
  s.prepareOperator(0);
  if (!twist.noDetect) s.detect();
  s.freeVelocities(h, t + h / 2);
  const p = s.assemble((g, _un, hh) => Math.max(0, g) / hh);
  const r = s.solve(p).r;
  if (twist.solveTwice) s.solve(p);
  s.applyReactions(twist.nan ? r.map(() => Number.NaN) : r);
  if (!twist.halfAdvance) s.advance(h / 2, t + h / 2);
}

const make = (name: string, twist: Parameters<typeof midpoint>[1]) => defineIntegrator({
  name, summary: 'fixture', options: z.object({}), create: () => ({ name, step: (s) => midpoint(s, twist) }),
});

const status = async (plugin: ReturnType<typeof make>) => {
  const report = await runIntegratorConformance(plugin, { seed: 7, runs: 15 });
  return { passed: report.passed, byName: Object.fromEntries(report.properties.map((p) => [p.name, p.status])) };
};

describe('integrator conformance suite', () => {
  test('should pass a correct midpoint integrator on every property', async () => {
    const r = await status(make('good', {}));
    expect(r.passed).toBe(true);
    expect(Object.values(r.byName).every((s) => s === 'pass')).toBe(true);
  });

  test('should fail an integrator that solves twice per step', async () => {
    const r = await status(make('twice', { solveTwice: true }));
    expect(r.byName['solves at most once per step, the problem it assembled, after detecting']).toBe('fail');
  });

  test('should fail an integrator that assembles without detecting', async () => {
    const r = await status(make('blind', { noDetect: true }));
    expect(r.byName['solves at most once per step, the problem it assembled, after detecting']).toBe('fail');
  });

  test('should fail an integrator that advances only half a step', async () => {
    const r = await status(make('half', { halfAdvance: true }));
    expect(r.byName['moves the configuration by exactly h per step']).toBe('fail');
    expect(r.byName['a body in free flight follows gravity to first order or better']).toBe('fail');
  });

  test('should fail an integrator that writes NaN', async () => {
    const r = await status(make('nan', { nan: true }));
    expect(r.byName['leaves no NaN or infinite value']).toBe('fail');
  });

  test('should refuse bad options with E_CONFIG and a non-integrator with a TypeError', async () => {
    const strict = defineIntegrator({ name: 'strict', summary: 'fixture', options: z.strictObject({ k: z.number() }), create: () => ({ name: 'strict', step: () => {} }) });
    await expect(runIntegratorConformance(strict, { options: { k: 'x' } })).rejects.toMatchObject({ code: 'E_CONFIG' });
    // @ts-expect-error: check the runtime guard
    await expect(runIntegratorConformance({ kind: 'solver' })).rejects.toBeInstanceOf(TypeError);
  });
});
