import { describe, expect, test } from 'vitest';
import { contactLaw, normalBias } from './impact-law.js';

const h = 0.01;

describe('normalBias', () => {
  test('quasi-inelastic: max(0, gap)/h, whatever the approach speed (paper 004 eq 30)', () => {
    const bias = normalBias({ impact: 'quasi-inelastic', stabilization: 0 });
    expect(bias(0.002, -5, h)).toBe(0.2);
    expect(bias(0, -5, h)).toBe(0);
    expect(bias(-0.001, -5, h)).toBe(0);
  });

  test('a position correction adds nothing to the velocity problem, whatever the penetration', () => {
    const bias = normalBias({ impact: 'quasi-inelastic', correction: 'position', stabilization: 1 });
    expect(bias(-0.002, 0, h)).toBe(0);
    expect(bias(0.002, 0, h)).toBe(0.2);
  });

  test('velocity correction: adds β·gap/h for a penetration only', () => {
    const bias = normalBias({ impact: 'quasi-inelastic', correction: 'velocity', stabilization: 0.5 });
    expect(bias(-0.002, 0, h)).toBeCloseTo(-0.1, 15);
    expect(bias(0.002, 0, h)).toBe(0.2);
  });

  test('Newton: e·U_N when the contact closes within the step, the gap term otherwise', () => {
    const bias = normalBias({ impact: { restitution: 0.5 }, stabilization: 0 });
    expect(bias(0.001, -2, h)).toBe(-1);       // closes: 0.001 − 0.02 ≤ 0
    expect(bias(0.05, -2, h)).toBe(5);         // still open after a step: approach allowed
    expect(bias(0.001, 2, h)).toBeCloseTo(0.1, 15); // separating: no rebound demanded
  });

  test('Newton: the free velocity (forces of the step) decides whether the contact closes', () => {
    const bias = normalBias({ impact: { restitution: 1 }, stabilization: 0 });
    // Open by 1.5 mm at 0.1 m/s: the start velocity alone would not close it in 10 ms, the
    // free velocity 0.2 m/s does; then the rebound, not a clamp that would slow it first.
    expect(bias(0.0015, -0.1, h, undefined, -0.2)).toBe(-0.1);
    expect(bias(0.0015, -0.1, h, undefined, -0.1)).toBeCloseTo(0.15, 15);
  });

  test('Newton with e = 0 is the quasi-inelastic law: the contact closes instead of stopping short', () => {
    const plastic = normalBias({ impact: { restitution: 0 }, stabilization: 0 });
    expect(plastic(0.001, -2, h)).toBe(0.1);
  });

  test('Newton with a velocity correction: the stronger of rebound and push, not their sum', () => {
    const bias = normalBias({ impact: { restitution: 0.5 }, correction: 'velocity', stabilization: 1 });
    expect(bias(-0.001, -2, h)).toBe(-1);     // rebound 1 m/s beats the push 0.1 m/s
    expect(bias(-0.05, -0.2, h)).toBe(-5);    // push 5 m/s beats the rebound 0.1 m/s
  });

  test('the scene restitution of a pair overrides the integrator law', () => {
    const inelastic = normalBias({ impact: 'quasi-inelastic', stabilization: 0 });
    expect(inelastic(0, -2, h, 1)).toBe(-2);
    const elastic = normalBias({ impact: { restitution: 1 }, stabilization: 0 });
    expect(elastic(0, -2, h, 0)).toBe(0);
  });
});

describe('contactLaw', () => {
  test('defaults: predictive activation, the whole penetration removed by position', () => {
    expect(contactLaw({ impact: 'quasi-inelastic', stabilization: 1 })).toMatchObject({ lookAhead: 1, correction: { fraction: 1, slop: 0 } });
  });

  test('margin activation, a velocity correction, or none', () => {
    expect(contactLaw({ impact: 'quasi-inelastic', activation: 'margin', stabilization: 1 }).lookAhead).toBe(0);
    expect(contactLaw({ impact: 'quasi-inelastic', correction: 'velocity', stabilization: 0.2 }).correction).toBeUndefined();
    expect(contactLaw({ impact: 'quasi-inelastic', stabilization: 0 }).correction).toBeUndefined();
  });
});
