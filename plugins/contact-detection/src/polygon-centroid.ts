/**
 * Area centroid of a planar polygon (points in cyclic order, 3 numbers each) seen along the
 * unit normal n: the triangle fan from the first point, each triangle's centroid weighted by
 * its signed area along n (the first moment of area divided by the area). Writes the centroid
 * to out[0..3] and returns the area (the absolute value; 0 for fewer than 3 points or collinear
 * ones, when out gets the mean of the points instead). @returns the area
 */
export function polygonCentroid(p: Readonly<Float64Array>, count: number, nx: number, ny: number, nz: number, out: Float64Array): number {
  let area = 0, cx = 0, cy = 0, cz = 0, mx = 0, my = 0, mz = 0;
  const x0 = p[0], y0 = p[1], z0 = p[2];
  for (let k = 0; k < count; k++) {
    mx += p[3 * k]; my += p[3 * k + 1]; mz += p[3 * k + 2];
    if (k < 2) continue;
    const ax = p[3 * k - 3] - x0, ay = p[3 * k - 2] - y0, az = p[3 * k - 1] - z0;
    const bx = p[3 * k] - x0, by = p[3 * k + 1] - y0, bz = p[3 * k + 2] - z0;
    const a = 0.5 * (nx * (ay * bz - az * by) + ny * (az * bx - ax * bz) + nz * (ax * by - ay * bx));
    area += a;
    cx += a * (ax + bx); cy += a * (ay + by); cz += a * (az + bz);
  }
  if (count < 3 || area === 0) {
    const inv = count > 0 ? 1 / count : 0;
    out[0] = mx * inv; out[1] = my * inv; out[2] = mz * inv;
    return 0;
  }
  // A fan triangle's centroid is p0 + (a + b)/3.
  const s = 1 / (3 * area);
  out[0] = x0 + cx * s; out[1] = y0 + cy * s; out[2] = z0 + cz * s;
  return Math.abs(area);
}
