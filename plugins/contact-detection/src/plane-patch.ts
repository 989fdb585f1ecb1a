import type { ContactBufferLike } from '@moreau/core/contracts';
import { extent2 } from './face-patch.js';
import { polygonCentroid } from './polygon-centroid.js';

/**
 * The `manifold: 'one-per-face'` reduction for a box or hull on a plane: the plane routine
 * pushes its vertex contacts here, and `flush` writes one contact at the area centroid of their
 * convex hull (in the plane), with the least gap and the least vertex id (paper 004, Appendix:
 * one point at the mass centre of the contact surface; see FacePatch). A body standing on an
 * edge or a corner keeps one point there (the midpoint): a plane has no edge for it to fall
 * past, so the touch must hold it. One per detector.
 */
export class PlanePatch implements Pick<ContactBufferLike, 'push'> {
  private point = new Float64Array(48);
  private gap = new Float64Array(16);
  private feature = new Int32Array(16);
  private order = new Int32Array(33);
  private hull = new Float64Array(99);
  private readonly centroid = new Float64Array(3);
  private count = 0;
  private a = 0;
  private b = 0;
  private nx = 0;
  private ny = 0;
  private nz = 1;

  push(bodyA: number, bodyB: number, feature: number, px: number, py: number, pz: number, nx: number, ny: number, nz: number, gap: number): number {
    const k = this.count++;
    if (k === this.gap.length) this.grow();
    this.a = bodyA; this.b = bodyB; this.nx = nx; this.ny = ny; this.nz = nz;
    this.point[3 * k] = px; this.point[3 * k + 1] = py; this.point[3 * k + 2] = pz;
    this.gap[k] = gap;
    this.feature[k] = feature;
    return k;
  }

  /** Writes the one contact of the points pushed since the last flush (none if none were). */
  flush(out: ContactBufferLike): void {
    const m = this.count;
    this.count = 0;
    if (m === 0) return;
    let least = Infinity, id = Infinity;
    for (let k = 0; k < m; k++) { least = Math.min(least, this.gap[k]); id = Math.min(id, this.feature[k]); }
    const h = this.convexHull(m);
    const c = this.centroid;
    if (!(polygonCentroid(this.hull, h, this.nx, this.ny, this.nz, c) > 1e-12 * extent2(this.hull, h))) {
      // An edge or a corner: the midpoint of the hull's two extreme points (the mean of one).
      const e = h > 1 ? 3 * farthest(this.hull, h) : 0;
      for (let r = 0; r < 3; r++) c[r] = 0.5 * (this.hull[r] + this.hull[e + r]);
    }
    out.push(this.a, this.b, id, c[0], c[1], c[2], this.nx, this.ny, this.nz, least);
  }

  /**
   * The convex hull of the m points seen along n (Andrew's monotone chain on coordinates in
   * the plane), written to `hull` in cyclic order. @returns its number of points
   */
  private convexHull(m: number): number {
    const p = this.point, o = this.order, n = [this.nx, this.ny, this.nz];
    // Any two unit vectors completing n: u ⟂ n, v = n × u.
    const ax = Math.abs(n[0]) < 0.6 ? 0 : Math.abs(n[1]) < 0.6 ? 1 : 2;
    const e = [0, 0, 0]; e[ax] = 1;
    const d = n[ax];
    let ux = e[0] - d * n[0], uy = e[1] - d * n[1], uz = e[2] - d * n[2];
    const l = Math.hypot(ux, uy, uz); ux /= l; uy /= l; uz /= l;
    const vx = n[1] * uz - n[2] * uy, vy = n[2] * ux - n[0] * uz, vz = n[0] * uy - n[1] * ux;
    const U = (k: number) => ux * p[3 * k] + uy * p[3 * k + 1] + uz * p[3 * k + 2];
    const V = (k: number) => vx * p[3 * k] + vy * p[3 * k + 1] + vz * p[3 * k + 2];
    const idx = Array.from({ length: m }, (_, k) => k).sort((i, j) => U(i) - U(j) || V(i) - V(j));
    const cross = (i: number, j: number, k: number) => (U(j) - U(i)) * (V(k) - V(i)) - (V(j) - V(i)) * (U(k) - U(i));
    let h = 0;
    for (const k of idx) {
      while (h >= 2 && cross(o[h - 2], o[h - 1], k) <= 0) h--;
      o[h++] = k;
    }
    for (let r = m - 2, low = h + 1; r >= 0; r--) {
      const k = idx[r];
      while (h >= low && cross(o[h - 2], o[h - 1], k) <= 0) h--;
      o[h++] = k;
    }
    if (h > 1) h--; // the last repeats the first
    for (let r = 0; r < h; r++) this.hull.set(p.subarray(3 * o[r], 3 * o[r] + 3), 3 * r);
    return h;
  }

  private grow(): void {
    const cap = 2 * this.gap.length;
    const point = new Float64Array(3 * cap), gap = new Float64Array(cap), feature = new Int32Array(cap);
    point.set(this.point); gap.set(this.gap); feature.set(this.feature);
    this.point = point; this.gap = gap; this.feature = feature;
    this.order = new Int32Array(2 * cap + 1);
    this.hull = new Float64Array(3 * (2 * cap + 1));
  }
}

/** The index of the point farthest from the first. */
function farthest(p: Readonly<Float64Array>, count: number): number {
  let best = 0, most = -1;
  for (let k = 1; k < count; k++) {
    const dx = p[3 * k] - p[0], dy = p[3 * k + 1] - p[1], dz = p[3 * k + 2] - p[2];
    const d = dx * dx + dy * dy + dz * dz;
    if (d > most) { most = d; best = k; }
  }
  return best;
}
