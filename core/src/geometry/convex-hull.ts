import { MoreauError } from '../contracts/errors.js';
import { quickhull, type HullTriangles } from './quickhull.js';

/**
 * A convex polyhedron as contact detection wants it: its vertices, its faces as polygons
 * (coplanar triangles merged) with outward planes, its edges for SAT edge axes, and each
 * vertex's neighbours for hill-climbing support queries.
 */
export interface ConvexHull {
  /** 3 per hull vertex: only points on the hull (duplicates, interior points and points inside a face or edge dropped). */
  vertices: Float64Array;
  /** Each a loop of vertex indices, counter-clockwise seen from outside. */
  faces: Int32Array[];
  /** 3 per face: outward unit normal. */
  normals: Float64Array;
  /** 1 per face: n·x = offset on the face's plane. */
  offsets: Float64Array;
  /** Unique edges as vertex index pairs (2 per edge, smaller index first). */
  edges: Int32Array;
  /** Per vertex, the adjacent vertex indices (ascending). */
  neighbours: Int32Array[];
}

/** Distance, relative to the cloud's diagonal, within which a point counts as on a plane. */
const RELATIVE_TOLERANCE = 1e-10;
/** Least width (relative to the diagonal) of a cloud with a 3-d hull: a thinner one is flat. */
const RELATIVE_FLATNESS = 1e-7;

/**
 * The convex hull of points given as a flat xyz array (at least 4 points), by Quickhull with a
 * tolerance relative to the cloud's size; coplanar faces come out as one polygon. `where` names
 * the caller's data in errors. Throws E_CONFIG for fewer than 4 points, a non-finite coordinate,
 * or a cloud that is flat, collinear or a single point.
 */
export function convexHull(points: ArrayLike<number>, where = 'convexHull'): ConvexHull {
  const n = checkPoints(points, where);
  const { diagonal, maxAbs } = extent(points, n);
  // Round-off in a plane test grows with the coordinates' magnitude, not only with the cloud's size.
  const tol = Math.max(RELATIVE_TOLERANCE * diagonal, 64 * Number.EPSILON * maxAbs);
  const hull = quickhull(points, n, tol, Math.max(RELATIVE_FLATNESS * diagonal, 1e3 * tol));
  if (typeof hull === 'string') {
    const what = { coincident: 'all at one point', collinear: 'on one line', flat: 'in one plane' }[hull];
    throw new MoreauError('E_CONFIG',
      `${where}: the ${n} points are ${what} (to ${RELATIVE_FLATNESS} of their extent), so their hull has no volume; give points spanning a solid.`,
      { place: where });
  }
  const loops = dropRedundantCorners(mergeCoplanar(points, hull, tol));
  return assemble(points, loops);
}

function checkPoints(points: ArrayLike<number>, where: string): number {
  if (points.length % 3 !== 0) {
    throw new MoreauError('E_CONFIG', `${where}: points must be xyz triples (a flat array of length 3n), got length ${points.length}.`, { place: where });
  }
  const n = points.length / 3;
  if (n < 4) throw new MoreauError('E_CONFIG', `${where}: a convex hull needs at least 4 points, got ${n}.`, { place: where });
  for (let i = 0; i < points.length; i++) {
    if (!Number.isFinite(points[i])) {
      throw new MoreauError('E_CONFIG', `${where}: point ${Math.floor(i / 3)} has a non-finite coordinate (${points[i]}).`,
        { place: where, index: Math.floor(i / 3) });
    }
  }
  return n;
}

function extent(p: ArrayLike<number>, n: number): { diagonal: number; maxAbs: number } {
  const lo = [Infinity, Infinity, Infinity], hi = [-Infinity, -Infinity, -Infinity];
  let maxAbs = 0;
  for (let i = 0; i < n; i++) {
    for (let k = 0; k < 3; k++) {
      const x = p[3 * i + k];
      if (x < lo[k]) lo[k] = x;
      if (x > hi[k]) hi[k] = x;
      maxAbs = Math.max(maxAbs, Math.abs(x));
    }
  }
  return { diagonal: Math.hypot(hi[0] - lo[0], hi[1] - lo[1], hi[2] - lo[2]), maxAbs };
}

/**
 * Groups triangles joined by an edge that is not convex by more than tol (coplanar, or concave
 * by round-off), and returns each group's boundary as one counter-clockwise loop of input indices.
 */
function mergeCoplanar(p: ArrayLike<number>, hull: HullTriangles, tol: number): number[][] {
  const { corners, across } = hull;
  const count = corners.length / 3;
  const plane = trianglePlanes(p, corners);
  const above = (t: number, i: number) =>
    plane[4 * t] * p[3 * i] + plane[4 * t + 1] * p[3 * i + 1] + plane[4 * t + 2] * p[3 * i + 2] - plane[4 * t + 3];
  const parent = Array.from({ length: count }, (_, t) => t);
  const root = (t: number): number => {
    while (parent[t] !== t) t = parent[t] = parent[parent[t]];
    return t;
  };
  for (let t = 0; t < count; t++) {
    for (let e = 0; e < 3; e++) {
      const g = across[3 * t + e];
      if (g < t) continue;
      const opposite = oppositeCorner(corners, g, corners[3 * t + e]);
      const mine = corners[3 * t + ((e + 2) % 3)];
      if (above(t, opposite) > -tol || above(g, mine) > -tol) parent[root(g)] = root(t);
    }
  }

  const loops = new Map<number, Map<number, number>>();
  for (let t = 0; t < count; t++) {
    const r = root(t);
    for (let e = 0; e < 3; e++) {
      if (root(across[3 * t + e]) === r) continue;
      if (!loops.has(r)) loops.set(r, new Map());
      loops.get(r)!.set(corners[3 * t + e], corners[3 * t + ((e + 1) % 3)]);
    }
  }
  return [...loops.values()].map(walkLoop);
}

/** Unit normal and offset (n·centroid) of each triangle: 4 per triangle. */
function trianglePlanes(p: ArrayLike<number>, corners: readonly number[]): Float64Array {
  const out = new Float64Array((corners.length / 3) * 4);
  for (let t = 0; t < corners.length / 3; t++) {
    const a = 3 * corners[3 * t], b = 3 * corners[3 * t + 1], c = 3 * corners[3 * t + 2];
    const ux = p[b] - p[a], uy = p[b + 1] - p[a + 1], uz = p[b + 2] - p[a + 2];
    const vx = p[c] - p[a], vy = p[c + 1] - p[a + 1], vz = p[c + 2] - p[a + 2];
    const nx = uy * vz - uz * vy, ny = uz * vx - ux * vz, nz = ux * vy - uy * vx;
    const len = Math.hypot(nx, ny, nz);
    out[4 * t] = nx / len; out[4 * t + 1] = ny / len; out[4 * t + 2] = nz / len;
    out[4 * t + 3] = (out[4 * t] * (p[a] + p[b] + p[c]) + out[4 * t + 1] * (p[a + 1] + p[b + 1] + p[c + 1])
      + out[4 * t + 2] * (p[a + 2] + p[b + 2] + p[c + 2])) / 3;
  }
  return out;
}

/** The corner of triangle g off its edge b→a (the neighbour across a→b): the one after a. */
function oppositeCorner(corners: readonly number[], g: number, a: number): number {
  for (let k = 0; k < 3; k++) if (corners[3 * g + k] === a) return corners[3 * g + ((k + 1) % 3)];
  throw new Error('convexHull: neighbouring triangles do not share an edge');
}

/** One closed loop from a successor map; a group whose boundary is not one loop is a bug. */
function walkLoop(next: Map<number, number>): number[] {
  const start = Math.min(...next.keys());
  const loop = [start];
  for (let v = next.get(start)!; v !== start; v = next.get(v)!) {
    if (v === undefined || loop.length > next.size) throw new Error('convexHull: a merged face has no single boundary loop');
    loop.push(v);
  }
  if (loop.length !== next.size) throw new Error('convexHull: a merged face has several boundary loops');
  return loop;
}

/**
 * A corner on fewer than 3 faces lies inside an edge between two faces (it was taken as an
 * extreme point on a tie): it is no vertex of the solid, so drop it from both loops.
 */
function dropRedundantCorners(loops: number[][]): number[][] {
  const faceCount = new Map<number, number>();
  for (const loop of loops) for (const v of loop) faceCount.set(v, (faceCount.get(v) ?? 0) + 1);
  return loops.map((loop) => {
    const kept = loop.filter((v) => faceCount.get(v)! >= 3);
    if (kept.length < 3) throw new Error('convexHull: a face lost its corners');
    return kept;
  });
}

function assemble(p: ArrayLike<number>, loops: number[][]): ConvexHull {
  const used = [...new Set(loops.flat())].sort((a, b) => a - b);
  const index = new Map(used.map((v, k) => [v, k]));
  const vertices = new Float64Array(3 * used.length);
  used.forEach((v, k) => vertices.set([p[3 * v], p[3 * v + 1], p[3 * v + 2]], 3 * k));

  const faces = loops.map((loop) => Int32Array.from(loop, (v) => index.get(v)!));
  const normals = new Float64Array(3 * faces.length);
  const offsets = new Float64Array(faces.length);
  faces.forEach((face, f) => facePlane(vertices, face, normals, f, offsets));

  const edges: number[] = [];
  const adjacent = used.map(() => new Set<number>());
  for (const face of faces) {
    for (let k = 0; k < face.length; k++) {
      const a = face[k], b = face[(k + 1) % face.length];
      if (a < b) edges.push(a, b); // each edge appears once in each direction
      adjacent[a].add(b);
      adjacent[b].add(a);
    }
  }
  const neighbours = adjacent.map((s) => Int32Array.from([...s].sort((a, b) => a - b)));
  return { vertices, faces, normals, offsets, edges: Int32Array.from(edges), neighbours };
}

/** Newell's normal of a polygon (robust for nearly collinear corners) and the mean offset of its corners. */
function facePlane(v: Float64Array, face: Int32Array, normals: Float64Array, f: number, offsets: Float64Array): void {
  let nx = 0, ny = 0, nz = 0;
  for (let k = 0; k < face.length; k++) {
    const a = 3 * face[k], b = 3 * face[(k + 1) % face.length];
    nx += (v[a + 1] - v[b + 1]) * (v[a + 2] + v[b + 2]);
    ny += (v[a + 2] - v[b + 2]) * (v[a] + v[b]);
    nz += (v[a] - v[b]) * (v[a + 1] + v[b + 1]);
  }
  const len = Math.hypot(nx, ny, nz);
  nx /= len; ny /= len; nz /= len;
  let offset = 0;
  for (const i of face) offset += nx * v[3 * i] + ny * v[3 * i + 1] + nz * v[3 * i + 2];
  normals[3 * f] = nx; normals[3 * f + 1] = ny; normals[3 * f + 2] = nz;
  offsets[f] = offset / face.length;
}
