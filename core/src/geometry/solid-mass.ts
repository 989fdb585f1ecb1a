import type { ConvexHull } from './convex-hull.js';

/** Mass properties of a solid of unit density. */
export interface SolidMass {
  volume: number;
  /** The solid centroid (3). */
  centroid: Float64Array;
  /** Inertia tensor about the centroid, row-major 3×3 (unit density: multiply by ρ for a body). */
  inertia: Float64Array;
}

/**
 * Exact volume, centroid and inertia tensor of a convex polyhedron.
 *
 * By the divergence theorem a volume integral over the solid is a sum of surface integrals over
 * its faces; taking each face as a fan of triangles (a, b, c) and joining each triangle to a
 * common apex o gives signed tetrahedra whose integrals are known in closed form (Eberly,
 * "Polyhedral Mass Properties (Revisited)", 2002; Mirtich, "Fast and accurate computation of
 * polyhedral mass properties", J. Graphics Tools 1(2), 1996, reach the same sums). For the
 * tetrahedron (o, a, b, c) with edge vectors u = a − o, v = b − o, w = c − o and s = u + v + w:
 *   volume      V = u · (v × w) / 6,
 *   first       ∫ (x − o) dV = V s / 4,
 *   second      ∫ (x − o)(x − o)ᵀ dV = V (u uᵀ + v vᵀ + w wᵀ + s sᵀ) / 20.
 * The apex is the mean of the vertices, which keeps the terms small for a hull far from the
 * origin. The inertia about the centroid c is J = tr(C) I − C with C = ∫ (x − c)(x − c)ᵀ dV
 * (C_ij for i < j read from the upper triangle, so J is exactly symmetric).
 */
export function solidMass(hull: Pick<ConvexHull, 'vertices' | 'faces'>): SolidMass {
  const x = hull.vertices;
  const n = x.length / 3;
  const o = [0, 0, 0];
  for (let i = 0; i < n; i++) for (let k = 0; k < 3; k++) o[k] += x[3 * i + k] / n;

  let volume = 0;
  const first = [0, 0, 0];
  const second = new Float64Array(9);
  const u = [0, 0, 0], v = [0, 0, 0], w = [0, 0, 0], s = [0, 0, 0];
  for (const face of hull.faces) {
    for (let k = 1; k + 1 < face.length; k++) {
      for (let d = 0; d < 3; d++) {
        u[d] = x[3 * face[0] + d] - o[d];
        v[d] = x[3 * face[k] + d] - o[d];
        w[d] = x[3 * face[k + 1] + d] - o[d];
        s[d] = u[d] + v[d] + w[d];
      }
      const V = (u[0] * (v[1] * w[2] - v[2] * w[1]) + u[1] * (v[2] * w[0] - v[0] * w[2]) + u[2] * (v[0] * w[1] - v[1] * w[0])) / 6;
      volume += V;
      for (let i = 0; i < 3; i++) {
        first[i] += (V * s[i]) / 4;
        for (let j = 0; j < 3; j++) second[3 * i + j] += (V * (u[i] * u[j] + v[i] * v[j] + w[i] * w[j] + s[i] * s[j])) / 20;
      }
    }
  }

  const m = [first[0] / volume, first[1] / volume, first[2] / volume]; // centroid − o
  const C = new Float64Array(9);
  for (let i = 0; i < 3; i++) for (let j = 0; j < 3; j++) C[3 * i + j] = second[3 * i + j] - volume * m[i] * m[j];
  // J_xx = C_yy + C_zz rather than tr C − C_xx: the subtraction would lose the small moment of
  // a long thin solid (relative error ε·C_xx/J_xx).
  const inertia = Float64Array.of(
    C[4] + C[8], -C[1], -C[2],
    -C[1], C[0] + C[8], -C[5],
    -C[2], -C[5], C[0] + C[4],
  );
  return { volume, centroid: Float64Array.of(o[0] + m[0], o[1] + m[1], o[2] + m[2]), inertia };
}
