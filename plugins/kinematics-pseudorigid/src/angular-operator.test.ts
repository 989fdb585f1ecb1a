import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { pseudoRigidAngularOperator } from './angular-operator.js';
import plugin from './index.js';

const unit = fc.double({ min: -1, max: 1, noNaN: true });
const mat = fc.array(unit, { minLength: 9, maxLength: 9 });
const quaternion = fc.tuple(unit, unit, unit, unit).filter((v) => Math.hypot(...v) > 0.1);

function rotationOf([w, x, y, z]: readonly number[]): number[] {
  const n = Math.hypot(w, x, y, z);
  [w, x, y, z] = [w / n, x / n, y / n, z / n];
  return [
    1 - 2 * (y * y + z * z), 2 * (x * y - w * z), 2 * (x * z + w * y),
    2 * (x * y + w * z), 1 - 2 * (x * x + z * z), 2 * (y * z - w * x),
    2 * (x * z - w * y), 2 * (y * z + w * x), 1 - 2 * (x * x + y * y),
  ];
}

const mul = (a: readonly number[], b: readonly number[]) =>
  Array.from({ length: 9 }, (_, k) => a[3 * Math.floor(k / 3)] * b[k % 3] + a[3 * Math.floor(k / 3) + 1] * b[3 + (k % 3)] + a[3 * Math.floor(k / 3) + 2] * b[6 + (k % 3)]);

/** H_ω u for u = [Ḟ; ẋ̄] with the given Ḟ and a centre velocity that must not matter. */
function apply(F: number[], Fdot: number[], E: number[]): number[] {
  const H = pseudoRigidAngularOperator(Float64Array.from(F), 0, Float64Array.from(E), 0, new Float64Array(36));
  const u = [...Fdot, 3, -2, 5];
  return [0, 1, 2].map((k) => u.reduce((s, x, j) => s + H[12 * k + j] * x, 0));
}

describe('pseudoRigidAngularOperator', () => {
  test('should declare it: supports.rolling', () => {
    expect(plugin.supports?.rolling).toBe(true);
  });

  test('should give E ω for a rigid motion F = R, Ḟ = [ω]× R', () => {
    // 1e-14: a handful of roundings of products of entries ≤ 1 (|ω| ≤ √3).
    fc.assert(fc.property(quaternion, quaternion, fc.tuple(unit, unit, unit), (qr, qe, w) => {
      const R = rotationOf(qr), E = rotationOf(qe);
      const skew = [0, -w[2], w[1], w[2], 0, -w[0], -w[1], w[0], 0];
      const got = apply(R, mul(skew, R), E);
      const want = [0, 1, 2].map((k) => E[3 * k] * w[0] + E[3 * k + 1] * w[1] + E[3 * k + 2] * w[2]);
      for (let k = 0; k < 3; k++) expect(Math.abs(got[k] - want[k])).toBeLessThanOrEqual(1e-14);
    }));
  });

  test('should give the axial vector of skew(L) for any deformation F and velocity gradient L (Ḟ = L F)', () => {
    // F = I + 0.4 A, kept where det F > 0.1 so that F⁻¹ stays moderate (entries of |F⁻¹| below
    // ~40); the error is the rounding of F⁻¹ times that and |L| ≤ 3: 1e-12 holds it with room.
    const deformed = mat.map((A) => A.map((a, k) => (k % 4 === 0 ? 1 : 0) + 0.4 * a)).filter((F) =>
      F[0] * (F[4] * F[8] - F[5] * F[7]) - F[1] * (F[3] * F[8] - F[5] * F[6]) + F[2] * (F[3] * F[7] - F[4] * F[6]) > 0.1);
    fc.assert(fc.property(deformed, mat, quaternion, (F, L, qe) => {
      const E = rotationOf(qe);
      const got = apply(F, mul(L, F), E);
      const w = [(L[7] - L[5]) / 2, (L[2] - L[6]) / 2, (L[3] - L[1]) / 2];
      const want = [0, 1, 2].map((k) => E[3 * k] * w[0] + E[3 * k + 1] * w[1] + E[3 * k + 2] * w[2]);
      for (let k = 0; k < 3; k++) expect(Math.abs(got[k] - want[k])).toBeLessThanOrEqual(1e-12);
    }));
  });

  test('should give zero for a pure stretch rate (L symmetric)', () => {
    const F = [1.2, 0.1, 0, 0, 0.9, 0.2, 0.1, 0, 1.1], L = [0.3, 0.2, -0.1, 0.2, -0.5, 0.4, -0.1, 0.4, 0.7];
    for (const x of apply(F, mul(L, F), [1, 0, 0, 0, 1, 0, 0, 0, 1])) expect(Math.abs(x)).toBeLessThanOrEqual(1e-15);
  });
});
