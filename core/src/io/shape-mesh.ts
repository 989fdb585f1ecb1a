import { completeFrame } from '../geometry/contact-frame.js';
import { convexHull } from '../geometry/convex-hull.js';
import type { Pose, Shape } from '../contracts/dynamics.js';

/**
 * A surface mesh of a shape in its reference frame, as VTK polygons: `points` 3 per
 * point, `connectivity` the point indices of every polygon in turn and `offsets` the
 * end of each polygon in `connectivity`. Polygons are ordered counter-clockwise seen
 * from outside, so their normals point out of the body.
 */
export interface SurfaceMesh {
  points: Float64Array;
  connectivity: Int32Array;
  offsets: Int32Array;
}

export interface MeshOptions {
  /** Points around a sphere's equator, a capsule's or a cylinder's circle (default 16). */
  segments?: number;
  /** Latitude bands of a sphere, pole to pole (default 8). */
  rings?: number;
  /** Half the side of the square drawn for a plane (default 10). */
  planeHalfSize?: number;
}

/** The reference surface of a shape (a plane becomes a square patch through its origin). */
export function shapeMesh(shape: Shape, options: MeshOptions = {}): SurfaceMesh {
  switch (shape.type) {
    case 'sphere': return sphereMesh(shape.radius, options.segments ?? 16, options.rings ?? 8);
    case 'box': return boxMesh(shape.halfExtents[0], shape.halfExtents[1], shape.halfExtents[2]);
    case 'ellipsoid': return scaled(sphereMesh(1, options.segments ?? 16, options.rings ?? 8), shape.semiAxes);
    case 'capsule': return capsuleMesh(shape.radius, shape.halfLength, options.segments ?? 16);
    case 'cylinder': return cylinderMesh(shape.radius, shape.halfLength, options.segments ?? 16);
    case 'hull': return hullMesh(shape.points);
    case 'plane': return planeMesh(shape.normal[0], shape.normal[1], shape.normal[2], options.planeHalfSize ?? 10);
  }
}

/**
 * The radius of the smallest sphere about the reference centre that holds the shape (a plane:
 * 0, it has no extent to bound): the size a viewer draws a body at when a frame gives its
 * centre only.
 */
export function boundingRadius(shape: Shape): number {
  switch (shape.type) {
    case 'sphere': return shape.radius;
    case 'box': return Math.hypot(...shape.halfExtents);
    case 'ellipsoid': return Math.max(...shape.semiAxes);
    case 'capsule': return shape.radius + shape.halfLength;
    case 'cylinder': return Math.hypot(shape.radius, shape.halfLength);
    case 'hull': return shape.points.reduce((m, p) => Math.max(m, Math.hypot(p[0], p[1], p[2])), 0);
    case 'plane': return 0;
  }
}

/** A latitude-longitude sphere: two poles, `rings - 1` circles, triangles at the poles and quads between. */
function sphereMesh(radius: number, segments: number, rings: number): SurfaceMesh {
  const S = segments, circles = rings - 1;
  const points = new Float64Array(3 * (2 + S * circles));
  points[2] = radius; // north pole first
  for (let k = 1; k <= circles; k++) {
    const theta = (Math.PI * k) / rings;
    const z = radius * Math.cos(theta), rho = radius * Math.sin(theta);
    for (let j = 0; j < S; j++) {
      const phi = (2 * Math.PI * j) / S, p = 3 * (1 + (k - 1) * S + j);
      points[p] = rho * Math.cos(phi);
      points[p + 1] = rho * Math.sin(phi);
      points[p + 2] = z;
    }
  }
  const south = 1 + S * circles;
  points[3 * south + 2] = -radius;
  const ring = (k: number, j: number) => 1 + (k - 1) * S + (j % S);
  const polys: number[][] = [];
  for (let j = 0; j < S; j++) polys.push([0, ring(1, j), ring(1, j + 1)]);
  for (let k = 1; k < circles; k++) {
    for (let j = 0; j < S; j++) polys.push([ring(k, j), ring(k + 1, j), ring(k + 1, j + 1), ring(k, j + 1)]);
  }
  for (let j = 0; j < S; j++) polys.push([ring(circles, j), south, ring(circles, j + 1)]);
  return { points, ...polygons(polys) };
}

/** A mesh stretched along the reference axes (a unit sphere into an ellipsoid). */
function scaled(mesh: SurfaceMesh, s: readonly [number, number, number]): SurfaceMesh {
  for (let p = 0; p < mesh.points.length; p++) mesh.points[p] *= s[p % 3];
  return mesh;
}

/**
 * A capsule from a sphere mesh with an odd number of rings (no circle on the equator): the
 * northern points move up by the half length and the southern ones down, so the band that
 * crossed the equator becomes the cylinder.
 */
function capsuleMesh(radius: number, halfLength: number, segments: number): SurfaceMesh {
  const mesh = sphereMesh(radius, segments, 9);
  for (let p = 2; p < mesh.points.length; p += 3) mesh.points[p] += mesh.points[p] > 0 ? halfLength : -halfLength;
  return mesh;
}

/**
 * A cylinder as the prism on a regular polygon of `segments` sides inscribed in its circle: the
 * top rim (z = +halfLength) then the bottom rim, each from angle 0 counter-clockwise about z;
 * the two caps as one polygon each and a quad per side. Rim points are shared by cap and side,
 * so the surface is closed (renderers that want a sharp rim split normals by angle).
 */
function cylinderMesh(radius: number, halfLength: number, segments: number): SurfaceMesh {
  const S = segments, points = new Float64Array(6 * S);
  for (let j = 0; j < S; j++) {
    const phi = (2 * Math.PI * j) / S, x = radius * Math.cos(phi), y = radius * Math.sin(phi);
    points.set([x, y, halfLength], 3 * j);
    points.set([x, y, -halfLength], 3 * (S + j));
  }
  const top = Array.from({ length: S }, (_, j) => j);
  const bottom = Array.from({ length: S }, (_, j) => S + ((S - j) % S));
  const sides = Array.from({ length: S }, (_, j) => [S + j, S + ((j + 1) % S), (j + 1) % S, j]);
  return { points, ...polygons([top, bottom, ...sides]) };
}

/** The faces of the shape's convex hull, each one polygon. */
function hullMesh(points: readonly (readonly [number, number, number])[]): SurfaceMesh {
  const hull = convexHull(points.flat());
  return { points: hull.vertices, ...polygons(hull.faces.map((f) => Array.from(f))) };
}

/** Corner i has coordinates (±a, ±b, ±c) with the signs from bits 0, 1, 2 of i. */
const BOX_FACES = [[0, 4, 6, 2], [1, 3, 7, 5], [0, 1, 5, 4], [2, 6, 7, 3], [0, 2, 3, 1], [4, 5, 7, 6]];

function boxMesh(a: number, b: number, c: number): SurfaceMesh {
  const points = new Float64Array(24);
  for (let i = 0; i < 8; i++) {
    points[3 * i] = i & 1 ? a : -a;
    points[3 * i + 1] = i & 2 ? b : -b;
    points[3 * i + 2] = i & 4 ? c : -c;
  }
  return { points, ...polygons(BOX_FACES) };
}

/** A square of half side s in the plane n·X = 0, spanned by the tangents of `completeFrame` (t1 × t2 = n). */
function planeMesh(nx: number, ny: number, nz: number, s: number): SurfaceMesh {
  const len = Math.hypot(nx, ny, nz);
  const f = completeFrame(nx / len, ny / len, nz / len, new Float64Array(9), 0);
  const points = new Float64Array(12);
  const corners = [[-1, -1], [1, -1], [1, 1], [-1, 1]];
  corners.forEach(([u, v], i) => {
    for (let d = 0; d < 3; d++) points[3 * i + d] = s * (u * f[3 + d] + v * f[6 + d]);
  });
  return { points, ...polygons([[0, 1, 2, 3]]) };
}

function polygons(polys: number[][]): { connectivity: Int32Array; offsets: Int32Array } {
  const connectivity = new Int32Array(polys.flat());
  const offsets = new Int32Array(polys.length);
  let end = 0;
  polys.forEach((p, i) => (offsets[i] = end += p.length));
  return { connectivity, offsets };
}

/** out[o..) = position + linear · X for every reference point X of `mesh` (the pose's affine map). */
export function placeMesh(mesh: SurfaceMesh, pose: Pose, out: Float64Array, o: number): void {
  const { points } = mesh, { position: c, linear: L } = pose;
  for (let p = 0; p < points.length; p += 3) {
    const x = points[p], y = points[p + 1], z = points[p + 2];
    out[o + p] = c[0] + L[0] * x + L[1] * y + L[2] * z;
    out[o + p + 1] = c[1] + L[3] * x + L[4] * y + L[5] * z;
    out[o + p + 2] = c[2] + L[6] * x + L[7] * y + L[8] * z;
  }
}
