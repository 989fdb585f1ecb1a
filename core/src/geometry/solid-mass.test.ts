import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { convexHull } from './convex-hull.js';
import { solidMass } from './solid-mass.js';
import { symmetricEigen3 } from '../linalg/symmetric-eigen3.js';

function maxDiff(a: ArrayLike<number>, b: ArrayLike<number>): number {
  let d = 0;
  for (let i = 0; i < a.length; i++) d = Math.max(d, Math.abs(a[i] - b[i]));
  return d;
}

/** Row-major rotation from a quaternion [w, x, y, z] (normalised here). */
function rotation(w: number, x: number, y: number, z: number): number[] {
  const n = Math.hypot(w, x, y, z);
  w /= n; x /= n; y /= n; z /= n;
  return [
    1 - 2 * (y * y + z * z), 2 * (x * y - w * z), 2 * (x * z + w * y),
    2 * (x * y + w * z), 1 - 2 * (x * x + z * z), 2 * (y * z - w * x),
    2 * (x * z - w * y), 2 * (y * z + w * x), 1 - 2 * (x * x + y * y),
  ];
}

const unit = fc.double({ min: -1, max: 1, noNaN: true });
const positive = fc.double({ min: 0.05, max: 5, noNaN: true });

describe('solidMass', () => {
  test('should match a box in closed form: V = 8abc, J = m/3 diag(b²+c², a²+c², a²+b²) at its centre', () => {
    fc.assert(fc.property(positive, positive, positive, unit, unit, unit, (a, b, c, x, y, z) => {
      const pts: number[] = [];
      for (const sx of [-1, 1]) for (const sy of [-1, 1]) for (const sz of [-1, 1]) pts.push(x + sx * a, y + sy * b, z + sz * c);
      const mass = solidMass(convexHull(pts));
      const V = 8 * a * b * c;
      expect(Math.abs(mass.volume - V)).toBeLessThan(1e-13 * V);
      expect(maxDiff(mass.centroid, [x, y, z])).toBeLessThan(1e-14 * 10);
      const J = [(b * b + c * c), 0, 0, 0, (a * a + c * c), 0, 0, 0, (a * a + b * b)].map((t) => (V / 3) * t);
      expect(maxDiff(mass.inertia, J)).toBeLessThan(1e-13 * Math.max(...J));
    }), { numRuns: 100 });
  });

  test('should match the right tetrahedron with legs a, b, c in closed form', () => {
    fc.assert(fc.property(positive, positive, positive, (a, b, c) => {
      const mass = solidMass(convexHull([0, 0, 0, a, 0, 0, 0, b, 0, 0, 0, c]));
      const m = (a * b * c) / 6;
      expect(Math.abs(mass.volume - m)).toBeLessThan(1e-14 * m);
      expect(maxDiff(mass.centroid, [a / 4, b / 4, c / 4])).toBeLessThan(1e-14 * Math.max(a, b, c));
      // About the centroid: J_xx = 3m(b² + c²)/80 and the product terms J_xy = +m a b / 80 (tensor sign).
      const J = [
        (3 * m * (b * b + c * c)) / 80, (m * a * b) / 80, (m * a * c) / 80,
        (m * a * b) / 80, (3 * m * (a * a + c * c)) / 80, (m * b * c) / 80,
        (m * a * c) / 80, (m * b * c) / 80, (3 * m * (a * a + b * b)) / 80,
      ];
      expect(maxDiff(mass.inertia, J)).toBeLessThan(1e-13 * Math.max(...J));
    }), { numRuns: 100 });
  });

  test('should move with the solid: V fixed, c → R c + t, J → R J Rᵀ under a random rigid motion', () => {
    fc.assert(fc.property(
      fc.array(fc.tuple(unit, unit, unit), { minLength: 12, maxLength: 40 }), unit, unit, unit, unit, unit, unit, unit,
      (cloud, qw, qx, qy, qz, tx, ty, tz) => {
        fc.pre(Math.hypot(qw, qx, qy, qz) > 0.1);
        const pts = cloud.flat();
        let hull;
        try { hull = convexHull(pts); } catch { return; } // a flat draw: nothing to compare
        const R = rotation(qw, qx, qy, qz);
        const moved = cloud.flatMap(([x, y, z]) => [0, 1, 2].map((i) => R[3 * i] * x + R[3 * i + 1] * y + R[3 * i + 2] * z + [tx, ty, tz][i]));
        const a = solidMass(hull), b = solidMass(convexHull(moved));
        expect(Math.abs(b.volume - a.volume)).toBeLessThan(1e-12);
        const c = [0, 1, 2].map((i) => R[3 * i] * a.centroid[0] + R[3 * i + 1] * a.centroid[1] + R[3 * i + 2] * a.centroid[2] + [tx, ty, tz][i]);
        expect(maxDiff(b.centroid, c)).toBeLessThan(1e-12);
        const RJRt = new Array<number>(9).fill(0);
        for (let i = 0; i < 3; i++) for (let j = 0; j < 3; j++) for (let k = 0; k < 3; k++) for (let l = 0; l < 3; l++) {
          RJRt[3 * i + j] += R[3 * i + k] * a.inertia[3 * k + l] * R[3 * j + l];
        }
        expect(maxDiff(b.inertia, RJRt)).toBeLessThan(1e-12);
      }), { numRuns: 60 });
  });

  test('should give principal axes that diagonalise the inertia of a skewed hull', () => {
    const mass = solidMass(convexHull([0, 0, 0, 2, 0.3, 0, 0.2, 1, 0.1, 0.1, 0.4, 0.7, 1.5, 1.2, 0.9, 0.3, 0.1, 1.4]));
    const { values, vectors: Q } = symmetricEigen3(mass.inertia);
    for (let i = 0; i < 3; i++) for (let j = 0; j < 3; j++) {
      let d = 0;
      for (let k = 0; k < 3; k++) for (let l = 0; l < 3; l++) d += Q[3 * k + i] * mass.inertia[3 * k + l] * Q[3 * l + j];
      expect(Math.abs(d - (i === j ? values[i] : 0))).toBeLessThan(1e-14 * Math.max(...values));
    }
    expect(Math.min(...values)).toBeGreaterThan(0);
  });
});
