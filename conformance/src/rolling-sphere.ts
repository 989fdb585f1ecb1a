import { BlockSparseMatrix, FrictionContactProblem } from '@moreau/core';

export interface SphereOptions {
  /** Mass, radius (solid ball: I = 0.4 m R²), time step, gravity. */
  m: number;
  R: number;
  h: number;
  g: number;
  /** Forward speed V along t1 while rolling without slipping (ω about t2 = V / R), and spin Ω about the normal. */
  V: number;
  Omega: number;
  mu: number;
  rho: number;
  sigma: number;
}

/**
 * A solid ball on a fixed plane, one time step, whose rolling and spinning reactions have closed
 * forms (the fixture Gauss–Seidel and APGD are checked on): the contact point sits at −R n below the
 * centre, so its velocity is v + ω × (−R n) = (v_n, v_1 − R ω_2, v_2 + R ω_1) and the torque
 * block sees ω itself, (ω_1, ω_2, ω_n). With generalised velocities (v, ω) and M = diag(m I, I I),
 * W = H M⁻¹ Hᵀ couples the sliding of t1 with the rolling about t2 (and t2 with t1): a full
 * 6×6 block. q = H v_free with v_free = (V, 0, −g h) and ω_free = (0, V/R, Ω): rolling without
 * slipping, spinning at Ω, pressed down by one step of gravity. Block row 0 is the force block,
 * 1 the torque block.
 */
export function sphereOnPlane(o: SphereOptions): FrictionContactProblem {
  const { m, R } = o, I = 0.4 * m * R * R;
  // Rows of H (normal first): u_n, u_1, u_2, w_1, w_2, w_n against (v_1, v_2, v_n, ω_1, ω_2, ω_n).
  const H = [
    [0, 0, 1, 0, 0, 0],
    [1, 0, 0, 0, -R, 0],
    [0, 1, 0, R, 0, 0],
    [0, 0, 0, 1, 0, 0],
    [0, 0, 0, 0, 1, 0],
    [0, 0, 0, 0, 0, 1],
  ];
  const invM = [1 / m, 1 / m, 1 / m, 1 / I, 1 / I, 1 / I];
  const dense = new Float64Array(36);
  for (let i = 0; i < 6; i++) for (let j = 0; j < 6; j++) for (let d = 0; d < 6; d++) dense[6 * i + j] += H[i][d] * invM[d] * H[j][d];
  const vFree = [o.V, 0, -o.g * o.h, 0, o.V / R, o.Omega];
  const q = Float64Array.from(H, (row) => row.reduce((s, v, d) => s + v * vFree[d], 0));
  return new FrictionContactProblem(BlockSparseMatrix.fromDense(6, dense), q, Float64Array.of(o.mu, 0), 'sphere', {
    force: Int32Array.of(0), torque: Int32Array.of(1), rho: Float64Array.of(o.rho), sigma: Float64Array.of(o.sigma),
  });
}
