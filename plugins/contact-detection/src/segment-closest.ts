/**
 * Closest points of two segments P(s) = p + s (p' − p), Q(t) = q + t (q' − q), s, t ∈ [0, 1]
 * (Ericson, Real-Time Collision Detection, §5.1.9), with the endpoints read from
 * e[o..o+12) as p, p', q, q'. Writes s and t into st[0..2), st[2] = 1 when the
 * segments are parallel (else 0), and returns the squared distance.
 *
 * Parallel segments have a whole set of closest pairs; this picks the middle of their
 * overlap along P (or the nearest ends when they do not overlap), so the answer does not
 * depend on which segment is named first.
 */
export function closestOnSegments(e: Float64Array, o: number, st: Float64Array): number {
  const px = e[o], py = e[o + 1], pz = e[o + 2];
  const qx = e[o + 6], qy = e[o + 7], qz = e[o + 8];
  const d1x = e[o + 3] - px, d1y = e[o + 4] - py, d1z = e[o + 5] - pz;
  const d2x = e[o + 9] - qx, d2y = e[o + 10] - qy, d2z = e[o + 11] - qz;
  const rx = px - qx, ry = py - qy, rz = pz - qz;
  const a = d1x * d1x + d1y * d1y + d1z * d1z;
  const b = d1x * d2x + d1y * d2y + d1z * d2z;
  const c = d1x * rx + d1y * ry + d1z * rz;
  const ee = d2x * d2x + d2y * d2y + d2z * d2z;
  const f = d2x * rx + d2y * ry + d2z * rz;
  const denom = a * ee - b * b;
  let s: number, t: number;
  if (!(a > 0) || !(ee > 0)) {
    // A segment reduced to a point (never a box edge, but keep the answer finite).
    s = a > 0 ? clamp01(-c / a) : 0;
    t = a > 0 || !(ee > 0) ? 0 : clamp01(f / ee);
  } else if (denom > 1e-12 * a * ee) {
    s = clamp01((b * f - c * ee) / denom);
    t = (b * s + f) / ee;
    if (t < 0) { t = 0; s = clamp01(-c / a); } else if (t > 1) { t = 1; s = clamp01((b - c) / a); }
  } else {
    // Q's ends projected on P's parameter: q ↦ −c/a, q' ↦ (b − c)/a.
    const u0 = -c / a, u1 = (b - c) / a;
    const lo = Math.max(0, Math.min(u0, u1)), hi = Math.min(1, Math.max(u0, u1));
    s = lo <= hi ? 0.5 * (lo + hi) : Math.max(u0, u1) < 0 ? 0 : 1;
    t = clamp01((b * s + f) / ee);
    if (lo > hi) s = clamp01((b * t - c) / a);
  }
  st[0] = s; st[1] = t; st[2] = a > 0 && ee > 0 && denom <= 1e-12 * a * ee ? 1 : 0;
  const dx = rx + s * d1x - t * d2x, dy = ry + s * d1y - t * d2y, dz = rz + s * d1z - t * d2z;
  return dx * dx + dy * dy + dz * dz;
}

function clamp01(x: number): number {
  return x < 0 ? 0 : x > 1 ? 1 : x;
}
