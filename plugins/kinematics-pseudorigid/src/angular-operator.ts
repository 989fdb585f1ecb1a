/**
 * The angular operator of a pseudo-rigid body, w = H_ω u: its angular velocity is the axial
 * vector ω of the skew part of the velocity gradient L = Ḟ F⁻¹ (a point moves at
 * ẋ̄ + L (x − x̄), paper 004 eq 1), ω_k = ½ Σ_ab ε_kab L_ba. Along a row e of the frame E,
 *
 *   e · ω = ½ Σ_ab c_ab L_ba,  c = −[e]×,  L_ba = Σ_m Ḟ_bm G_ma,  G = F⁻¹,
 *
 * so with u = [Ḟ row-major; ẋ̄] the entry of row k at Ḟ_bm (index 3b + m) is ½ (G c)_mb, and
 * the centre's velocity does not enter (3 × 12, row-major into out[0..36)). For a rigid motion,
 * F = R and Ḟ = [ω]× R, this is e · ω exactly. The torque block of a contact with rolling and
 * spinning resistance (paper 002, "Modeling Rolling/Spinning") is built from it.
 * @returns out
 */
export function pseudoRigidAngularOperator(F: Float64Array, fo: number, frame: Float64Array, fo2: number, out: Float64Array): Float64Array {
  // G = F⁻¹ = adj(F) / det F, row-major.
  const f0 = F[fo], f1 = F[fo + 1], f2 = F[fo + 2], f3 = F[fo + 3], f4 = F[fo + 4], f5 = F[fo + 5];
  const f6 = F[fo + 6], f7 = F[fo + 7], f8 = F[fo + 8];
  const c0 = f4 * f8 - f5 * f7, c1 = f2 * f7 - f1 * f8, c2 = f1 * f5 - f2 * f4;
  const c3 = f5 * f6 - f3 * f8, c4 = f0 * f8 - f2 * f6, c5 = f2 * f3 - f0 * f5;
  const c6 = f3 * f7 - f4 * f6, c7 = f1 * f6 - f0 * f7, c8 = f0 * f4 - f1 * f3;
  const half = 0.5 / (f0 * c0 + f1 * c3 + f2 * c6);
  // ½ G = ½ adj(F) / det F, row-major: g[3m + a] = ½ G_ma.
  const g0 = c0 * half, g1 = c1 * half, g2 = c2 * half, g3 = c3 * half, g4 = c4 * half, g5 = c5 * half;
  const g6 = c6 * half, g7 = c7 * half, g8 = c8 * half;
  for (let k = 0; k < 3; k++) {
    const ex = frame[fo2 + 3 * k], ey = frame[fo2 + 3 * k + 1], ez = frame[fo2 + 3 * k + 2];
    // Columns of c = −[e]×: (0, −ez, ey), (ez, 0, −ex), (−ey, ex, 0); entry (b, m) = ½ Σ_a G_ma c_ab.
    const o = 12 * k;
    out[o] = ey * g2 - ez * g1;
    out[o + 1] = ey * g5 - ez * g4;
    out[o + 2] = ey * g8 - ez * g7;
    out[o + 3] = ez * g0 - ex * g2;
    out[o + 4] = ez * g3 - ex * g5;
    out[o + 5] = ez * g6 - ex * g8;
    out[o + 6] = ex * g1 - ey * g0;
    out[o + 7] = ex * g4 - ey * g3;
    out[o + 8] = ex * g7 - ey * g6;
    out[o + 9] = 0;
    out[o + 10] = 0;
    out[o + 11] = 0;
  }
  return out;
}
