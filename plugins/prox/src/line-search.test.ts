import { describe, expect, test } from 'vitest';
import { goldsteinPrice } from './line-search.js';

// θ(t) = ½ (1 − c t)² ‖F‖²-like model with θ(0) = ½, θ'(0) = −c: the Newton step of a linear F is t = 1/c.
const model = (c: number) => (t: number) => 0.5 * (1 - c * t) ** 2;

describe('Goldstein–Price line search', () => {
  test('should accept the Newton step t = 1 when F is linear along d', () => {
    expect(goldsteinPrice(model(1), 0.5, -1, 100)).toBe(1);
  });

  test('should bisect a step that overshoots (the exact step is 1/4)', () => {
    const t = goldsteinPrice(model(4), 0.5, -4, 100);
    expect(t).toBeGreaterThan(0);
    expect(t).toBeLessThan(1);
    // Goldstein's two conditions hold at the accepted t (m₁ = 0.01, m₂ = 0.99)
    const slope = (model(4)(t) - 0.5) / t;
    expect(slope).toBeLessThanOrEqual(0.01 * -4);
    expect(slope).toBeGreaterThanOrEqual(0.99 * -4);
  });

  test('should double a step that is too short (the exact step is 1000: at t = 1 the mean slope is 0.9995 θ\'(0))', () => {
    const t = goldsteinPrice(model(1e-3), 0.5, -1e-3, 100);
    expect(t).toBeGreaterThan(1);
    expect(t).toBeLessThan(2000);
  });

  test('should refuse a direction that is not a descent direction, and give up after its trials', () => {
    expect(goldsteinPrice(model(1), 0.5, 0.3, 100)).toBe(-1);
    expect(goldsteinPrice(() => 1, 0.5, -1, 20)).toBe(-1); // θ never decreases
  });

  test('should treat a non-finite θ as a step too long', () => {
    const t = goldsteinPrice((s) => (s > 0.6 ? NaN : model(1)(s)), 0.5, -1, 100);
    expect(t).toBeGreaterThan(0);
    expect(t).toBeLessThanOrEqual(0.6);
  });
});
