import { describe, expect, test } from 'vitest';
import { extrapolate, Restart } from './acceleration.js';

describe('restarted acceleration (Goldstein et al. 2014, Algorithm 8)', () => {
  test('should accept a first step with no extrapolation and τ = (1 + √5) / 2', () => {
    const acc = new Restart(0.999);
    expect(acc.step(1)).toBe(0);
    expect(acc.momentum).toBeCloseTo((1 + Math.sqrt(5)) / 2, 15);
  });

  test('should extrapolate more and more while the combined residual keeps falling: a = (τ_k − 1)/τ_{k+1}', () => {
    const acc = new Restart(0.999);
    acc.step(1);
    let tau = acc.momentum, last = 0;
    for (const e of [0.5, 0.25, 0.1, 0.05]) {
      const next = 0.5 * (1 + Math.sqrt(1 + 4 * tau * tau));
      const a = acc.step(e);
      expect(a).toBeCloseTo((tau - 1) / next, 15);
      expect(a).toBeGreaterThan(last);
      expect(a).toBeLessThan(1);
      last = a;
      tau = next;
    }
  });

  test('should restart (τ = 1, go back to the previous iterate) when the residual does not fall below η times the last accepted one', () => {
    const acc = new Restart(0.5);
    acc.step(1);
    acc.step(0.4);          // accepted: 0.4 < 0.5 · 1
    expect(acc.step(0.3)).toBe(-1); // 0.3 ≥ 0.5 · 0.4: restart
    expect(acc.momentum).toBe(1);
    // A restart relaxes e_k to e_k / η = 0.8, so the next bar is η · 0.8 = 0.4: 0.45 restarts
    // again (bar 0.8 next), and 0.7 is then accepted with a = 0 (τ was reset).
    expect(acc.step(0.45)).toBe(-1);
    expect(acc.step(0.7)).toBe(0);
  });

  test('should write x + a (x − prev)', () => {
    const out = extrapolate(new Float64Array(2), Float64Array.from([1, 2]), Float64Array.from([0, 4]), 0.5);
    expect([...out]).toEqual([1.5, 1]);
  });
});
