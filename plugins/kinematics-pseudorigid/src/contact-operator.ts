/**
 * The contact operator of a pseudo-rigid body (paper 004 eqs 19-20, 25) in the normal-first
 * frame E (rows n, t1, t2). The material point X (from the centre) now at world point p is
 * X = F⁻¹(p − x̄) (eq 1) and moves at Ḟ X + ẋ̄, so with u = [Ḟ row-major; ẋ̄]
 *
 *   H = E · [ X₁ I | X₂ I | X₃ I | I ]  reordered for row-major Ḟ:
 *   row k = [ e_k[a] X_j at 3a + j (a, j = 0..2) | e_k ]   (3 × 12, row-major into out[0..36)).
 *
 * Paper 004 puts the normal last and Ḟ column-major; both are only orderings.
 * @returns out
 */
export function pseudoRigidContactOperator(
  x: Float64Array, xo: number, F: Float64Array, fo: number,
  point: Float64Array, po: number, frame: Float64Array, fo2: number, out: Float64Array,
): Float64Array {
  const dx = point[po] - x[xo], dy = point[po + 1] - x[xo + 1], dz = point[po + 2] - x[xo + 2];
  // X = F⁻¹ d by the adjugate: F⁻¹ = adj(F)/det F.
  const f0 = F[fo], f1 = F[fo + 1], f2 = F[fo + 2], f3 = F[fo + 3], f4 = F[fo + 4], f5 = F[fo + 5];
  const f6 = F[fo + 6], f7 = F[fo + 7], f8 = F[fo + 8];
  const c0 = f4 * f8 - f5 * f7, c1 = f2 * f7 - f1 * f8, c2 = f1 * f5 - f2 * f4;
  const c3 = f5 * f6 - f3 * f8, c4 = f0 * f8 - f2 * f6, c5 = f2 * f3 - f0 * f5;
  const c6 = f3 * f7 - f4 * f6, c7 = f1 * f6 - f0 * f7, c8 = f0 * f4 - f1 * f3;
  const inv = 1 / (f0 * c0 + f1 * c3 + f2 * c6);
  const X0 = (c0 * dx + c1 * dy + c2 * dz) * inv;
  const X1 = (c3 * dx + c4 * dy + c5 * dz) * inv;
  const X2 = (c6 * dx + c7 * dy + c8 * dz) * inv;
  for (let k = 0; k < 3; k++) {
    const o = 12 * k;
    for (let a = 0; a < 3; a++) {
      const e = frame[fo2 + 3 * k + a];
      out[o + 3 * a] = e * X0;
      out[o + 3 * a + 1] = e * X1;
      out[o + 3 * a + 2] = e * X2;
      out[o + 9 + a] = e;
    }
  }
  return out;
}
