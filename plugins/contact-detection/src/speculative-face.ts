import type { ContactBufferLike } from '@moreau/core/contracts';

/**
 * Separated bodies that one contact point holds apart (an edge pair, or the closest points when
 * they lie off the face manifold) also get the reference face's manifold, each point at its own
 * positive gap. The velocity problem keeps every contact it is given from closing faster than its
 * gap allows in the step (predictive activation), but only those: a box spinning onto another
 * turns a corner that is not the closest feature now into the face below, and one point left
 * that corner free to go millimetres deep in a step (a pour of 4,000 cubes: 221 of 470 steps
 * overlapping by more than 1 mm, to 5.35 mm; docs/results/scale.md, "Predicted face points").
 * Not in paper 004's `manifold: 'one-per-face'` mode, whose contacts the masonry study was made
 * with. `patched` says whether the pair reduces its manifolds that way.
 */
export function wantsFacePoints(separation: number, patched: boolean, onePoint: boolean): boolean {
  return separation > 0 && !patched && onePoint;
}

/**
 * A face point whose point on the incident body lies within this fraction of the pair's smallest
 * half extent of the one point's is that point again (the face manifold clips the same corner or
 * edge the closest points found): it is held once, by the one point's own normal. Held twice, by
 * two nearly equal rows of W, it took the 100 cubes of bench/peers.mjs 31 % more sweeps a step.
 */
const SAME_POINT = 0.1;

/**
 * A contact manifold being built (BoxScratch, PolytopeScratch): halfway points, gaps, ids, one
 * normal from B to A, and `held`, where `holdPoint` put the one point on the incident body while
 * the face's points are found.
 */
interface Manifold {
  readonly point: Float64Array;
  readonly gap: Float64Array;
  readonly code: Int32Array;
  readonly held: Float64Array;
  count: number;
  nx: number;
  ny: number;
  nz: number;
}

/**
 * Records where the one contact in `m` touches the incident body (B when `incidentIsB`): a
 * halfway point m lies g/2 from each surface along n (from B to A), so on B at m − (g/2) n and
 * on A at m + (g/2) n.
 */
export function holdPoint(m: Manifold, incidentIsB: boolean): void {
  const t = (incidentIsB ? -0.5 : 0.5) * m.gap[0], held = m.held;
  held[0] = m.point[0] + t * m.nx; held[1] = m.point[1] + t * m.ny; held[2] = m.point[2] + t * m.nz;
}

/**
 * The face points in `m`, between bodies a and b, into `out`, but those at the point `holdPoint`
 * recorded (`SAME_POINT` of `least`, the pair's smallest half extent).
 */
export function pushFacePoints(a: number, b: number, m: Manifold, incidentIsB: boolean, least: number, out: ContactBufferLike): void {
  const same = SAME_POINT * least, side = incidentIsB ? -0.5 : 0.5, held = m.held;
  for (let k = 0; k < m.count; k++) {
    const t = side * m.gap[k], o = 3 * k;
    const dx = m.point[o] + t * m.nx - held[0], dy = m.point[o + 1] + t * m.ny - held[1], dz = m.point[o + 2] + t * m.nz - held[2];
    if (dx * dx + dy * dy + dz * dz <= same * same) continue;
    out.push(a, b, m.code[k], m.point[o], m.point[o + 1], m.point[o + 2], m.nx, m.ny, m.nz, m.gap[k]);
  }
}
