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
  // Three block rows: pair 0 = force row 0 + torque row 2, μ = 0.5, ρ = 0.25, σ = 2; row 1 an
  // ordinary contact (μ = 0.5). A torque block's μ is 0.
  const mu = Float64Array.of(0.5, 0.5, 0);
  const pairs = new RollingPairs({ force: Int32Array.of(0), torque: Int32Array.of(2), rho: Float64Array.of(0.25), sigma: Float64Array.of(2) }, 3, mu);

  test('should set μ‖u_T‖ on a contact, μ‖u_t‖ + ρ‖w_r‖ + σ|w_n| on a force block and 0 on a torque block', () => {
    // u = wr + q, both nonzero in every entry that counts: row 0 (1, 6, 8); row 1 (9, 3, 4);
    // row 2, the torque block (w_r, then w_n), (3, 4, −1).
    const q = Float64Array.of(1, 3, 4, 10, 1, 2, 1, 2, -2);
    const wr = Float64Array.of(0, 3, 4, -1, 2, 2, 2, 2, 1);
    const sN = Float64Array.of(7, 1, 4);
    // s = (0.5·10 + 0.25·5 + 2·1, 0.5·5, 0) = (8.25, 2.5, 0); largest change 4 (row 2) over the old largest s, 7 (row 0).
    expect(updateRollingDeSaxceShift(q, mu, pairs, wr, sN)).toBe(4 / 7);
    expect(Array.from(sN)).toEqual([8.25, 2.5, 0]);
    expect(updateRollingDeSaxceShift(q, mu, pairs, wr, sN)).toBe(0);
  });

  test('should give what updateDeSaxceShift gives on the ordinary contacts', () => {
    const q = Float64Array.of(0, 4, 4, 3, -1, 2, 1, 3, 4), wr = Float64Array.of(1, 1, 1, 0, 0.5, -3, 1, 1, 1);
    const a = new Float64Array(3), b = new Float64Array(3);
    updateRollingDeSaxceShift(q, mu, pairs, wr, a);
    updateDeSaxceShift(q, mu, wr, b);
    expect(a[1]).toBe(b[1]);
  });

  test('should return 0 when every s stays 0, and Infinity, not NaN, when an infinite old s moves', () => {
    expect(updateRollingDeSaxceShift(new Float64Array(9), mu, pairs, new Float64Array(9), new Float64Array(3))).toBe(0);
    const sN = Float64Array.of(Infinity, 0, 0);
    expect(updateRollingDeSaxceShift(Float64Array.of(0, 0, 1, 0, 0, 0, 0, 0, 0), mu, pairs, new Float64Array(9), sN)).toBe(Infinity);
  });
});
