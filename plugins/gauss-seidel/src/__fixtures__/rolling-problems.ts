import { BlockSparseMatrix, FrictionContactProblem } from '@moreau/core';
import { seededRandom } from '../ordering.js';
import { wBlocks } from './random-problem.js';

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
