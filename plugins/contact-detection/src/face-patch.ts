import { clipByPlane, type Manifold } from './manifold.js';
import { polygonCentroid } from './polygon-centroid.js';

/**
 * An overlap narrower than this fraction of its length is a touch along an edge (a strip of
 * rounding width), not a contact surface: blocks laid in a grid meet their diagonal neighbours so.
 */
const THIN = 1e-4;

/**
 * Overlaps narrower, and penetrations shallower, than this fraction of the detection margin are
 * touches too: once the blocks have deformed, diagonal neighbours overlap by the deformation
 * (1e-9 to 1e-7 m in the masonry scenes, whose margin is 5e-4 m and more), along an edge or in a
 * tiny square at a corner.
 */
const TOUCH = 0.01;

/** Penetrations shallower than this fraction of the pair's size are rounding, whatever the margin. */
const ROUNDING = 1e-9;

/**
 * The separation at or below which a pair with no face contact still gets its deepest-vertex
 * contact: 0 with the full manifold; with one-per-face, a penetration beyond touching
 * (TOUCH × margin, or rounding).
 */
export function penetrationFloor(patch: FacePatch | undefined, scale: number, margin: number): number {
  return patch ? -Math.max(ROUNDING * scale, TOUCH * margin) : 0;
}

/**
 * The `manifold: 'one-per-face'` reduction (paper 004, Appendix: "the contact point is located at
 * the mass centre of an initial contact surface between two bodies"): a face contact becomes one
 * point at the area centroid of the overlap, the clipped incident face within the margin of the
 * reference plane. Its gap is the pair's least gap, as the full manifold's deepest point has it,
 * so the contact closes when the first corner of a tilted face does. An overlap of no width (an
 * edge or corner touch: THIN, TOUCH) gives no contact, as it has no surface; the paper's contact
 * counts (Table 1) have none. One per detector: it owns its polygon buffers.
 */
export class FacePatch {
  private polyA = new Float64Array(48);
  private polyB = new Float64Array(48);
  private labelA = new Int32Array(16);
  private labelB = new Int32Array(16);
  private readonly centroid = new Float64Array(3);
  /**
   * Whether the last `reduce` found no contact surface (an empty clip, or one of no area): the
   * caller then reports nothing, unless the pair penetrates beyond rounding (`penetrationFloor`),
   * when its deepest vertex still holds it.
   */
  degenerate = false;

  /**
   * Replaces the manifold `s` (its `count` points, already filtered to gap ≤ margin) by one
   * point, or by none when the overlap has no area. `poly` holds the clipped incident face
   * (`count` points in cyclic order), n the reference normal (towards the incident body),
   * gap = n·p − offset.
   */
  reduce(poly: Readonly<Float64Array>, count: number, nx: number, ny: number, nz: number, offset: number, margin: number, s: Manifold): void {
    this.degenerate = s.count === 0;
    if (s.count === 0) return;
    this.reserve(count + 1);
    const a = this.polyA, la = this.labelA;
    a.set(poly.subarray(0, 3 * count));
    la.fill(0, 0, count);
    const n = clipByPlane(a, la, count, this.polyB, this.labelB, nx, ny, nz, offset + margin, 0);
    const area = polygonCentroid(this.polyB, n, nx, ny, nz, this.centroid);
    const length = Math.sqrt(extent2(this.polyB, n));
    if (!(area > THIN * length * length && area > TOUCH * margin * length)) {
      this.degenerate = true;
      s.count = 0;
      return;
    }
    let least = Infinity;
    for (let k = 0; k < s.count; k++) least = Math.min(least, s.gap[k]);
    const c = this.centroid;
    s.point[0] = c[0]; s.point[1] = c[1]; s.point[2] = c[2];
    s.gap[0] = least;
    s.code[0] = 0;
    s.count = 1;
  }

  private reserve(n: number): void {
    if (3 * n <= this.polyA.length) return;
    const cap = Math.max(n, 2 * this.labelA.length);
    this.polyA = new Float64Array(3 * cap); this.polyB = new Float64Array(3 * cap);
    this.labelA = new Int32Array(cap); this.labelB = new Int32Array(cap);
  }
}

/** The largest squared distance from the first point to another (the polygon's extent, squared). */
export function extent2(p: Readonly<Float64Array>, count: number): number {
  let most = 0;
  for (let k = 1; k < count; k++) {
    const dx = p[3 * k] - p[0], dy = p[3 * k + 1] - p[1], dz = p[3 * k + 2] - p[2];
    most = Math.max(most, dx * dx + dy * dy + dz * dz);
  }
  return most;
}
