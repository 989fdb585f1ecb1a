/**
 * The triangulated convex hull of a point cloud by Quickhull (Barber, Dobkin & Huhdanpaa,
 * "The Quickhull algorithm for convex hulls", ACM TOMS 22(4), 1996): start from a tetrahedron
 * of extreme points, give every remaining point to one face it lies above, then repeatedly take
 * a face's farthest point, remove the faces it sees and close the hole with a fan of new faces
 * from the horizon to the point. Points within `tol` of the hull are never added, so
 * duplicates, interior points and points on a face or an edge drop out.
 *
 * The result is a closed triangle mesh (counter-clockwise seen from outside) whose nearly
 * coplanar neighbours are merged into polygons by `convexHull`.
 */

/** Triangles of the hull: vertex indices into the input points, 3 per triangle. */
export interface HullTriangles {
  /** a, b, c per triangle (input point indices), counter-clockwise seen from outside. */
  corners: number[];
  /** The triangle across each edge (a→b, b→c, c→a) of each triangle: 3 per triangle. */
  across: number[];
}

/** Why the cloud has no 3-d hull, when it has none. */
export type Degeneracy = 'coincident' | 'collinear' | 'flat';

/** Mutable face table; faces are never removed, only marked dead. */
class Faces {
  readonly corners: number[] = [];
  readonly normal: number[] = [];
  readonly offset: number[] = [];
  readonly alive: boolean[] = [];
  readonly outside: number[][] = [];
  /** Directed edge a→b (key a·n + b) → the face that has it. */
  readonly edgeFace = new Map<number, number>();

  constructor(private readonly p: ArrayLike<number>, private readonly n: number) {}

  add(a: number, b: number, c: number): number {
    const p = this.p;
    const ux = p[3 * b] - p[3 * a], uy = p[3 * b + 1] - p[3 * a + 1], uz = p[3 * b + 2] - p[3 * a + 2];
    const vx = p[3 * c] - p[3 * a], vy = p[3 * c + 1] - p[3 * a + 1], vz = p[3 * c + 2] - p[3 * a + 2];
    let nx = uy * vz - uz * vy, ny = uz * vx - ux * vz, nz = ux * vy - uy * vx;
    const len = Math.hypot(nx, ny, nz);
    nx /= len; ny /= len; nz /= len;
    // Offset through the centroid: the plane's error is then shared evenly by the three corners.
    const cx = (p[3 * a] + p[3 * b] + p[3 * c]) / 3;
    const cy = (p[3 * a + 1] + p[3 * b + 1] + p[3 * c + 1]) / 3;
    const cz = (p[3 * a + 2] + p[3 * b + 2] + p[3 * c + 2]) / 3;
    const f = this.alive.length;
    this.corners.push(a, b, c);
    this.normal.push(nx, ny, nz);
    this.offset.push(nx * cx + ny * cy + nz * cz);
    this.alive.push(true);
    this.outside.push([]);
    this.edgeFace.set(a * this.n + b, f);
    this.edgeFace.set(b * this.n + c, f);
    this.edgeFace.set(c * this.n + a, f);
    return f;
  }

  kill(f: number): void {
    const [a, b, c] = this.corners.slice(3 * f, 3 * f + 3);
    this.alive[f] = false;
    // Only drop edges still owned by f: a new face may already have taken a horizon edge's key.
    for (const key of [a * this.n + b, b * this.n + c, c * this.n + a]) {
      if (this.edgeFace.get(key) === f) this.edgeFace.delete(key);
    }
  }

  /** Signed distance of point i above face f's plane. */
  height(f: number, i: number): number {
    const p = this.p;
    return this.normal[3 * f] * p[3 * i] + this.normal[3 * f + 1] * p[3 * i + 1]
      + this.normal[3 * f + 2] * p[3 * i + 2] - this.offset[f];
  }

  /** The face across edge k (0..2) of face f. */
  neighbour(f: number, k: number): number {
    const a = this.corners[3 * f + k], b = this.corners[3 * f + ((k + 1) % 3)];
    return this.edgeFace.get(b * this.n + a) ?? -1;
  }

  /** Gives point i to the first of `faces` it lies more than tol above; false when none. */
  assign(i: number, faces: readonly number[], tol: number): boolean {
    for (const f of faces) {
      if (this.height(f, i) > tol) { this.outside[f].push(i); return true; }
    }
    return false;
  }
}

/**
 * Quickhull on n points (flat xyz). `tol` is the distance below which a point counts as on the
 * hull; `flat` the least width (along the line, off the line, off the plane) of a 3-d cloud.
 * Returns the degeneracy instead of a hull when the cloud is coincident, collinear or flat.
 */
export function quickhull(p: ArrayLike<number>, n: number, tol: number, flat: number): HullTriangles | Degeneracy {
  const seed = initialSimplex(p, n, flat);
  if (typeof seed === 'string') return seed;
  const faces = new Faces(p, n);
  const [i0, i1, i2, i3] = seed;
  const start = orientedTetrahedron(p, i0, i1, i2, i3).map(([a, b, c]) => faces.add(a, b, c));
  for (let i = 0; i < n; i++) {
    if (i !== i0 && i !== i1 && i !== i2 && i !== i3) faces.assign(i, start, tol);
  }

  const pending = [...start];
  while (pending.length > 0) {
    const f = pending.pop()!;
    if (!faces.alive[f] || faces.outside[f].length === 0) continue;
    const eye = farthest(faces, f);
    const visible = visibleFrom(faces, f, eye, tol);
    const horizon = horizonOf(faces, visible);
    const orphans: number[] = [];
    for (const v of visible) {
      for (const i of faces.outside[v]) if (i !== eye) orphans.push(i);
      faces.kill(v);
    }
    const created = horizon.map(([a, b]) => faces.add(a, b, eye));
    for (const i of orphans) faces.assign(i, created, tol);
    pending.push(...created);
  }
  return collect(faces);
}

/** Extreme points spanning a tetrahedron whose widths all exceed `flat`, or why there is none. */
function initialSimplex(p: ArrayLike<number>, n: number, flat: number): [number, number, number, number] | Degeneracy {
  // The two extremes along the axis of largest extent.
  let i0 = 0, i1 = 0, spread = -1;
  for (let k = 0; k < 3; k++) {
    let lo = 0, hi = 0;
    for (let i = 1; i < n; i++) {
      if (p[3 * i + k] < p[3 * lo + k]) lo = i;
      if (p[3 * i + k] > p[3 * hi + k]) hi = i;
    }
    if (p[3 * hi + k] - p[3 * lo + k] > spread) { spread = p[3 * hi + k] - p[3 * lo + k]; i0 = lo; i1 = hi; }
  }
  if (!(spread > flat)) return 'coincident';
  const ux = p[3 * i1] - p[3 * i0], uy = p[3 * i1 + 1] - p[3 * i0 + 1], uz = p[3 * i1 + 2] - p[3 * i0 + 2];
  const ul = Math.hypot(ux, uy, uz);
  // The point farthest from the line i0–i1.
  let i2 = -1, best = -1;
  for (let i = 0; i < n; i++) {
    const wx = p[3 * i] - p[3 * i0], wy = p[3 * i + 1] - p[3 * i0 + 1], wz = p[3 * i + 2] - p[3 * i0 + 2];
    const d = Math.hypot(uy * wz - uz * wy, uz * wx - ux * wz, ux * wy - uy * wx) / ul;
    if (d > best) { best = d; i2 = i; }
  }
  if (!(best > flat)) return 'collinear';
  const vx = p[3 * i2] - p[3 * i0], vy = p[3 * i2 + 1] - p[3 * i0 + 1], vz = p[3 * i2 + 2] - p[3 * i0 + 2];
  let nx = uy * vz - uz * vy, ny = uz * vx - ux * vz, nz = ux * vy - uy * vx;
  const nl = Math.hypot(nx, ny, nz);
  nx /= nl; ny /= nl; nz /= nl;
  // The point farthest from the plane i0, i1, i2.
  let i3 = -1;
  best = -1;
  for (let i = 0; i < n; i++) {
    const d = Math.abs(nx * (p[3 * i] - p[3 * i0]) + ny * (p[3 * i + 1] - p[3 * i0 + 1]) + nz * (p[3 * i + 2] - p[3 * i0 + 2]));
    if (d > best) { best = d; i3 = i; }
  }
  if (!(best > flat)) return 'flat';
  return [i0, i1, i2, i3];
}

/** The tetrahedron's four faces, each ordered so that its normal points away from the fourth corner. */
function orientedTetrahedron(p: ArrayLike<number>, i0: number, i1: number, i2: number, i3: number): [number, number, number][] {
  const c = [i0, i1, i2, i3];
  const out: [number, number, number][] = [];
  for (let skip = 3; skip >= 0; skip--) {
    const [a, b, d] = c.filter((_, k) => k !== skip);
    const o = c[skip];
    // Triple product (b − a) × (d − a) · (o − a) > 0 means o lies on the normal's side: flip.
    const ux = p[3 * b] - p[3 * a], uy = p[3 * b + 1] - p[3 * a + 1], uz = p[3 * b + 2] - p[3 * a + 2];
    const vx = p[3 * d] - p[3 * a], vy = p[3 * d + 1] - p[3 * a + 1], vz = p[3 * d + 2] - p[3 * a + 2];
    const wx = p[3 * o] - p[3 * a], wy = p[3 * o + 1] - p[3 * a + 1], wz = p[3 * o + 2] - p[3 * a + 2];
    const triple = (uy * vz - uz * vy) * wx + (uz * vx - ux * vz) * wy + (ux * vy - uy * vx) * wz;
    out.push(triple > 0 ? [a, d, b] : [a, b, d]);
  }
  return out;
}

/** The point of f's outside set farthest above it (first index on ties: deterministic). */
function farthest(faces: Faces, f: number): number {
  let eye = -1, best = -Infinity;
  for (const i of faces.outside[f]) {
    const h = faces.height(f, i);
    if (h > best) { best = h; eye = i; }
  }
  return eye;
}

/** Faces the eye lies more than tol above, grown from f across edges (a connected set). */
function visibleFrom(faces: Faces, f: number, eye: number, tol: number): number[] {
  const seen = new Set<number>([f]);
  const visible = [f];
  for (let k = 0; k < visible.length; k++) {
    for (let e = 0; e < 3; e++) {
      const g = faces.neighbour(visible[k], e);
      if (g < 0 || seen.has(g)) continue;
      seen.add(g);
      if (faces.height(g, eye) > tol) visible.push(g);
    }
  }
  return visible;
}

/**
 * The horizon: edges a→b of visible faces whose neighbour is not visible, in cyclic order, so
 * the new faces (a, b, eye) keep the visible faces' orientation.
 */
function horizonOf(faces: Faces, visible: readonly number[]): [number, number][] {
  const inside = new Set(visible);
  const next = new Map<number, number>();
  for (const f of visible) {
    for (let e = 0; e < 3; e++) {
      if (!inside.has(faces.neighbour(f, e))) {
        const a = faces.corners[3 * f + e], b = faces.corners[3 * f + ((e + 1) % 3)];
        if (next.has(a)) throw new Error('quickhull: the visible region is not a disk (pinched horizon)');
        next.set(a, b);
      }
    }
  }
  const [first] = next.keys();
  const edges: [number, number][] = [];
  let a = first;
  do {
    const b = next.get(a);
    if (b === undefined) throw new Error('quickhull: the horizon is not closed');
    edges.push([a, b]);
    a = b;
  } while (a !== first && edges.length <= next.size);
  if (edges.length !== next.size) throw new Error('quickhull: the visible region is not a disk (several horizons)');
  return edges;
}

/** The live triangles, renumbered, with their neighbours across each edge. */
function collect(faces: Faces): HullTriangles {
  const index = new Map<number, number>();
  const corners: number[] = [];
  for (let f = 0; f < faces.alive.length; f++) {
    if (!faces.alive[f]) continue;
    index.set(f, index.size);
    corners.push(faces.corners[3 * f], faces.corners[3 * f + 1], faces.corners[3 * f + 2]);
  }
  const across: number[] = [];
  for (const f of index.keys()) {
    for (let e = 0; e < 3; e++) {
      const g = index.get(faces.neighbour(f, e));
      if (g === undefined) throw new Error('quickhull: the hull is not closed');
      across.push(g);
    }
  }
  return { corners, across };
}
