import { symmetricEigen3 } from '@moreau/core';
import { describe, expect, test } from 'vitest';
import { box, boxPoints, ellipsoid, hull, multiply, rotation, sphere } from './__fixtures__/bodies.js';
import { boxPolytope } from './polytope.js';
import { BOX, ELLIPSOID, HULL, WorldBodies } from './world-bodies.js';

const F = multiply(rotation([1, 2, 3], 0.7), [1.3, 0.4, -0.2, 0, 0.8, 0.3, 0.1, 0, 1.1]);

describe('world bodies', () => {
  test('should hold M Mᵀ for each ellipsoid, and no such array for a scene without one', () => {
    const w = new WorldBodies();
    w.update([box([0, 0, 0], [1, 1, 1]), sphere([3, 0, 0], 1)], 0);
    expect(w.gram.length).toBe(0);
    // Two ellipsoids, then five bodies (the arrays grow): M Mᵀ of each, its bounding box from the diagonal.
    for (const n of [2, 5]) {
      const bodies = Array.from({ length: n }, (_, i) => ellipsoid([3 * i, 0, 0], [0.9, 0.5, 1], i % 2 ? F : rotation([0, 1, 1], i)));
      w.update(bodies, 0);
      expect(w.gram.length).toBeGreaterThanOrEqual(6 * n);
      bodies.forEach((_, i) => {
        const M = Array.from(w.axes.subarray(9 * i, 9 * i + 9)), row = (j: number, k: number) => M[3 * j] * M[3 * k] + M[3 * j + 1] * M[3 * k + 1] + M[3 * j + 2] * M[3 * k + 2];
        expect(Array.from(w.gram.subarray(6 * i, 6 * i + 6))).toEqual([row(0, 0), row(1, 1), row(2, 2), row(0, 1), row(0, 2), row(1, 2)]);
        for (let j = 0; j < 3; j++) expect(w.hi[3 * i + j] - w.centre[3 * i + j] - w.pad[i]).toBeCloseTo(Math.sqrt(row(j, j)), 14);
      });
    }
  });

  test('should give a deformed ellipsoid its principal radii: core radius 0.9 σ₃²/σ₁', () => {
    const w = new WorldBodies();
    w.update([ellipsoid([1, 2, 3], [0.9, 0.5, 1], F)], 0);
    expect(w.kind[0]).toBe(ELLIPSOID);
    const M = F.map((v, k) => v * [0.9, 0.5, 1][k % 3]);
    const MtM = [0, 1, 2].flatMap((j) => [0, 1, 2].map((k) => M[j] * M[k] + M[3 + j] * M[3 + k] + M[6 + j] * M[6 + k]));
    const sigma = Array.from(symmetricEigen3(MtM).values, Math.sqrt).sort((a, b) => a - b);
    expect(w.coreRadius[0]).toBeCloseTo((0.9 * sigma[0] ** 2) / sigma[2], 12);
    expect(w.radius[0]).toBeCloseTo(sigma[2], 12);
  });

  test('should bound a deformed ellipsoid and hull exactly (before padding)', () => {
    const w = new WorldBodies();
    w.update([ellipsoid([1, 2, 3], [0.9, 0.5, 1], F), hull([0, 0, 0], boxPoints([0.5, 0.2, 0.3]), F)], 0);
    expect(w.kind[1]).toBe(HULL);
    const M = F.map((v, k) => v * [0.9, 0.5, 1][k % 3]);
    for (let j = 0; j < 3; j++) {
      // The support of {c + M y : |y| ≤ 1} along e_j is c_j + |row j of M|.
      const reach = Math.hypot(M[3 * j], M[3 * j + 1], M[3 * j + 2]);
      expect(w.hi[j] - w.pad[0]).toBeCloseTo([1, 2, 3][j] + reach, 12);
      expect(w.lo[j] + w.pad[0]).toBeCloseTo([1, 2, 3][j] - reach, 12);
      const corners = boxPoints([0.5, 0.2, 0.3]).map((p) => F[3 * j] * p[0] + F[3 * j + 1] * p[1] + F[3 * j + 2] * p[2]);
      expect(w.hi[3 + j] - w.pad[1]).toBeCloseTo(Math.max(...corners), 12);
    }
  });
  test('should give a hull kept from the previous call (same pose) the numbers of a fresh transform', () => {
    const wedge = hull([0.3, -1, 2], [[0, 0, 0], [1, 0, 0], [0, 1, 0], [0, 0, 1], [0.4, 0.5, 0.6]], F);
    const box = hull([1, 2, 3], boxPoints([0.5, 0.2, 0.3]), rotation([0, 1, 0], 0.3));
    const moved = { ...box, pose: { position: Float64Array.of(1, 2, 3.5), linear: box.pose.linear } };
    const egg = ellipsoid([1, 2, 3], [0.9, 0.5, 1], F);
    // Kept, moved, kept again, then shifted to other pool slots by a hull before it.
    const scenes = [[egg, box], [egg, box], [egg, moved], [egg, moved], [wedge, moved], [egg, box]];
    const kept = new WorldBodies();
    for (const bodies of scenes) {
      kept.update(bodies, 0.01);
      const fresh = new WorldBodies();
      fresh.update(bodies, 0.01);
      const n = bodies.length;
      for (const key of ['centre', 'lo', 'hi'] as const) expect(kept[key].subarray(0, 3 * n)).toEqual(fresh[key].subarray(0, 3 * n));
      for (const key of ['radius', 'pad', 'coreRadius', 'kind'] as const) expect(kept[key].subarray(0, n)).toEqual(fresh[key].subarray(0, n));
      for (let j = 0; j < n; j++) {
        if (fresh.kind[j] !== HULL) continue;
        const poly = fresh.polytope[j]!, vo = 3 * fresh.vertexStart[j], po = 4 * fresh.planeStart[j];
        expect(kept.vertexStart[j]).toBe(fresh.vertexStart[j]);
        expect(kept.planeStart[j]).toBe(fresh.planeStart[j]);
        expect(kept.inner.subarray(3 * j, 3 * j + 3)).toEqual(fresh.inner.subarray(3 * j, 3 * j + 3));
        expect(kept.worldVertex.subarray(vo, vo + 3 * poly.vertexCount)).toEqual(fresh.worldVertex.subarray(vo, vo + 3 * poly.vertexCount));
        expect(kept.worldPlane.subarray(po, po + 4 * poly.faceCount)).toEqual(fresh.worldPlane.subarray(po, po + 4 * poly.faceCount));
      }
    }
  });

  test('should give body i the polytope of the box it has now, rigid or deformed, when its shape changes between calls', () => {
    const small = box([0, 0, 0], [0.1, 0.2, 0.3]), large = box([0, 0, 0], [0.5, 0.2, 0.3]);
    const deformed = { ...large, pose: { position: large.pose.position, linear: Float64Array.from(F) } };
    const w = new WorldBodies();
    const wedge = hull([0, 0, 0], [[0, 0, 0], [1, 0, 0], [0, 1, 0], [0, 0, 1]]);
    // The same index through: a box, the same box, another box, that box deformed, a sphere, a hull, the first box again.
    const sequence = [small, small, large, deformed, sphere([0, 0, 0], 0.1), small, wedge, small];
    for (const body of sequence) {
      w.update([body], 0);
      if (body.shape.type !== 'box') {
        expect(w.polytope[0]?.vertexCount).toBe(body === wedge ? 4 : undefined);
        continue;
      }
      expect(w.kind[0]).toBe(body === deformed ? HULL : BOX);
      const h = body.shape.halfExtents, poly = w.polytope[0]!;
      expect(Array.from(poly.vertices.subarray(21, 24))).toEqual(h);
      expect(poly).toBe(boxPolytope(body.shape));
      if (body !== deformed) expect(w.radius[0]).toBeCloseTo(Math.hypot(...h), 14);
    }
  });

  test('should give a box refused for a mirrored pose its polytope again once its pose is good', () => {
    const halfExtents: [number, number, number] = [0.1, 0.2, 0.3];
    const good = box([0, 0, 0], halfExtents);
    const mirrored = { ...good, pose: { position: good.pose.position, linear: Float64Array.of(-1, 0, 0, 0, 1, 0, 0, 0, 1) } };
    const w = new WorldBodies();
    w.update([good], 0);
    expect(() => w.update([mirrored], 0)).toThrow(/determinant/);
    w.update([good], 0);
    expect(w.kind[0]).toBe(BOX);
    const shape = good.shape;
    if (shape.type !== 'box') throw new Error('the fixture makes a box');
    expect(w.polytope[0]).toBe(boxPolytope(shape));
    expect(Array.from(w.polytope[0]!.vertices.subarray(21, 24))).toEqual(halfExtents);
  });
});

describe('box polytopes', () => {
  test('should be shared by boxes of the same half extents, and only by them', () => {
    const a = boxPolytope({ halfExtents: [0.05, 0.05, 0.05] });
    expect(boxPolytope({ halfExtents: [0.05, 0.05, 0.05] })).toBe(a);
    // Another size between two boxes of one size: both sizes kept.
    const b = boxPolytope({ halfExtents: [0.07, 0.05, 0.05] });
    expect(boxPolytope({ halfExtents: [0.05, 0.05, 0.05] })).toBe(a);
    expect(boxPolytope({ halfExtents: [0.07, 0.05, 0.05] })).toBe(b);
    const other = boxPolytope({ halfExtents: [0.05, 0.05, 0.05000000000000001] });
    expect(other).not.toBe(a);
    expect(other.vertices[23]).toBe(0.05000000000000001);
    expect(boxPolytope({ halfExtents: [0.05, 0.05, 0.06] }).offsets[4]).toBe(0.06);
  });

  test('should keep at most 4,096 sizes, and give each of more its own numbers', () => {
    // Sizes no other test uses; other tests' sizes may be kept before these.
    const sizes = Array.from({ length: 5000 }, (_, k) => [0.01 + k * 1e-5, 0.02, 0.03125] as [number, number, number]);
    const shapes = sizes.map((h) => ({ halfExtents: h }));
    const first = shapes.map((shape) => boxPolytope(shape));
    // The same shape objects: their own polytopes, kept or not by size.
    shapes.forEach((shape, k) => expect(boxPolytope(shape)).toBe(first[k]));
    // Other objects of the same sizes, the last first: the sizes since the last emptying are shared, the ones before built again.
    const kept = new Set<number>();
    [...sizes.entries()].reverse().forEach(([k, h]) => {
      const again = boxPolytope({ halfExtents: [...h] as [number, number, number] });
      expect(Array.from(again.vertices.subarray(21, 24))).toEqual(h);
      expect(again.vertices).toEqual(first[k].vertices);
      if (again === first[k]) kept.add(k);
    });
    expect(kept.size).toBeGreaterThan(0);
    expect(kept.size).toBeLessThanOrEqual(4096);
    expect(kept.has(4999)).toBe(true);
    expect(kept.has(0)).toBe(false);
  });
});
