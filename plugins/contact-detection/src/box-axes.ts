import type { WorldBodies } from './world-bodies.js';

/** Edges closer to parallel than this (sine of the angle) give no separating axis of their own. */
const PARALLEL = 1e-6;

/** The best separating axes of two boxes: of A's faces, of B's faces, of the edge pairs. */
export class SeparatingAxes {
  /** Largest separation over A's face normals, its axis, and the side facing B (±1). */
  bestA = -Infinity;
  iA = 0;
  signA = 1;
  /** The same over B's face normals; signB is the side of B facing A. */
  bestB = -Infinity;
  jB = 0;
  signB = 1;
  /** Largest separation over the axes a_i × b_j of non-parallel edges, and i, j (−1 when all are parallel). */
  bestE = -Infinity;
  eI = -1;
  eJ = -1;
  /** Dot products of the two boxes' axes, C[3i + j] = a_i · b_j. */
  readonly dots = new Float64Array(9);
}

/**
 * The separating axis test of boxes a and b over their 15 candidate axes (Gottschalk, Lin,
 * Manocha 1996; Ericson, Real-Time Collision Detection §4.4): along a unit axis L the
 * separation is |L·(c_b − c_a)| − r_a − r_b with r = Σ_k h_k |L·(R e_k)|, positive when
 * the projections are apart. The boxes are disjoint exactly when some axis separates them.
 */
export function separatingAxes(w: WorldBodies, a: number, b: number, out: SeparatingAxes): void {
  const R = w.linear, c = w.centre, h = w.size, C = out.dots;
  const ra = 9 * a, rb = 9 * b, oa = 3 * a, ob = 3 * b;
  const tx = c[ob] - c[oa], ty = c[ob + 1] - c[oa + 1], tz = c[ob + 2] - c[oa + 2];
  for (let i = 0; i < 3; i++) {
    for (let j = 0; j < 3; j++) C[3 * i + j] = R[ra + i] * R[rb + j] + R[ra + 3 + i] * R[rb + 3 + j] + R[ra + 6 + i] * R[rb + 6 + j];
  }
  out.bestA = out.bestB = out.bestE = -Infinity;
  out.eI = out.eJ = -1;
  for (let i = 0; i < 3; i++) {
    const t = tx * R[ra + i] + ty * R[ra + 3 + i] + tz * R[ra + 6 + i];
    const sep = Math.abs(t) - h[oa + i] - (h[ob] * Math.abs(C[3 * i]) + h[ob + 1] * Math.abs(C[3 * i + 1]) + h[ob + 2] * Math.abs(C[3 * i + 2]));
    if (sep > out.bestA) { out.bestA = sep; out.iA = i; out.signA = t < 0 ? -1 : 1; }
  }
  for (let j = 0; j < 3; j++) {
    const t = tx * R[rb + j] + ty * R[rb + 3 + j] + tz * R[rb + 6 + j];
    const sep = Math.abs(t) - h[ob + j] - (h[oa] * Math.abs(C[j]) + h[oa + 1] * Math.abs(C[3 + j]) + h[oa + 2] * Math.abs(C[6 + j]));
    // B's face towards A points against t = c_B − c_A.
    if (sep > out.bestB) { out.bestB = sep; out.jB = j; out.signB = t > 0 ? -1 : 1; }
  }
  for (let i = 0; i < 3; i++) {
    for (let j = 0; j < 3; j++) {
      const sep = edgeSeparation(w, ra, rb, oa, ob, i, j, tx, ty, tz);
      if (sep > out.bestE) { out.bestE = sep; out.eI = i; out.eJ = j; }
    }
  }
}

/** Separation along a_i × b_j (normalised); −∞ for near-parallel edges. */
function edgeSeparation(w: WorldBodies, ra: number, rb: number, oa: number, ob: number, i: number, j: number, tx: number, ty: number, tz: number): number {
  const R = w.linear, h = w.size;
  const ax = R[ra + i], ay = R[ra + 3 + i], az = R[ra + 6 + i];
  const bx = R[rb + j], by = R[rb + 3 + j], bz = R[rb + 6 + j];
  let lx = ay * bz - az * by, ly = az * bx - ax * bz, lz = ax * by - ay * bx;
  const len = Math.sqrt(lx * lx + ly * ly + lz * lz);
  if (len < PARALLEL) return -Infinity;
  lx /= len; ly /= len; lz /= len;
  // a_i and b_j are orthogonal to the axis: the other two axes of each box reach along it.
  let rA = 0, rB = 0;
  for (let k = 0; k < 3; k++) {
    if (k !== i) rA += h[oa + k] * Math.abs(R[ra + k] * lx + R[ra + 3 + k] * ly + R[ra + 6 + k] * lz);
    if (k !== j) rB += h[ob + k] * Math.abs(R[rb + k] * lx + R[rb + 3 + k] * ly + R[rb + 6 + k] * lz);
  }
  return Math.abs(tx * lx + ty * ly + tz * lz) - rA - rB;
}
