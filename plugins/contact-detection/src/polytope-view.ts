import type { Polytope } from './polytope.js';
import { BOX, type WorldBodies } from './world-bodies.js';

/**
 * A polytope body in world coordinates, as the polytope pair routines read it: its
 * reference topology, its world vertices x[xo + 3v ..] and face planes pl[po + 4f ..]
 * (unit normal, offset), and a point strictly inside. A hull's view points into the
 * world's pools; a box's is computed here, into the view's own buffers, when a box meets
 * a hull (box-box has its own routine).
 */
export class PolytopeView {
  body = -1;
  poly!: Polytope;
  x!: Float64Array;
  xo = 0;
  pl!: Float64Array;
  po = 0;
  ix = 0;
  iy = 0;
  iz = 0;
  private readonly boxX = new Float64Array(24);
  private readonly boxPl = new Float64Array(24);

  /** Points this view at body i (a hull, or a rigid box). */
  of(w: WorldBodies, i: number): this {
    this.body = i;
    this.poly = w.polytope[i]!;
    const c = w.centre, o = 3 * i;
    if (w.kind[i] === BOX) {
      this.boxWorld(w, i);
      this.ix = c[o]; this.iy = c[o + 1]; this.iz = c[o + 2];
    } else {
      this.x = w.worldVertex; this.xo = 3 * w.vertexStart[i];
      this.pl = w.worldPlane; this.po = 4 * w.planeStart[i];
      this.ix = w.inner[o]; this.iy = w.inner[o + 1]; this.iz = w.inner[o + 2];
    }
    return this;
  }

  /** Box i's corners c + R X and face planes (R n, R n · c + h_k). */
  private boxWorld(w: WorldBodies, i: number): void {
    const R = w.linear, r = 9 * i, c = w.centre, o = 3 * i, X = this.poly.vertices, x = this.boxX, pl = this.boxPl;
    for (let v = 0; v < 8; v++) {
      for (let j = 0; j < 3; j++) x[3 * v + j] = c[o + j] + R[r + 3 * j] * X[3 * v] + R[r + 3 * j + 1] * X[3 * v + 1] + R[r + 3 * j + 2] * X[3 * v + 2];
    }
    for (let f = 0; f < 6; f++) {
      const k = f >> 1, s = f & 1 ? -1 : 1;
      const nx = s * R[r + k], ny = s * R[r + 3 + k], nz = s * R[r + 6 + k];
      pl[4 * f] = nx; pl[4 * f + 1] = ny; pl[4 * f + 2] = nz;
      pl[4 * f + 3] = nx * c[o] + ny * c[o + 1] + nz * c[o + 2] + w.size[o + k];
    }
    this.x = x; this.xo = 0;
    this.pl = pl; this.po = 0;
  }
}
