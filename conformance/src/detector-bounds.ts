import { cross, dot, norm, scale, sub, type V3 } from './detector-geometry.js';
import { distanceTo, polytopeFeatures, supportValue, surfaceSamples, type WorldShape } from './detector-shapes.js';

/**
 * Brackets of the signed gap g of two convex bodies A and B (g > 0 their distance, g < 0
 * minus their penetration depth), computed by the suite on its own:
 *
 * - from below by separations: along a unit u from A towards B,
 *   σ(u) = min_B u·x − max_A u·x = −h_B(−u) − h_A(u) ≤ g, with equality at the best u
 *   (for disjoint bodies the distance is the largest separation; for overlapping ones the
 *   depth is the least overlap over directions). The largest σ over many directions, refined
 *   by a local search, is a lower bound that is tight to rounding for smooth bodies and for
 *   polytopes whose best axis is among the candidates (face normals, edge crosses);
 * - from above by sampled surfaces: the least distance from a surface sample of one body to
 *   the other body is at least g and at most g + the sampling resolution; a sample inside the
 *   other body proves an overlap (g < 0).
 */

/** σ(u) for u from A towards B (u need not be unit). */
export function separation(A: WorldShape, B: WorldShape, u: readonly number[]): number {
  const l = norm(u);
  return (-supportValue(B, scale(u, -1)) - supportValue(A, u)) / l;
}

/** A lower bound of the signed gap and the direction achieving it: the best σ over candidates, refined locally. */
export function gapLowerBound(A: WorldShape, B: WorldShape, extra: readonly (readonly number[])[] = []): { lo: number; u: V3 } {
  const candidates: V3[] = [...fibonacciSphere(200), sub(B.c, A.c), ...extra.map((u) => [...u] as V3)];
  const fa = polytopeFeatures(A), fb = polytopeFeatures(B);
  candidates.push(...fa.normals, ...fb.normals.map((n) => scale(n, -1)));
  for (const e of fa.edges) for (const f of fb.edges) { const c = cross(e, f); candidates.push(c, scale(c, -1)); }
  const scored = candidates.filter((u) => norm(u) > 1e-12 * (1 + norm(sub(B.c, A.c)))).map((u) => ({ u: scale(u, 1 / norm(u)), s: separation(A, B, u) }));
  scored.sort((p, q) => q.s - p.s);
  let best = scored[0];
  for (const start of scored.slice(0, 2)) {
    const refined = refine(A, B, start.u, start.s);
    if (refined.s > best.s) best = refined;
  }
  return { lo: best.s, u: best.u };
}

/** Pattern search on the sphere: steps along two tangents, halved when none improves σ. */
function refine(A: WorldShape, B: WorldShape, u0: V3, s0: number): { u: V3; s: number } {
  let u = u0, s = s0, step = 0.05, evals = 0;
  while (step > 1e-11 && evals < 3000) {
    const t1 = tangent(u), t2 = cross(u, t1);
    let moved = false;
    for (const t of [t1, t2, scale(t1, -1), scale(t2, -1)]) {
      const v = [u[0] + step * t[0], u[1] + step * t[1], u[2] + step * t[2]] as V3;
      const w = scale(v, 1 / norm(v));
      const sw = separation(A, B, w);
      evals++;
      if (sw > s) { u = w; s = sw; moved = true; break; }
    }
    if (!moved) step *= 0.5;
  }
  return { u, s };
}

function tangent(u: V3): V3 {
  const a: V3 = Math.abs(u[0]) < 0.6 ? [1, 0, 0] : [0, 1, 0];
  const t = cross(u, a);
  return scale(t, 1 / norm(t));
}

/** n roughly even directions (the Fibonacci lattice). */
function fibonacciSphere(n: number): V3[] {
  const golden = Math.PI * (3 - Math.sqrt(5));
  return Array.from({ length: n }, (_, i) => {
    const z = 1 - (2 * (i + 0.5)) / n, r = Math.sqrt(1 - z * z);
    return [r * Math.cos(golden * i), r * Math.sin(golden * i), z] as V3;
  });
}

/**
 * The least distance from a surface sample of either body to the other (an upper bound of the
 * gap when they are apart), whether a sample lies inside the other body (then they overlap),
 * and the coarser sampling resolution (the gap is at least `hi` − resolution when apart).
 */
export function sampledGap(A: WorldShape, B: WorldShape, k: number): { hi: number; overlap: boolean; resolution: number } {
  let hi = Infinity, overlap = false, resolution = 0;
  for (const [from, to] of [[A, B], [B, A]] as const) {
    const samples = surfaceSamples(from, k);
    resolution = Math.max(resolution, samples.resolution);
    for (const p of samples.points) {
      // Skip samples whose separation from `to` along the line from its centre already exceeds the best.
      const d = sub(p, to.c), len = norm(d);
      if (len > 0 && dot(d, p) / len - supportValue(to, scale(d, 1 / len)) >= hi) continue;
      const dist = distanceTo(to, p);
      if (dist === 0) overlap = true;
      if (dist < hi) hi = dist;
    }
  }
  return { hi, overlap, resolution };
}
