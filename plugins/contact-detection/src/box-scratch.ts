import { SeparatingAxes } from './box-axes.js';
import type { FacePatch } from './face-patch.js';

/**
 * Work buffers of the box-box routine, allocated once per detector (not per call, and not
 * at module level, so two detectors never share them).
 */
export class BoxScratch {
  /** Sutherland–Hodgman ping-pong polygons: up to 8 points (3 each) with the line label of the edge leaving each point. */
  readonly polyA = new Float64Array(24);
  readonly polyB = new Float64Array(24);
  readonly labelA = new Int8Array(8);
  readonly labelB = new Int8Array(8);
  /** The manifold being built: points on the incident box, their gaps, feature codes. */
  readonly point = new Float64Array(24);
  readonly gap = new Float64Array(8);
  readonly code = new Int32Array(8);
  count = 0;
  /** The manifold's normal, from B towards A. */
  nx = 0;
  ny = 0;
  nz = 1;
  /** Where the one point of a separated pair lies on the incident box while its face's points are found (`holdPoint`). */
  readonly held = new Float64Array(3);
  /** The separating axis test's results. */
  readonly axes = new SeparatingAxes();
  /** Indices kept by the reduction to 4 points. */
  readonly keep = new Int32Array(4);
  /** Segment ends for closest-point queries, and their parameters. */
  readonly seg = new Float64Array(12);
  readonly st = new Float64Array(3);
  /** The 12 edges (6 numbers each) of the two boxes, for the exact distance. */
  readonly edgesA = new Float64Array(72);
  readonly edgesB = new Float64Array(72);
  /** Their midpoints (3 numbers each), for the distance's bound on an edge pair. */
  readonly midsA = new Float64Array(36);
  readonly midsB = new Float64Array(36);
  /** Closest points of a separated pair (on A, then on B) and a vertex buffer. */
  readonly pair = new Float64Array(6);
  readonly tmp = new Float64Array(6);
  /** Which features gave `pair` (see `boxDistance`). */
  closest = 0;
  /** Set for `manifold: 'one-per-face'`: face manifolds become one point (FacePatch). */
  patch: FacePatch | undefined = undefined;
}
