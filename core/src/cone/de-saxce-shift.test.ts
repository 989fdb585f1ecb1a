import { describe, expect, test } from 'vitest';
import { RollingPairs } from '../problem/rolling-pairs.js';
import { updateDeSaxceShift, updateRollingDeSaxceShift } from './de-saxce-shift.js';

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

describe('updateRollingDeSaxceShift', () => {
  // Three block rows: 0 an ordinary contact (μ = 0.5); pair 0 = force row 2 + torque row 1
  // (out of order on purpose), μ = 0.5, ρ = 0.25, σ = 2. A torque block's μ is 0.
  const mu = Float64Array.of(0.5, 0, 0.5);
  const pairs = new RollingPairs({ force: Int32Array.of(2), torque: Int32Array.of(1), rho: Float64Array.of(0.25), sigma: Float64Array.of(2) }, 3, mu);

  test('should set μ‖u_T‖ on a contact, μ‖u_t‖ + ρ‖w_r‖ + σ|w_n| on a force block and 0 on a torque block', () => {
    // u = wr + q: row 0 (9, 3, 4); row 1, the torque block (w_r, then w_n), (3, 4, −1); row 2 (1, 6, 8).
    const q = Float64Array.of(10, 1, 2, 0, 4, 0, 1, 3, 4);
    const wr = Float64Array.of(-1, 2, 2, 3, 0, -1, 0, 3, 4);
    const sN = Float64Array.of(1, 7, 4);
    // s = (0.5·5, 0, 0.5·10 + 0.25·5 + 2·1) = (2.5, 0, 8.25); largest change 7 (row 1) over the old largest s, 7.
    expect(updateRollingDeSaxceShift(q, mu, pairs, wr, sN)).toBe(1);
    expect(Array.from(sN)).toEqual([2.5, 0, 8.25]);
    expect(updateRollingDeSaxceShift(q, mu, pairs, wr, sN)).toBe(0);
  });

  test('should give what updateDeSaxceShift gives on the ordinary contacts', () => {
    const q = Float64Array.of(3, -1, 2, 0, 4, 4, 1, 3, 4), wr = Float64Array.of(0, 0.5, -3, 1, 1, 1, 1, 1, 1);
    const a = new Float64Array(3), b = new Float64Array(3);
    updateRollingDeSaxceShift(q, mu, pairs, wr, a);
    updateDeSaxceShift(q, mu, wr, b);
    expect(a[0]).toBe(b[0]);
  });

  test('should return Infinity, not NaN, when an infinite old s moves', () => {
    const sN = Float64Array.of(Infinity, 0, 0);
    expect(updateRollingDeSaxceShift(Float64Array.of(0, 0, 1, 0, 0, 0, 0, 0, 0), mu, pairs, new Float64Array(9), sN)).toBe(Infinity);
  });
});
