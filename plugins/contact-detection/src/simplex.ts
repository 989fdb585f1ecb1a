/**
 * A simplex of up to 4 points y_k = a_k − b_k of a Minkowski difference A − B, with the
 * support points a_k, b_k that made them (and their polytope vertex ids, −1 for smooth
 * shapes), the barycentric weights λ_k of its point closest to the origin, and that point v.
 */
export class SimplexSolver {
  count = 0;
  readonly y = new Float64Array(12);
  readonly a = new Float64Array(12);
  readonly b = new Float64Array(12);
  readonly ida = new Int32Array(4);
  readonly idb = new Int32Array(4);
  readonly lambda = new Float64Array(4);
  vx = 0;
  vy = 0;
  vz = 0;
  /** Candidate weights of one face, while a tetrahedron's faces are compared. */
  readonly trial = new Float64Array(4);

  /** Appends y = (x, y, z) made of the supports ab[0..3) (on A) and ab[3..6) (on B). */
  add(x: number, y: number, z: number, ab: Float64Array, ida: number, idb: number): void {
    const k = this.count++, o = 3 * k;
    this.y[o] = x; this.y[o + 1] = y; this.y[o + 2] = z;
    this.a[o] = ab[0]; this.a[o + 1] = ab[1]; this.a[o + 2] = ab[2];
    this.b[o] = ab[3]; this.b[o + 1] = ab[4]; this.b[o + 2] = ab[5];
    this.ida[k] = ida;
    this.idb[k] = idb;
  }

  /** Whether (x, y, z) is already one of the points (GJK's "no new point" test). */
  contains(x: number, y: number, z: number): boolean {
    for (let k = 0; k < this.count; k++) {
      if (this.y[3 * k] === x && this.y[3 * k + 1] === y && this.y[3 * k + 2] === z) return true;
    }
    return false;
  }

  /** Makes this simplex a copy of `s`: its points, ids, weights and v. */
  copy(s: SimplexSolver): void {
    const n = s.count;
    for (let k = 0; k < 3 * n; k++) { this.y[k] = s.y[k]; this.a[k] = s.a[k]; this.b[k] = s.b[k]; }
    for (let k = 0; k < n; k++) { this.ida[k] = s.ida[k]; this.idb[k] = s.idb[k]; this.lambda[k] = s.lambda[k]; }
    this.count = n;
    this.vx = s.vx; this.vy = s.vy; this.vz = s.vz;
  }

  /** The largest |y_k|², the scale of the simplex for the overlap test. */
  largest(): number {
    let m = 0;
    const y = this.y;
    for (let k = 0; k < this.count; k++) m = Math.max(m, y[3 * k] * y[3 * k] + y[3 * k + 1] * y[3 * k + 1] + y[3 * k + 2] * y[3 * k + 2]);
    return m;
  }

  /** The closest points Σ λ_k a_k on A and Σ λ_k b_k on B, into pa and pb. */
  witness(pa: Float64Array, pb: Float64Array): void {
    pa.fill(0);
    pb.fill(0);
    for (let k = 0; k < this.count; k++) {
      const l = this.lambda[k];
      for (let r = 0; r < 3; r++) { pa[r] += l * this.a[3 * k + r]; pb[r] += l * this.b[3 * k + r]; }
    }
  }

  /** Keeps the points whose bit is set in `mask`, with weights w, in order. */
  keep(mask: number, w: Float64Array): void {
    let m = 0;
    for (let k = 0; k < this.count; k++) {
      if (!(mask & (1 << k))) continue;
      if (m !== k) {
        for (let r = 0; r < 3; r++) {
          this.y[3 * m + r] = this.y[3 * k + r]; this.a[3 * m + r] = this.a[3 * k + r]; this.b[3 * m + r] = this.b[3 * k + r];
        }
        this.ida[m] = this.ida[k];
        this.idb[m] = this.idb[k];
      }
      this.lambda[m] = w[k];
      m++;
    }
    this.count = m;
    let vx = 0, vy = 0, vz = 0;
    for (let k = 0; k < m; k++) {
      const l = this.lambda[k];
      vx += l * this.y[3 * k]; vy += l * this.y[3 * k + 1]; vz += l * this.y[3 * k + 2];
    }
    this.vx = vx; this.vy = vy; this.vz = vz;
  }
}

/**
 * The point of the simplex closest to the origin, by Voronoi regions (Ericson, "Real-Time
 * Collision Detection", 2005, §5.1.2, §5.1.5, §5.1.6): the simplex is reduced to the
 * vertices of the feature holding that point, with its barycentric weights, and v set.
 * Returns true when the origin lies inside a tetrahedron (the sets overlap).
 */
export function closestOnSimplex(s: SimplexSolver): boolean {
  const w = s.lambda;
  switch (s.count) {
    case 1:
      s.keep(1, fill(w, 1, 0, 0, 0));
      return false;
    case 2:
      s.keep(segment(s.y, 0, 1, w), w);
      return false;
    case 3:
      s.keep(triangle(s.y, 0, 1, 2, w), w);
      return false;
    default:
      return tetrahedron(s);
  }
}

function fill(w: Float64Array, a: number, b: number, c: number, d: number): Float64Array {
  w[0] = a; w[1] = b; w[2] = c; w[3] = d;
  return w;
}

function dot(y: Float64Array, i: number, j: number): number {
  return y[3 * i] * y[3 * j] + y[3 * i + 1] * y[3 * j + 1] + y[3 * i + 2] * y[3 * j + 2];
}

/** Segment y_i y_j: weights into w (others 0), returns the mask of the kept ends. */
function segment(y: Float64Array, i: number, j: number, w: Float64Array): number {
  w[0] = w[1] = w[2] = w[3] = 0;
  const ii = dot(y, i, i), ij = dot(y, i, j), jj = dot(y, j, j);
  const ee = ii - 2 * ij + jj;
  // t = −y_i·(y_j − y_i)/|y_j − y_i|², the origin's projection on the line.
  const num = ii - ij;
  if (!(ee > 0) || num <= 0) { w[i] = 1; return 1 << i; }
  if (num >= ee) { w[j] = 1; return 1 << j; }
  const t = num / ee;
  w[i] = 1 - t; w[j] = t;
  return (1 << i) | (1 << j);
}

/**
 * Triangle y_i y_j y_k (Ericson's ClosestPtPointTriangle with p the origin): weights into w
 * (others 0), returns the mask. A degenerate (flat) triangle falls back to its best edge.
 */
function triangle(y: Float64Array, i: number, j: number, k: number, w: Float64Array): number {
  const ax = y[3 * i], ay = y[3 * i + 1], az = y[3 * i + 2];
  const abx = y[3 * j] - ax, aby = y[3 * j + 1] - ay, abz = y[3 * j + 2] - az;
  const acx = y[3 * k] - ax, acy = y[3 * k + 1] - ay, acz = y[3 * k + 2] - az;
  w[0] = w[1] = w[2] = w[3] = 0;
  const d1 = -(abx * ax + aby * ay + abz * az), d2 = -(acx * ax + acy * ay + acz * az);
  if (d1 <= 0 && d2 <= 0) { w[i] = 1; return 1 << i; }
  const bx = y[3 * j], by = y[3 * j + 1], bz = y[3 * j + 2];
  const d3 = -(abx * bx + aby * by + abz * bz), d4 = -(acx * bx + acy * by + acz * bz);
  if (d3 >= 0 && d4 <= d3) { w[j] = 1; return 1 << j; }
  const vc = d1 * d4 - d3 * d2;
  if (vc <= 0 && d1 >= 0 && d3 <= 0) {
    const t = d1 / (d1 - d3);
    w[i] = 1 - t; w[j] = t;
    return (1 << i) | (1 << j);
  }
  const cx = y[3 * k], cy = y[3 * k + 1], cz = y[3 * k + 2];
  const d5 = -(abx * cx + aby * cy + abz * cz), d6 = -(acx * cx + acy * cy + acz * cz);
  if (d6 >= 0 && d5 <= d6) { w[k] = 1; return 1 << k; }
  const vb = d5 * d2 - d1 * d6;
  if (vb <= 0 && d2 >= 0 && d6 <= 0) {
    const t = d2 / (d2 - d6);
    w[i] = 1 - t; w[k] = t;
    return (1 << i) | (1 << k);
  }
  const va = d3 * d6 - d5 * d4;
  if (va <= 0 && d4 - d3 >= 0 && d5 - d6 >= 0) {
    const t = (d4 - d3) / ((d4 - d3) + (d5 - d6));
    w[j] = 1 - t; w[k] = t;
    return (1 << j) | (1 << k);
  }
  const sum = va + vb + vc;
  if (!(sum > 0)) return bestEdge(y, i, j, k, w);
  const v = vb / sum, u = vc / sum;
  w[i] = 1 - v - u; w[j] = v; w[k] = u;
  return (1 << i) | (1 << j) | (1 << k);
}

/** The closest of the three edges of a flat triangle (a rare degenerate case: it allocates its 4 weights). */
function bestEdge(y: Float64Array, i: number, j: number, k: number, w: Float64Array): number {
  const t = new Float64Array(4);
  let best = Infinity, mask = 0;
  for (const [p, q] of [[i, j], [j, k], [i, k]]) {
    const m = segment(y, p, q, t);
    const d = dist2(y, t);
    if (d < best) { best = d; mask = m; w.set(t); }
  }
  return mask;
}

/** |Σ w_k y_k|². */
function dist2(y: Float64Array, w: Float64Array): number {
  let x = 0, yy = 0, z = 0;
  for (let k = 0; k < 4; k++) { x += w[k] * y[3 * k]; yy += w[k] * y[3 * k + 1]; z += w[k] * y[3 * k + 2]; }
  return x * x + yy * yy + z * z;
}

/** The four faces of a tetrahedron, (i, j, k) with the opposite vertex l, flat. */
const FACES = Int8Array.of(0, 1, 2, 3, 0, 1, 3, 2, 0, 2, 3, 1, 1, 2, 3, 0);

/**
 * The fourth vertex within this fraction of the simplex's size of a face's plane is on it:
 * rounding of a few products decides its side below that.
 */
const FLAT = 1e-12;

/**
 * Tetrahedron: the origin is inside when it is on the inner side of every face plane;
 * otherwise the closest point lies on a face it is outside of, the nearest of those. A
 * flat tetrahedron (a face plane through its fourth vertex, to FLAT) has no inside: all its
 * faces are tried. Near convergence on a curved Minkowski difference the new point lies
 * almost on the last triangle's plane; taking the rounded side of that vertex at its word
 * once called two cylinders 0.08 apart overlapping, when every face happened to put the
 * origin inside.
 */
function tetrahedron(s: SimplexSolver): boolean {
  const y = s.y, w = s.lambda, t = s.trial, size = Math.sqrt(s.largest());
  let best = Infinity, mask = 0, outside = false;
  for (let f = 0; f < 16; f += 4) {
    const i = FACES[f], j = FACES[f + 1], k = FACES[f + 2], l = FACES[f + 3];
    const ax = y[3 * i], ay = y[3 * i + 1], az = y[3 * i + 2];
    const ux = y[3 * j] - ax, uy = y[3 * j + 1] - ay, uz = y[3 * j + 2] - az;
    const vx = y[3 * k] - ax, vy = y[3 * k + 1] - ay, vz = y[3 * k + 2] - az;
    const nx = uy * vz - uz * vy, ny = uz * vx - ux * vz, nz = ux * vy - uy * vx;
    const origin = -(nx * ax + ny * ay + nz * az);
    const other = nx * (y[3 * l] - ax) + ny * (y[3 * l + 1] - ay) + nz * (y[3 * l + 2] - az);
    const flat = Math.abs(other) <= FLAT * size * Math.sqrt(nx * nx + ny * ny + nz * nz);
    if (!flat && origin * other >= 0) continue;
    outside = true;
    const m = triangle(y, i, j, k, t);
    const d = dist2(y, t);
    if (d < best) { best = d; mask = m; w.set(t); }
  }
  if (!outside) {
    s.keep(15, fill(w, 0.25, 0.25, 0.25, 0.25));
    return true;
  }
  s.keep(mask, w);
  return false;
}
