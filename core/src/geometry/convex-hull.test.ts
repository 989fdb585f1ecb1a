import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { isMoreauError } from '../contracts/errors.js';
import { convexHull, type ConvexHull } from './convex-hull.js';

function codeOf(fn: () => unknown): string | undefined {
  try { fn(); } catch (e) { return isMoreauError(e) ? e.code : `not a MoreauError: ${String(e)}`; }
  return undefined;
}

/** The drum's end wall (paper 000's scenario): a 31-point ring of radius 1.05 extruded 0.05 in y. */
function endWall(): number[] {
  const pts: number[] = [];
  for (const y of [0, 0.05]) {
    for (let k = 0; k <= 30; k++) pts.push(1.05 * Math.cos(0.2 * k), y, 1.05 * Math.sin(0.2 * k));
  }
  return pts;
}

/** Checks what every hull owes, against the points it was built from; returns nothing, throws on failure. */
function expectValidHull(hull: ConvexHull, points: ArrayLike<number>, tol: number): void {
  const { vertices, faces, normals, offsets, edges, neighbours } = hull;
  const V = vertices.length / 3, F = faces.length, E = edges.length / 2;
  expect(V - E + F).toBe(2);
  expect(normals.length).toBe(3 * F);
  expect(offsets.length).toBe(F);
  expect(neighbours.length).toBe(V);

  // Every input point is inside or on every face plane; every face's corners are on its plane.
  for (let f = 0; f < F; f++) {
    const nx = normals[3 * f], ny = normals[3 * f + 1], nz = normals[3 * f + 2];
    expect(Math.hypot(nx, ny, nz)).toBeCloseTo(1, 12);
    for (let i = 0; i < points.length / 3; i++) {
      expect(nx * points[3 * i] + ny * points[3 * i + 1] + nz * points[3 * i + 2]).toBeLessThanOrEqual(offsets[f] + tol);
    }
    for (const v of faces[f]) {
      expect(Math.abs(nx * vertices[3 * v] + ny * vertices[3 * v + 1] + nz * vertices[3 * v + 2] - offsets[f])).toBeLessThanOrEqual(tol);
    }
  }

  // Every hull vertex is an input point and lies on at least 3 faces.
  const onFaces = new Array<number>(V).fill(0);
  for (const face of faces) for (const v of face) onFaces[v]++;
  for (let v = 0; v < V; v++) {
    expect(onFaces[v]).toBeGreaterThanOrEqual(3);
    let found = false;
    for (let i = 0; i < points.length / 3 && !found; i++) {
      found = points[3 * i] === vertices[3 * v] && points[3 * i + 1] === vertices[3 * v + 1] && points[3 * i + 2] === vertices[3 * v + 2];
    }
    expect(found).toBe(true);
  }

  // Each edge is walked once in each direction by the face loops (closed, consistently oriented),
  // and the edge list and neighbour lists describe the same graph.
  const directed = new Map<string, number>();
  for (const face of faces) {
    for (let k = 0; k < face.length; k++) {
      const key = `${face[k]}>${face[(k + 1) % face.length]}`;
      directed.set(key, (directed.get(key) ?? 0) + 1);
    }
  }
  expect(directed.size).toBe(2 * E);
  for (let e = 0; e < E; e++) {
    const a = edges[2 * e], b = edges[2 * e + 1];
    expect(directed.get(`${a}>${b}`)).toBe(1);
    expect(directed.get(`${b}>${a}`)).toBe(1);
    expect([...neighbours[a]]).toContain(b);
    expect([...neighbours[b]]).toContain(a);
  }
  expect(neighbours.reduce((s, list) => s + list.length, 0)).toBe(2 * E);

  // Counter-clockwise seen from outside: each face's loop turns about its outward normal.
  for (let f = 0; f < F; f++) {
    const face = faces[f];
    let turn = 0;
    for (let k = 0; k < face.length; k++) {
      const a = 3 * face[0], b = 3 * face[k], c = 3 * face[(k + 1) % face.length];
      const ux = vertices[b] - vertices[a], uy = vertices[b + 1] - vertices[a + 1], uz = vertices[b + 2] - vertices[a + 2];
      const wx = vertices[c] - vertices[a], wy = vertices[c + 1] - vertices[a + 1], wz = vertices[c + 2] - vertices[a + 2];
      turn += normals[3 * f] * (uy * wz - uz * wy) + normals[3 * f + 1] * (uz * wx - ux * wz) + normals[3 * f + 2] * (ux * wy - uy * wx);
    }
    expect(turn).toBeGreaterThan(0);
  }
}

/** True when integer points all lie in one plane (exact: integer arithmetic stays below 2^53 here). */
function integerCoplanar(p: number[]): boolean {
  const n = p.length / 3;
  const d = (i: number, k: number) => p[3 * i + k] - p[k];
  let i1 = -1, i2 = -1;
  for (let i = 1; i < n && i1 < 0; i++) if (d(i, 0) || d(i, 1) || d(i, 2)) i1 = i;
  if (i1 < 0) return true;
  let cx = 0, cy = 0, cz = 0;
  for (let i = 1; i < n && i2 < 0; i++) {
    cx = d(i1, 1) * d(i, 2) - d(i1, 2) * d(i, 1);
    cy = d(i1, 2) * d(i, 0) - d(i1, 0) * d(i, 2);
    cz = d(i1, 0) * d(i, 1) - d(i1, 1) * d(i, 0);
    if (cx || cy || cz) i2 = i;
  }
  if (i2 < 0) return true;
  for (let i = 1; i < n; i++) if (cx * d(i, 0) + cy * d(i, 1) + cz * d(i, 2) !== 0) return false;
  return true;
}

describe('convexHull', () => {
  test('should reduce a cube with interior, duplicate, face and edge points to 8 vertices, 6 quads, 12 edges', () => {
    const pts: number[] = [];
    pts.push(0, 0, 0, 0.3, -0.2, 0.1);                                        // interior
    for (const x of [-1, 1]) for (const y of [-1, 1]) for (const z of [-1, 1]) pts.push(x, y, z);
    pts.push(1, 1, 1, -1, -1, -1);                                            // duplicates
    pts.push(1, 0, 0, 0, -1, 0, 0.5, 0.5, 1);                                 // on faces
    pts.push(1, 1, 0, 0, -1, -1);                                             // on edges
    const hull = convexHull(pts);
    expect(hull.vertices.length / 3).toBe(8);
    expect(hull.faces.length).toBe(6);
    expect(hull.faces.every((f) => f.length === 4)).toBe(true);
    expect(hull.edges.length / 2).toBe(12);
    expect(hull.neighbours.every((list) => list.length === 3)).toBe(true);
    for (let f = 0; f < 6; f++) {
      const n = [...hull.normals.subarray(3 * f, 3 * f + 3)].map((x) => Math.abs(x)).sort();
      expect(n[0]).toBeLessThan(1e-15);
      expect(n[2]).toBeCloseTo(1, 15);
      expect(hull.offsets[f]).toBeCloseTo(1, 15);
    }
    expectValidHull(hull, pts, 1e-12);
  });

  test('should give the drum end wall (62 points) 62 vertices and 33 faces: two 31-gons and 31 quads', () => {
    const pts = endWall();
    const hull = convexHull(pts, 'end wall');
    expect(hull.vertices.length / 3).toBe(62);
    expect(hull.faces.length).toBe(33);
    expect(hull.faces.filter((f) => f.length === 31).length).toBe(2);
    expect(hull.faces.filter((f) => f.length === 4).length).toBe(31);
    expectValidHull(hull, pts, 1e-12);
  });

  test('should contain every point of a random cloud, with a closed, consistent polygon mesh', () => {
    fc.assert(fc.property(
      fc.array(fc.tuple(fc.double({ min: -1, max: 1, noNaN: true }), fc.double({ min: -1, max: 1, noNaN: true }),
        fc.double({ min: -1, max: 1, noNaN: true })), { minLength: 4, maxLength: 80 }),
      fc.double({ min: 1e-3, max: 1e3, noNaN: true }),
      (cloud, scale) => {
        const pts = cloud.flat().map((x) => x * scale);
        let hull: ConvexHull;
        try { hull = convexHull(pts); } catch (e) {
          // fast-check likes tiny and repeated values: a thin cloud must be refused as E_CONFIG, nothing else.
          expect(isMoreauError(e, 'E_CONFIG')).toBe(true);
          return;
        }
        expectValidHull(hull, pts, 1e-9 * scale);
      }), { numRuns: 150 });
  });

  test('should handle integer grids (many coplanar, collinear and repeated points) or refuse exactly the flat ones', () => {
    fc.assert(fc.property(
      fc.array(fc.tuple(fc.integer({ min: -2, max: 2 }), fc.integer({ min: -2, max: 2 }), fc.integer({ min: -2, max: 2 })),
        { minLength: 4, maxLength: 60 }),
      (cloud) => {
        const pts = cloud.flat();
        if (integerCoplanar(pts)) {
          expect(codeOf(() => convexHull(pts))).toBe('E_CONFIG');
          return;
        }
        expectValidHull(convexHull(pts), pts, 1e-12);
      }), { numRuns: 200 });
  });

  test('should give the same hull for the same points, wherever the cloud sits', () => {
    const pts = endWall();
    const moved = pts.map((x, i) => x + [1e3, -2e3, 5e2][i % 3]);
    const a = convexHull(pts), b = convexHull(moved);
    expect(b.faces.map((f) => f.length).sort()).toEqual(a.faces.map((f) => f.length).sort());
    expectValidHull(b, moved, 1e-9);
  });

  test('should refuse too few points, bad lengths, non-finite coordinates and flat, collinear or coincident clouds', () => {
    expect(codeOf(() => convexHull([0, 0, 0, 1, 0, 0, 0, 1, 0]))).toBe('E_CONFIG');
    expect(codeOf(() => convexHull([0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0]))).toBe('E_CONFIG');
    expect(codeOf(() => convexHull([0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, Number.NaN]))).toBe('E_CONFIG');
    expect(codeOf(() => convexHull([0, 0, 0, 1, 0, 0, 0, Infinity, 0, 0, 0, 1]))).toBe('E_CONFIG');
    expect(codeOf(() => convexHull([0, 0, 0, 1, 0, 0, 0, 1, 0, 1, 1, 0, 0.5, 0.5, 0]))).toBe('E_CONFIG');      // flat
    expect(codeOf(() => convexHull([0, 0, 0, 1, 1, 1, 2, 2, 2, 3, 3, 3]))).toBe('E_CONFIG');                   // collinear
    expect(codeOf(() => convexHull([1, 2, 3, 1, 2, 3, 1, 2, 3, 1, 2, 3]))).toBe('E_CONFIG');                   // one point
    expect(codeOf(() => convexHull([0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1e-12]))).toBe('E_CONFIG');               // flat to tolerance
    expect(codeOf(() => convexHull([0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1e-3]))).toBeUndefined();                 // thin, but solid
  });

  test('should name the caller\'s data in its errors', () => {
    try { convexHull([0, 0, 0], 'bodies[3].shape.points'); } catch (e) {
      expect(isMoreauError(e, 'E_CONFIG')).toBe(true);
      expect((e as Error).message).toContain('bodies[3].shape.points');
      return;
    }
    expect.unreachable();
  });
});
