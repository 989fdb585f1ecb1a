import { describe, expect, test } from 'vitest';
import { armijo, goldsteinPrice } from './line-search.js';

/** q along an exact Newton direction of φ(α) = (1 − α) φ₀ + c α² v (v ⟂ φ₀): q(α) = ½[(1 − α)² + c² α⁴], q(0) = ½, q'(0) = −1. */
const curved = (c: number) => (alpha: number) => 0.5 * ((1 - alpha) ** 2 + c * c * alpha ** 4);

describe('line searches on ½‖φ‖²', () => {
  test('Goldstein: should take the full step when it meets both conditions (a linear φ)', () => {
    const tried: number[] = [];
    const out = goldsteinPrice(0.5, -1, (a) => { tried.push(a); return curved(0)(a); }, 100);
    expect(out).toEqual({ alpha: 1, trials: 1, failed: false });
    expect(tried).toEqual([1]);
  });

  test('Goldstein: should bisect to a step meeting m₂ q\'(0) ≤ (q(α) − q(0))/α ≤ m₁ q\'(0)', () => {
    const q = curved(3);
    const out = goldsteinPrice(0.5, -1, q, 100);
    expect(out.failed).toBe(false);
    const slope = (q(out.alpha) - 0.5) / out.alpha;
    expect(slope).toBeLessThanOrEqual(0.01 * -1);
    expect(slope).toBeGreaterThanOrEqual(0.99 * -1);
    expect(out.alpha).toBeLessThan(1);
    expect(out.alpha).toBe(0.5); // q(1) = 4.5 rises; at α = ½ the secant slope is −0.1875
  });

  test('Goldstein: should lengthen a step that is too short (q falls faster than 0.99 q\'(0))', () => {
    // q(α) = max(0, ½ − ¼α − ¼α²), q'(0) = −¼: secant slopes −0.5 at α = 1 and −0.25 at α = 2 are
    // steeper than 0.99 q'(0); at α = 4, −0.125 meets both conditions
    const q = (a: number) => Math.max(0, 0.5 - 0.25 * a - 0.25 * a * a);
    expect(goldsteinPrice(0.5, -0.25, q, 100)).toEqual({ alpha: 4, trials: 3, failed: false });
  });

  test('Goldstein: should take the full step when it fails within its cap, as Siconos does', () => {
    const out = goldsteinPrice(0.5, -1, () => 10, 7); // q only rises
    expect(out).toEqual({ alpha: 1, trials: 7, failed: true });
  });

  test('Armijo: should halve until q(α) ≤ q(0) + 1e-4 α q\'(0)', () => {
    const q = curved(3);
    const out = armijo(0.5, -1, q, 100);
    expect(out.failed).toBe(false);
    expect(q(out.alpha)).toBeLessThanOrEqual(0.5 - 1e-4 * out.alpha);
    expect(q(2 * out.alpha)).toBeGreaterThan(0.5 - 1e-4 * 2 * out.alpha);
  });

  test('Armijo: should take its shortest step when it fails within its cap', () => {
    expect(armijo(0.5, -1, () => 10, 4)).toEqual({ alpha: 0.125, trials: 4, failed: true });
  });
});
