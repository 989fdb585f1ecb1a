import { describe, expect, test } from 'vitest';
import { updateDeSaxceShift } from './de-saxce-shift.js';

describe('updateDeSaxceShift', () => {
  test('should set s_a = μ_a ‖u_T‖ and return the change relative to the old largest s', () => {
    // wr_T and q_T both nonzero in each component, so u = W r + q is not confused with W r − q.
    const q = Float64Array.of(-1, 2, 2, 0, -1, 3);
    const wr = Float64Array.of(2, 1, 2, 0, 1, -2);
    const mu = Float64Array.of(0.5, 0.2);
    const sN = Float64Array.of(2, 0.1);
    // u_T = (3, 4) and (0, 1): s = (2.5, 0.2); changes 0.5 and 0.1 over the old largest s, 2.
    expect(updateDeSaxceShift(q, mu, wr, sN)).toBe(0.25);
    expect(Array.from(sN)).toEqual([2.5, 0.2]);
  });

  test('should return 0 when nothing moves, and Infinity when the old s was zero and the new is not', () => {
    const q = Float64Array.of(0, 0, 1), mu = Float64Array.of(1), wr = new Float64Array(3);
    const sN = new Float64Array(1);
    expect(updateDeSaxceShift(q, mu, wr, sN)).toBe(Infinity);
    expect(updateDeSaxceShift(q, mu, wr, sN)).toBe(0);
    expect(sN[0]).toBe(1);
    const zero = new Float64Array(1);
    expect(updateDeSaxceShift(new Float64Array(3), mu, wr, zero)).toBe(0);
  });

  test('should return Infinity, not NaN, when an infinite old s moves (∞ / ∞)', () => {
    const sN = Float64Array.of(Infinity);
    expect(updateDeSaxceShift(Float64Array.of(0, 0, 1), Float64Array.of(1), new Float64Array(3), sN)).toBe(Infinity);
    expect(sN[0]).toBe(1);
  });
});
