import { describe, expect, test } from 'vitest';
import { RollingPairs } from '../problem/rolling-pairs.js';
import { projectOntoRollingCones } from './rolling-cones.js';

// Six block rows: 0 and 5 ordinary contacts (μ = 0.5), pair 0 = force row 1 + torque row 3,
// pair 1 = force row 4 + torque row 2 (out of order on purpose). A torque block's μ is 0.
const mu = Float64Array.from([0.5, 0.5, 0, 0, 1, 0.5]);
const pairs = new RollingPairs({
  force: Int32Array.from([1, 4]),
  torque: Int32Array.from([3, 2]),
  rho: Float64Array.from([0.5, 1]),
  sigma: Float64Array.from([1, 1]),
}, 6, mu);

const x = Float64Array.from([
  1, 3, 4, //        row 0, K_0.5: t = (1 + 2.5)/1.25 = 2.8, factor 0.28
  1, 3, 4, //        row 1, pair 0's force block
  8, -6, -10, //     row 2, pair 1's torque block
  -4, 3, 0, //       row 3, pair 0's torque block
  -2, 6, 8, //       row 4, pair 1's force block
  2, 0.3, -0.4, //   row 5, inside K_0.5: unchanged
]);

// The pairs' answers are the closed forms of rolling-cone.test.ts: pair 0 (μ = ρ = 0.5, σ = 1)
// has t = (1 + 2.5 + 2.5)/1.5 = 4 and both groups at radius 2; pair 1 (μ = ρ = σ = 1) has
// t = (−2 + 30)/4 = 7 and every group scaled by 0.7. Projecting the blocks one by one onto
// K_μ (the torque blocks onto K_0, the half-line) would give other numbers in rows 1 to 4.
const expected = [
  2.8, 0.84, 1.12,
  4, 1.2, 1.6,
  5.6, -4.2, -7,
  -1.6, 1.2, 0,
  7, 4.2, 5.6,
  2, 0.3, -0.4,
];

// A handful of roundings on entries of order 1-10: 1e-14 relative to 10, about ten ulps.
const TOL = 1e-13;

function expectNear(a: Float64Array, b: number[]): void {
  for (let i = 0; i < b.length; i++) {
    if (!(Math.abs(a[i] - b[i]) <= TOL)) expect.fail(`entry ${i}: ${a[i]} vs ${b[i]}; got [${Array.from(a)}]`);
  }
}

describe('projectOntoRollingCones', () => {
  test('should project ordinary contacts onto K_μ and each pair onto its cone Z, into a separate out', () => {
    const input = x.slice();
    const out = new Float64Array(x.length);
    expect(projectOntoRollingCones(out, input, mu, pairs)).toBe(out);
    expectNear(out, expected);
    expect([...input]).toEqual([...x]);
  });

  test('should give the same answer in place (out = x): the pairs are read before K_μ overwrites them', () => {
    const inPlace = x.slice();
    expect(projectOntoRollingCones(inPlace, inPlace, mu, pairs)).toBe(inPlace);
    expectNear(inPlace, expected);
  });

  test('should be projectOntoCones when there are no pairs', () => {
    const none = new RollingPairs({ force: new Int32Array(0), torque: new Int32Array(0), rho: new Float64Array(0), sigma: new Float64Array(0) }, 2, Float64Array.from([0.5, 0.5]));
    const out = projectOntoRollingCones(new Float64Array(6), Float64Array.from([1, 3, 4, 2, 0.3, -0.4]), Float64Array.from([0.5, 0.5]), none);
    expectNear(out, [2.8, 0.84, 1.12, 2, 0.3, -0.4]);
  });
});
