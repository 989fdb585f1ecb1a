/**
 * The angular operator of a rigid body, w = H_ω u: with velocities u = [v (world); ω (body
 * frame)] and rotation R, the world angular velocity is R ω, so seen in the frame E (rows e_k)
 *
 *   H_ω = E · [ 0 | R ]   (3 × 6, row-major into out[0..18)),  row k = [ 0 0 0 | e_kᵀ R ].
 *
 * The torque block of a contact with rolling and spinning resistance (paper 002, "Modeling
 * Rolling/Spinning") is built from it in the frame (t1, t2, n).
 * @returns out
 */
export function rigidAngularOperator(r: Float64Array, ro: number, frame: Float64Array, fo: number, out: Float64Array): Float64Array {
  for (let k = 0; k < 3; k++) {
    const ex = frame[fo + 3 * k], ey = frame[fo + 3 * k + 1], ez = frame[fo + 3 * k + 2];
    const o = 6 * k;
    out[o] = 0;
    out[o + 1] = 0;
    out[o + 2] = 0;
    out[o + 3] = ex * r[ro] + ey * r[ro + 3] + ez * r[ro + 6];
    out[o + 4] = ex * r[ro + 1] + ey * r[ro + 4] + ez * r[ro + 7];
    out[o + 5] = ex * r[ro + 2] + ey * r[ro + 5] + ez * r[ro + 8];
  }
  return out;
}
