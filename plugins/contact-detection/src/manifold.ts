// A contact manifold being built for one pair, and the polygon tools every manifold builder shares.

/** Contact points being built for one pair: points, gaps, feature codes, and room for the 4 kept. */
export interface Manifold {
  point: Float64Array;
  gap: Float64Array;
  code: Int32Array;
  count: number;
  keep: Int32Array;
}

/**
 * One Sutherland–Hodgman step: keeps the part of the polygon with m·p ≤ offset. A point
 * made on the plane takes `planeLabel` as the label of its outgoing edge when the polygon
 * leaves the half-space there; points entering keep the crossed edge's label. `out` must
 * hold count + 1 points.
 */
export function clipByPlane<T extends Int8Array | Int32Array>(poly: Float64Array, label: T, count: number, out: Float64Array, outLabel: T,
  mx: number, my: number, mz: number, offset: number, planeLabel: number): number {
  let n = 0;
  for (let k = 0; k < count; k++) {
    const q = (k + 1) % count;
    const dk = mx * poly[3 * k] + my * poly[3 * k + 1] + mz * poly[3 * k + 2] - offset;
    const dq = mx * poly[3 * q] + my * poly[3 * q + 1] + mz * poly[3 * q + 2] - offset;
    if (dk <= 0) {
      out[3 * n] = poly[3 * k]; out[3 * n + 1] = poly[3 * k + 1]; out[3 * n + 2] = poly[3 * k + 2];
      outLabel[n++] = label[k];
    }
    // Strict crossings only: a point on the plane is kept as it is, not doubled.
    if ((dk < 0 && dq > 0) || (dk > 0 && dq < 0)) {
      const t = dk / (dk - dq);
      for (let r = 0; r < 3; r++) out[3 * n + r] = poly[3 * k + r] + t * (poly[3 * q + r] - poly[3 * k + r]);
      // Leaving: the new edge runs along the plane; entering: it continues the crossed edge.
      outLabel[n++] = dk < 0 ? planeLabel : label[k];
    }
  }
  return n;
}

/**
 * Keeps at most 4 of the manifold's points: the deepest (i0), the one farthest from it (i1),
 * the one spanning the largest triangle with them (i2), and the one adding the most area
 * outside that triangle (i3) — the deepest point and the widest support, for a stable
 * resting contact. Rectangular faces make exact ties common (a face parallel to the
 * reference, points on parallel edges), so values within 1e-9 of the best tie, and the
 * first point in polygon order wins: the polygon's order comes from the boxes' own frames,
 * so the choice does not change under a rigid motion of the pair.
 */
export function reduceManifold(s: Manifold, nx: number, ny: number, nz: number): void {
  const count = s.count;
  if (count <= 4) return;
  const p = s.point, g = s.gap;
  let size = 0;
  for (let k = 1; k < count; k++) size = Math.max(size, Math.abs(p[3 * k] - p[0]) + Math.abs(p[3 * k + 1] - p[1]) + Math.abs(p[3 * k + 2] - p[2]));
  const tol = 1e-9 * size, tol2 = tol * size;
  let i0 = 0;
  for (let k = 1; k < count; k++) if (g[k] < g[i0] - tol) i0 = k;
  let i1 = -1, far = -1;
  for (let k = 0; k < count; k++) {
    const d = dist2(p, k, i0);
    if (d > far + tol2) { far = d; i1 = k; }
  }
  let i2 = -1, widest = tol2;
  for (let k = 0; k < count; k++) {
    const a = Math.abs(area(p, i0, i1, k, nx, ny, nz));
    if (a > widest + tol2) { widest = a; i2 = k; }
  }
  let i3 = -1;
  if (i2 >= 0) {
    // Signed areas against the triangle's edges, oriented so inside is positive.
    const sign = area(p, i0, i1, i2, nx, ny, nz) > 0 ? 1 : -1;
    let most = tol2;
    for (let k = 0; k < count; k++) {
      const outside = Math.max(0, -sign * area(p, i0, i1, k, nx, ny, nz))
        + Math.max(0, -sign * area(p, i1, i2, k, nx, ny, nz)) + Math.max(0, -sign * area(p, i2, i0, k, nx, ny, nz));
      if (outside > most + tol2) { most = outside; i3 = k; }
    }
  }
  const keep = s.keep;
  keep[0] = i0;
  let m = addUnique(keep, 1, i1);
  m = addUnique(keep, m, i2);
  m = addUnique(keep, m, i3);
  // Ascending, so compacting in place never overwrites a point still to be read.
  for (let r = 1; r < m; r++) {
    const k = keep[r];
    let q = r;
    for (; q > 0 && keep[q - 1] > k; q--) keep[q] = keep[q - 1];
    keep[q] = k;
  }
  for (let r = 0; r < m; r++) {
    const k = keep[r];
    p[3 * r] = p[3 * k]; p[3 * r + 1] = p[3 * k + 1]; p[3 * r + 2] = p[3 * k + 2];
    g[r] = g[k];
    s.code[r] = s.code[k];
  }
  s.count = m;
}

function dist2(p: Float64Array, i: number, j: number): number {
  const dx = p[3 * i] - p[3 * j], dy = p[3 * i + 1] - p[3 * j + 1], dz = p[3 * i + 2] - p[3 * j + 2];
  return dx * dx + dy * dy + dz * dz;
}

/** Twice the signed area of the triangle (i, j, k) seen along n. */
function area(p: Float64Array, i: number, j: number, k: number, nx: number, ny: number, nz: number): number {
  const ex = p[3 * j] - p[3 * i], ey = p[3 * j + 1] - p[3 * i + 1], ez = p[3 * j + 2] - p[3 * i + 2];
  const dx = p[3 * k] - p[3 * i], dy = p[3 * k + 1] - p[3 * i + 1], dz = p[3 * k + 2] - p[3 * i + 2];
  return nx * (ey * dz - ez * dy) + ny * (ez * dx - ex * dz) + nz * (ex * dy - ey * dx);
}

function addUnique(keep: Int32Array, m: number, k: number): number {
  if (k < 0) return m;
  for (let r = 0; r < m; r++) if (keep[r] === k) return m;
  keep[m] = k;
  return m + 1;
}
