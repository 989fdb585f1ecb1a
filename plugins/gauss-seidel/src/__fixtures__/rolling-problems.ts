import { BlockSparseMatrix, FrictionContactProblem } from '@moreau/core';
import { seededRandom } from '../ordering.js';
import { wBlocks } from './random-problem.js';

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
 * A solid ball on a fixed plane, one time step: the contact point sits at −R n below the
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

export interface RandomRollingOptions {
  contacts: number;
  bodies: number;
  seed: number;
  /** Fraction of contacts with rolling and spinning resistance. */
  rolling: number;
}

/**
 * A multibody-like problem with rolling pairs: random rigid bodies (6 dofs, diagonal inverse
 * mass), each contact touching one body or two with random 3×6 force Jacobians; a contact with
 * resistance adds a torque block with a random 3×3 Jacobian on the angular dofs only (relative
 * angular velocity, opposite signs on the two bodies). W = Σ H M⁻¹ Hᵀ is symmetric PSD. The
 * contacts are block rows 0..nc−1; the torque blocks follow, in the order of their contacts.
 */
export function randomRollingProblem(o: RandomRollingOptions): FrictionContactProblem {
  const rnd = seededRandom(o.seed);
  const gauss = () => Math.sqrt(-2 * Math.log(1 - rnd())) * Math.cos(2 * Math.PI * rnd());
  const invMass = Array.from({ length: o.bodies }, () => Array.from({ length: 6 }, () => 0.5 + rnd()));
  const rows: { body: number; H: Float64Array }[][] = [];
  const force: number[] = [], torque: number[] = [], rho: number[] = [], sigma: number[] = [];
  const torqueRows: { body: number; H: Float64Array }[][] = [];
  for (let a = 0; a < o.contacts; a++) {
    const A = Math.floor(rnd() * o.bodies);
    let B = -1;
    if (rnd() >= 0.3 && o.bodies > 1) {
      B = Math.floor(rnd() * (o.bodies - 1));
      if (B >= A) B++;
    }
    const touched = B < 0 ? [[A, 1]] : [[A, 1], [B, -1]];
    rows.push(touched.map(([body, s]) => ({ body, H: Float64Array.from({ length: 18 }, () => s * gauss()) })));
    if (rnd() < o.rolling) {
      const E = Float64Array.from({ length: 9 }, gauss);
      torqueRows.push(touched.map(([body, s]) => ({ body, H: Float64Array.from({ length: 18 }, (_, k) => (k % 6 < 3 ? 0 : s * E[3 * Math.floor(k / 6) + (k % 6) - 3])) })));
      force.push(a);
      rho.push(0.05 + 0.25 * rnd());
      sigma.push(0.02 + 0.18 * rnd());
    }
  }
  const nc = o.contacts + torqueRows.length;
  for (let p = 0; p < torqueRows.length; p++) torque.push(o.contacts + p);
  const all = [...rows, ...torqueRows];
  const blocks = wBlocks(all, invMass);
  const q = new Float64Array(3 * nc), mu = new Float64Array(nc);
  for (let a = 0; a < nc; a++) {
    const contact = a < o.contacts;
    q[3 * a] = contact ? (rnd() < 0.7 ? -rnd() : rnd()) : 0.5 * gauss();
    q[3 * a + 1] = 0.5 * gauss();
    q[3 * a + 2] = 0.5 * gauss();
    mu[a] = contact ? 0.1 + 0.7 * rnd() : 0;
  }
  return new FrictionContactProblem(BlockSparseMatrix.fromBlocks(nc, blocks), q, mu, `random-rolling-${o.seed}`, {
    force: Int32Array.from(force), torque: Int32Array.from(torque), rho: Float64Array.from(rho), sigma: Float64Array.from(sigma),
  });
}
