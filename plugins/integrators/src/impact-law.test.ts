import { describe, expect, test } from 'vitest';
import { normalBias } from './impact-law.js';

const h = 0.01;

describe('normalBias', () => {
  test('quasi-inelastic: max(0, gap)/h, whatever the approach speed (paper 004 eq 30)', () => {
    const bias = normalBias({ impact: 'quasi-inelastic', stabilization: 0 });
    expect(bias(0.002, -5, h)).toBe(0.2);
    expect(bias(0, -5, h)).toBe(0);
    expect(bias(-0.001, -5, h)).toBe(0);
  });

  test('stabilization: adds β·gap/h for a penetration only', () => {
    const bias = normalBias({ impact: 'quasi-inelastic', stabilization: 0.5 });
    expect(bias(-0.002, 0, h)).toBeCloseTo(-0.1, 15);
    expect(bias(0.002, 0, h)).toBe(0.2);
  });

  test('Newton: e·U_N when the contact closes before the next detection, the gap term otherwise', () => {
    const bias = normalBias({ impact: { restitution: 0.5 }, stabilization: 0 });
    expect(bias(0.001, -2, h)).toBe(-1);       // closes: 0.001 − 0.02 ≤ 0
    expect(bias(0.05, -2, h)).toBe(5);         // still open after a step: approach allowed
    expect(bias(0.001, 2, h)).toBeCloseTo(0.1, 15); // separating: no rebound demanded
  });

  test('Newton with a penetration: the stronger of rebound and push, not their sum', () => {
    const bias = normalBias({ impact: { restitution: 0.5 }, stabilization: 1 });
    expect(bias(-0.001, -2, h)).toBe(-1);     // rebound 1 m/s beats the push 0.1 m/s
    expect(bias(-0.05, -0.2, h)).toBe(-5);    // push 5 m/s beats the rebound 0.1 m/s
  });

  test('the scene restitution of a pair overrides the integrator law', () => {
    const inelastic = normalBias({ impact: 'quasi-inelastic', stabilization: 0 });
    expect(inelastic(0, -2, h, 1)).toBe(-2);
    const elastic = normalBias({ impact: { restitution: 1 }, stabilization: 0 });
    expect(elastic(0, -2, h, 0)).toBe(-0);
  });
});
