import type { SimplexSolver } from './simplex.js';
import { coreSupport } from './support.js';
import type { WorldBodies } from './world-bodies.js';

/** Stop when the support along the nearest face's normal is within this fraction of the bodies' size of that face. */
const RELATIVE = 1e-10;
const MAX_VERTICES = 160;
/** A closed triangulated polytope with V vertices has 2V − 4 faces. */
const MAX_FACES = 2 * MAX_VERTICES;

/**
 * The expanding polytope algorithm (van den Bergen, "Proximity Queries and Penetration Depth
 * Computation on 3D Game Objects", GDC 2001; "Collision Detection in Interactive 3D
 * Environments", 2003, §4.3.8) for the penetration depth of two overlapping shapes: a
 * polytope inside A − B that holds the origin grows by the support point along the normal of
 * its face nearest the origin, until that support is no further than the face. Then the
 * face's normal n and the support value h_{A−B}(n) are the penetration direction and depth
 * (translating A by −depth·n separates the two), and the face's barycentric weights give the
 * deepest points on A and B.
 *
 * Starts from GJK's final simplex on the whole shapes, blown up to a solid when GJK ended
 * with the origin on a vertex, edge or triangle. Not re-entrant: one per detector.
 */
export class Epa {
  /** Depth, unit direction n (from the origin to the boundary of A − B), deepest points on A and on B. */
  depth = 0;
  nx = 0;
  ny = 0;
  nz = 1;
  readonly pa = new Float64Array(3);
  readonly pb = new Float64Array(3);
  iterations = 0;
  // One slot more than MAX_VERTICES: the support being tried before it is kept.
  private readonly y = new Float64Array(3 * MAX_VERTICES + 3);
  private readonly a = new Float64Array(3 * MAX_VERTICES + 3);
  private readonly b = new Float64Array(3 * MAX_VERTICES + 3);
  private vertices = 0;
  private readonly face = new Int32Array(3 * MAX_FACES);
  private readonly normal = new Float64Array(3 * MAX_FACES);
  private readonly dist = new Float64Array(MAX_FACES);
  private faces = 0;
  private readonly visible = new Uint8Array(MAX_FACES);
  private readonly horizon = new Int32Array(2 * MAX_FACES);
  private readonly ab = new Float64Array(6);

  /**
   * Penetration of bodies a and b, from the simplex `s` of a GJK run on the whole shapes that
   * found them overlapping. Returns false when the overlap has no volume to measure (the
   * shapes only touch); depth is then 0 and the direction that of the centres.
   */
  run(w: WorldBodies, a: number, b: number, s: SimplexSolver): boolean {
    const tol = RELATIVE * (w.radius[a] + w.radius[b]);
    this.vertices = 0;
    this.faces = 0;
    for (let k = 0; k < s.count; k++) this.copy(s, k);
    if (!this.initial(w, a, b, tol)) return this.touching(w, a, b);
    let k = 0, h = 0, d = 0, fi = 0, fj = 0, fk = 0;
    for (; ; k++) {
      const f = this.nearest();
      const nx = this.normal[3 * f], ny = this.normal[3 * f + 1], nz = this.normal[3 * f + 2];
      fi = this.face[3 * f]; fj = this.face[3 * f + 1]; fk = this.face[3 * f + 2]; d = this.dist[f];
      this.nx = nx; this.ny = ny; this.nz = nz;
      const v = this.support(w, a, b, nx, ny, nz);
      h = nx * this.y[3 * v] + ny * this.y[3 * v + 1] + nz * this.y[3 * v + 2];
      if (h - d <= tol || this.vertices >= MAX_VERTICES || !this.expand(v, d - tol, tol)) break;
      this.vertices++;
    }
    this.iterations = k;
    this.depth = h;
    this.deepest(fi, fj, fk, d);
    return true;
  }

  private copy(s: SimplexSolver, k: number): void {
    const v = this.vertices++;
    for (let r = 0; r < 3; r++) { this.y[3 * v + r] = s.y[3 * k + r]; this.a[3 * v + r] = s.a[3 * k + r]; this.b[3 * v + r] = s.b[3 * k + r]; }
  }

  /** The whole-shape support of A − B along d, written to the next free slot (kept by `vertices++`); returns the slot. */
  private support(w: WorldBodies, a: number, b: number, dx: number, dy: number, dz: number): number {
    const ab = this.ab;
    coreSupport(w, a, dx, dy, dz, ab, 0);
    coreSupport(w, b, -dx, -dy, -dz, ab, 3);
    const len = Math.sqrt(dx * dx + dy * dy + dz * dz), ra = w.coreRadius[a] / len, rb = w.coreRadius[b] / len;
    const v = this.vertices;
    for (let r = 0; r < 3; r++) {
      const d = r === 0 ? dx : r === 1 ? dy : dz;
      this.a[3 * v + r] = ab[r] + ra * d;
      this.b[3 * v + r] = ab[3 + r] - rb * d;
      this.y[3 * v + r] = this.a[3 * v + r] - this.b[3 * v + r];
    }
    return v;
  }

  /**
   * A tetrahedron holding the origin (inside or on its boundary) from GJK's 1 to 4 points:
   * while there are fewer than 4, add the support along a direction off the points' span
   * (± the axes for a lone point, ± two perpendiculars for a segment, ± the normal for a
   * triangle) that lands off it. With the origin on a face or edge the first expansion moves
   * it inside; when no direction gives volume the shapes only touch.
   */
  private initial(w: WorldBodies, a: number, b: number, tol: number): boolean {
    const d = this.ab;
    while (this.vertices < 4) {
      let grown = false;
      for (let k = 0; k < 6 && !grown; k++) {
        this.direction(k, d);
        const v = this.support(w, a, b, d[0], d[1], d[2]);
        if (this.offSpan(v, tol)) { this.vertices++; grown = true; }
      }
      if (!grown) return false;
    }
    return this.addFace(0, 1, 2, tol) && this.addFace(0, 3, 1, tol) && this.addFace(0, 2, 3, tol) && this.addFace(1, 3, 2, tol) && this.orientAll();
  }

  /** Candidate direction k (0..5) off the span of the current points, into d. */
  private direction(k: number, d: Float64Array): void {
    const y = this.y, sign = k & 1 ? -1 : 1;
    if (this.vertices === 1) { d[0] = d[1] = d[2] = 0; d[k >> 1] = sign; return; }
    const ex = y[3] - y[0], ey = y[4] - y[1], ez = y[5] - y[2];
    if (this.vertices === 2) {
      // p = (the axis least along the segment) × segment, then q = segment × p.
      const ax = Math.abs(ex) <= Math.abs(ey) && Math.abs(ex) <= Math.abs(ez) ? 1 : 0, ay = ax ? 0 : Math.abs(ey) <= Math.abs(ez) ? 1 : 0, az = ax || ay ? 0 : 1;
      let px = ey * az - ez * ay, py = ez * ax - ex * az, pz = ex * ay - ey * ax;
      if (k >> 1 === 1) { const qx = ey * pz - ez * py, qy = ez * px - ex * pz, qz = ex * py - ey * px; px = qx; py = qy; pz = qz; }
      d[0] = sign * px; d[1] = sign * py; d[2] = sign * pz;
      return;
    }
    const vx = y[6] - y[0], vy = y[7] - y[1], vz = y[8] - y[2];
    d[0] = sign * (ey * vz - ez * vy); d[1] = sign * (ez * vx - ex * vz); d[2] = sign * (ex * vy - ey * vx);
  }

  /** Whether candidate vertex v lies off the span of the points before it by more than tol. */
  private offSpan(v: number, tol: number): boolean {
    const y = this.y, n = this.vertices;
    const px = y[3 * v] - y[0], py = y[3 * v + 1] - y[1], pz = y[3 * v + 2] - y[2];
    if (n === 1) return px * px + py * py + pz * pz > tol * tol;
    const ex = y[3] - y[0], ey = y[4] - y[1], ez = y[5] - y[2];
    const cx = ey * pz - ez * py, cy = ez * px - ex * pz, cz = ex * py - ey * px;
    if (n === 2) return cx * cx + cy * cy + cz * cz > tol * tol * (ex * ex + ey * ey + ez * ez);
    const vx = y[6] - y[0], vy = y[7] - y[1], vz = y[8] - y[2];
    const nx = ey * vz - ez * vy, ny = ez * vx - ex * vz, nz = ex * vy - ey * vx;
    const h = nx * px + ny * py + nz * pz;
    return h * h > tol * tol * (nx * nx + ny * ny + nz * nz);
  }

  /** Turns every initial face to face away from the centroid of the vertices (their order was only a guess). */
  private orientAll(): boolean {
    let cx = 0, cy = 0, cz = 0;
    const y = this.y, n = this.vertices;
    for (let v = 0; v < n; v++) { cx += y[3 * v] / n; cy += y[3 * v + 1] / n; cz += y[3 * v + 2] / n; }
    for (let f = 0; f < this.faces; f++) {
      const v0 = 3 * this.face[3 * f];
      if (this.normal[3 * f] * (y[v0] - cx) + this.normal[3 * f + 1] * (y[v0 + 1] - cy) + this.normal[3 * f + 2] * (y[v0 + 2] - cz) < 0) {
        const t = this.face[3 * f + 1];
        this.face[3 * f + 1] = this.face[3 * f + 2];
        this.face[3 * f + 2] = t;
        for (let r = 0; r < 3; r++) this.normal[3 * f + r] = -this.normal[3 * f + r];
        this.dist[f] = -this.dist[f];
      }
    }
    return true;
  }

  /** Appends face (i, j, k) with its unit normal (i→j × i→k) and distance; false if it has no area. */
  private addFace(i: number, j: number, k: number, tol: number): boolean {
    if (this.faces >= MAX_FACES) return false;
    const y = this.y;
    const ux = y[3 * j] - y[3 * i], uy = y[3 * j + 1] - y[3 * i + 1], uz = y[3 * j + 2] - y[3 * i + 2];
    const vx = y[3 * k] - y[3 * i], vy = y[3 * k + 1] - y[3 * i + 1], vz = y[3 * k + 2] - y[3 * i + 2];
    const nx = uy * vz - uz * vy, ny = uz * vx - ux * vz, nz = ux * vy - uy * vx;
    const len = Math.sqrt(nx * nx + ny * ny + nz * nz);
    if (!(len > tol * tol)) return false;
    const f = this.faces++;
    this.face[3 * f] = i; this.face[3 * f + 1] = j; this.face[3 * f + 2] = k;
    this.normal[3 * f] = nx / len; this.normal[3 * f + 1] = ny / len; this.normal[3 * f + 2] = nz / len;
    this.dist[f] = (nx * y[3 * i] + ny * y[3 * i + 1] + nz * y[3 * i + 2]) / len;
    return true;
  }

  private nearest(): number {
    let f = 0;
    for (let g = 1; g < this.faces; g++) if (this.dist[g] < this.dist[f]) f = g;
    return f;
  }

  /**
   * Adds vertex v: removes the faces it sees, and closes the hole with a fan of faces from
   * its horizon (the edges of seen faces whose neighbour across is not seen). Returns false,
   * leaving the polytope as it was, when the new faces would overflow, or one would have no
   * area or lie nearer the origin than `least` (see fanAbove).
   */
  private expand(v: number, least: number, tol: number): boolean {
    const y = this.y, F = this.faces, vis = this.visible;
    for (let f = 0; f < F; f++) {
      const q = 3 * this.face[3 * f];
      vis[f] = this.normal[3 * f] * (y[3 * v] - y[q]) + this.normal[3 * f + 1] * (y[3 * v + 1] - y[q + 1]) + this.normal[3 * f + 2] * (y[3 * v + 2] - y[q + 2]) > tol ? 1 : 0;
    }
    let edges = 0;
    for (let f = 0; f < F; f++) {
      if (!vis[f]) continue;
      for (let e = 0; e < 3; e++) {
        const p = this.face[3 * f + e], q = this.face[3 * f + ((e + 1) % 3)];
        if (!this.seenAcross(p, q)) { this.horizon[2 * edges] = p; this.horizon[2 * edges + 1] = q; edges++; }
      }
    }
    let seen = 0;
    for (let f = 0; f < F; f++) seen += vis[f];
    if (edges < 3 || F - seen + edges > MAX_FACES || !this.fanAbove(v, edges, least)) return false;
    // Keep the unseen faces, in order.
    let m = 0;
    for (let f = 0; f < F; f++) {
      if (vis[f]) continue;
      if (m !== f) {
        for (let r = 0; r < 3; r++) { this.face[3 * m + r] = this.face[3 * f + r]; this.normal[3 * m + r] = this.normal[3 * f + r]; }
        this.dist[m] = this.dist[f];
      }
      m++;
    }
    this.faces = m;
    for (let e = 0; e < edges; e++) {
      // Has area (fanAbove): cannot fail.
      if (!this.addFace(this.horizon[2 * e], this.horizon[2 * e + 1], v, 0)) return false;
    }
    return true;
  }

  /**
   * Whether every face (p, q, v) of the fan over the horizon has area and lies at least
   * `least` from the origin. In exact arithmetic the nearest distance never falls: the grown
   * polytope holds the old one. Near convergence v is within a few tolerances of the faces
   * around the nearest one, and which of them it sees is decided by rounding (a face seen apart
   * from the others, one kept beside a seen one with v almost on their common edge): the fan
   * then has a face tilted far off the surface, and the polytope, no longer convex, led EPA to
   * depths far from the true one (an ellipsoid in a box: 0.92 for 0.37, epa.test.ts). Refusing
   * v stops EPA there, converged to within a few tolerances.
   */
  private fanAbove(v: number, edges: number, least: number): boolean {
    const y = this.y, H = this.horizon, o = 3 * v;
    for (let e = 0; e < edges; e++) {
      const i = 3 * H[2 * e], j = 3 * H[2 * e + 1];
      const ux = y[j] - y[i], uy = y[j + 1] - y[i + 1], uz = y[j + 2] - y[i + 2];
      const vx = y[o] - y[i], vy = y[o + 1] - y[i + 1], vz = y[o + 2] - y[i + 2];
      const nx = uy * vz - uz * vy, ny = uz * vx - ux * vz, nz = ux * vy - uy * vx;
      const len = Math.sqrt(nx * nx + ny * ny + nz * nz);
      if (!(len > 0) || !(nx * y[i] + ny * y[i + 1] + nz * y[i + 2] >= least * len)) return false;
    }
    return true;
  }

  /** Whether the directed edge q→p (the other side of p→q) belongs to a seen face. */
  private seenAcross(p: number, q: number): boolean {
    for (let f = 0; f < this.faces; f++) {
      if (!this.visible[f]) continue;
      const i = this.face[3 * f], j = this.face[3 * f + 1], k = this.face[3 * f + 2];
      if ((i === q && j === p) || (j === q && k === p) || (k === q && i === p)) return true;
    }
    return false;
  }

  /** Deepest points: the weights of the origin's projection d·n on face (i, j, k) applied to the supports on A and B. */
  private deepest(i: number, j: number, k: number, d: number): void {
    const y = this.y;
    const px = d * this.nx, py = d * this.ny, pz = d * this.nz;
    const ux = y[3 * j] - y[3 * i], uy = y[3 * j + 1] - y[3 * i + 1], uz = y[3 * j + 2] - y[3 * i + 2];
    const vx = y[3 * k] - y[3 * i], vy = y[3 * k + 1] - y[3 * i + 1], vz = y[3 * k + 2] - y[3 * i + 2];
    const qx = px - y[3 * i], qy = py - y[3 * i + 1], qz = pz - y[3 * i + 2];
    const uu = ux * ux + uy * uy + uz * uz, uv = ux * vx + uy * vy + uz * vz, vv = vx * vx + vy * vy + vz * vz;
    const qu = qx * ux + qy * uy + qz * uz, qv = qx * vx + qy * vy + qz * vz;
    const det = uu * vv - uv * uv;
    const s = det > 0 ? (vv * qu - uv * qv) / det : 0, t = det > 0 ? (uu * qv - uv * qu) / det : 0;
    const r = 1 - s - t;
    for (let c = 0; c < 3; c++) {
      this.pa[c] = r * this.a[3 * i + c] + s * this.a[3 * j + c] + t * this.a[3 * k + c];
      this.pb[c] = r * this.b[3 * i + c] + s * this.b[3 * j + c] + t * this.b[3 * k + c];
    }
  }

  /** Shapes that touch without a volume in common: depth 0, n along c_B − c_A (so the contact normal points from B to A). */
  private touching(w: WorldBodies, a: number, b: number): boolean {
    const c = w.centre;
    let nx = c[3 * b] - c[3 * a], ny = c[3 * b + 1] - c[3 * a + 1], nz = c[3 * b + 2] - c[3 * a + 2];
    const len = Math.sqrt(nx * nx + ny * ny + nz * nz);
    if (len > 0) { nx /= len; ny /= len; nz /= len; } else { nx = 0; ny = 0; nz = -1; }
    this.nx = nx; this.ny = ny; this.nz = nz;
    this.depth = 0;
    const v = this.vertices - 1;
    for (let r = 0; r < 3; r++) { this.pa[r] = this.a[3 * Math.max(v, 0) + r]; this.pb[r] = this.pa[r]; }
    return false;
  }
}
