import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { boundingRadius, placeMesh, shapeMesh, type SurfaceMesh } from './shape-mesh.js';

const point = (m: SurfaceMesh, i: number) => [m.points[3 * i], m.points[3 * i + 1], m.points[3 * i + 2]];

function polygonsOf(m: SurfaceMesh): number[][] {
  const polys: number[][] = [];
  let start = 0;
  for (const end of m.offsets) {
    polys.push([...m.connectivity.subarray(start, end)]);
    start = end;
  }
  return polys;
}

/** Enclosed volume by the divergence theorem over fan triangles: positive when every polygon faces out. */
function volume(m: SurfaceMesh): number {
  let v = 0;
  for (const p of polygonsOf(m)) {
    const a = point(m, p[0]);
    for (let k = 1; k + 1 < p.length; k++) {
      const b = point(m, p[k]), c = point(m, p[k + 1]);
      v += (a[0] * (b[1] * c[2] - b[2] * c[1]) - a[1] * (b[0] * c[2] - b[2] * c[0]) + a[2] * (b[0] * c[1] - b[1] * c[0])) / 6;
    }
  }
  return v;
}

/** Closed and consistently oriented: every directed edge appears once and its reverse once. */
function expectClosedAndOriented(m: SurfaceMesh): void {
  const edges = new Map<string, number>();
  for (const p of polygonsOf(m)) {
    p.forEach((a, k) => {
      const key = `${a}>${p[(k + 1) % p.length]}`;
      edges.set(key, (edges.get(key) ?? 0) + 1);
    });
  }
  for (const [key, n] of edges) {
    expect(n, `edge ${key}`).toBe(1);
    const [a, b] = key.split('>');
    expect(edges.get(`${b}>${a}`), `reverse of ${key}`).toBe(1);
  }
}

describe('shapeMesh', () => {
  it('should give a closed, outward sphere with every point on the sphere', () => {
    fc.assert(fc.property(fc.double({ min: 1e-3, max: 1e3, noNaN: true }), (r) => {
      const m = shapeMesh({ type: 'sphere', radius: r });
      expect(m.points.length / 3).toBe(2 + 16 * 7);
      let worst = 0;
      for (let i = 0; i < m.points.length / 3; i++) worst = Math.max(worst, Math.abs(Math.hypot(...point(m, i)) / r - 1));
      expect(worst).toBeLessThan(1e-14); // exact up to rounding of sin, cos and hypot
      expectClosedAndOriented(m);
      // An inscribed polyhedron: less than the ball's volume, and 16x8 facets get within 10 %.
      const v = volume(m), ball = (4 / 3) * Math.PI * r ** 3;
      expect(v).toBeLessThan(ball);
      expect(v).toBeGreaterThan(0.9 * ball);
    }), { numRuns: 20 });
  });

  it('should give a box of 8 corners and 6 outward quads enclosing 8abc', () => {
    fc.assert(fc.property(fc.tuple(...[0, 1, 2].map(() => fc.double({ min: 1e-3, max: 1e3, noNaN: true }))), ([a, b, c]) => {
      const m = shapeMesh({ type: 'box', halfExtents: [a, b, c] });
      expect(m.offsets).toEqual(Int32Array.from([4, 8, 12, 16, 20, 24]));
      expectClosedAndOriented(m);
      expect(volume(m)).toBeCloseTo(8 * a * b * c, 6); // exact sums of products: rounding only
      expect(volume(m) / (8 * a * b * c)).toBeCloseTo(1, 12);
    }));
  });

  it('should give a closed, outward cylinder: two rims on its circle at z = ±halfLength, enclosing the inscribed prism', () => {
    fc.assert(fc.property(fc.double({ min: 1e-3, max: 1e3, noNaN: true }), fc.double({ min: 1e-3, max: 1e3, noNaN: true }), fc.integer({ min: 3, max: 48 }), (r, h, S) => {
      const m = shapeMesh({ type: 'cylinder', radius: r, halfLength: h }, { segments: S });
      expect(m.points.length / 3).toBe(2 * S);
      expect(m.offsets.length).toBe(2 + S); // two caps and a quad per side
      for (let i = 0; i < 2 * S; i++) {
        const [x, y, z] = point(m, i);
        expect(Math.abs(Math.hypot(x, y) / r - 1)).toBeLessThan(1e-14); // rounding of sin and cos
        expect(z).toBe(i < S ? h : -h);
      }
      expectClosedAndOriented(m);
      // The prism on the inscribed S-gon: (S/2) r² sin(2π/S) · 2h, to rounding of the fan sums.
      const prism = (S / 2) * r * r * Math.sin((2 * Math.PI) / S) * 2 * h;
      expect(volume(m) / prism).toBeCloseTo(1, 10);
    }), { numRuns: 40 });
  });

  it('should draw a plane as a square of the given half side, in the plane, facing along the normal', () => {
    const unit = fc.tuple(fc.double({ min: -1, max: 1, noNaN: true }), fc.double({ min: -1, max: 1, noNaN: true }), fc.double({ min: -1, max: 1, noNaN: true }))
      .filter((v) => Math.hypot(...v) > 0.1);
    fc.assert(fc.property(unit, fc.double({ min: 0.1, max: 100, noNaN: true }), (n, s) => {
      const m = shapeMesh({ type: 'plane', normal: n }, { planeHalfSize: s });
      const len = Math.hypot(...n);
      const corners = [0, 1, 2, 3].map((i) => point(m, i));
      for (const c of corners) expect((c[0] * n[0] + c[1] * n[1] + c[2] * n[2]) / len).toBeCloseTo(0, 9); // tolerance: rounding of the frame
      for (let i = 0; i < 4; i++) {
        const a = corners[i], b = corners[(i + 1) % 4];
        expect(Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]) / s).toBeCloseTo(2, 9);
      }
      const [a, b, c] = corners;
      const e1 = [b[0] - a[0], b[1] - a[1], b[2] - a[2]], e2 = [c[0] - b[0], c[1] - b[1], c[2] - b[2]];
      const normal = [e1[1] * e2[2] - e1[2] * e2[1], e1[2] * e2[0] - e1[0] * e2[2], e1[0] * e2[1] - e1[1] * e2[0]];
      expect(normal[0] * n[0] + normal[1] * n[1] + normal[2] * n[2]).toBeGreaterThan(0);
    }));
  });
});

describe('placeMesh', () => {
  it('should apply x = position + linear · X to every point', () => {
    const m = shapeMesh({ type: 'box', halfExtents: [1, 2, 3] });
    const c = Math.cos(0.3), s = Math.sin(0.3);
    const pose = { position: Float64Array.of(10, 20, 30), linear: Float64Array.of(c, -s, 0, s, c, 0, 0, 0, 2) };
    const out = new Float64Array(3 + m.points.length).fill(NaN);
    placeMesh(m, pose, out, 3);
    expect(Number.isNaN(out[0]) && Number.isNaN(out[2])).toBe(true); // nothing written before the offset
    for (let i = 0; i < 8; i++) {
      const [x, y, z] = point(m, i);
      expect([out[3 + 3 * i], out[4 + 3 * i], out[5 + 3 * i]]).toEqual([10 + c * x - s * y, 20 + s * x + c * y, 30 + 2 * z]);
    }
  });
});

describe('boundingRadius', () => {
  it('should be the farthest point of each shape from its centre, reached by the shape\'s own mesh', () => {
    const shapes = [
      { type: 'sphere', radius: 0.3 },
      { type: 'ellipsoid', semiAxes: [0.2, 0.5, 0.1] },
      { type: 'box', halfExtents: [0.1, 0.2, 0.3] },
      { type: 'capsule', radius: 0.1, halfLength: 0.4 },
      { type: 'cylinder', radius: 0.2, halfLength: 0.15 },
      { type: 'hull', points: [[0, 0, 0], [1, 0, 0], [0, 2, 0], [0, 0, 0.5]] },
    ] as const;
    for (const shape of shapes) {
      const m = shapeMesh(shape);
      let far = 0;
      for (let i = 0; i < m.points.length / 3; i++) far = Math.max(far, Math.hypot(...point(m, i)));
      // Every mesh here has a vertex at a farthest point of its shape (poles, corners, rims).
      expect(boundingRadius(shape)).toBeCloseTo(far, 12);
    }
    expect(boundingRadius({ type: 'plane', normal: [0, 0, 1] })).toBe(0);
  });
});
