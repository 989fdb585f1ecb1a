import { BlockSparseMatrix, FrictionContactProblem, type z } from '@moreau/core';
import { Rng } from '@moreau/conformance';
import { gpminres, gpminresOptions, mprgp, mprgpOptions } from '../index.js';
import { testContext } from './context.js';

/**
 * A frictionless problem whose W_NN is the dense symmetric `N` (nc × nc, row-major) and q_N = b.
 * Each block W_ab is N_ab on its diagonal, plus tangential couplings `t · N_ab` (first tangential
 * row and column), which change u_T but never the answer (r_T = 0): the solvers must read the
 * normal entries only.
 */
export function frictionlessProblem(N: number[], b: number[], t = 0.25, name = 'dense'): FrictionContactProblem {
  const nc = b.length;
  const blocks = [];
  for (let a = 0; a < nc; a++) {
    for (let c = 0; c < nc; c++) {
      const v = N[a * nc + c];
      if (v === 0 && a !== c) continue;
      blocks.push({ row: a, col: c, values: [v, t * v, 0, t * v, v, 0, 0, 0, v] });
    }
  }
  const q = new Float64Array(3 * nc);
  for (let a = 0; a < nc; a++) { q[3 * a] = b[a]; q[3 * a + 1] = 0.5 * (a + 1); q[3 * a + 2] = -0.25; }
  return new FrictionContactProblem(BlockSparseMatrix.fromBlocks(nc, blocks), q, new Float64Array(nc), name);
}

/** The normal entries r_N of a full reaction vector. */
export const normals = (r: Float64Array): number[] => Array.from({ length: r.length / 3 }, (_, a) => r[3 * a]);

/** A fresh solver of either plugin with these options (defaults filled), and its event bus. */
export function solverOf(name: 'gpminres' | 'mprgp', opts: z.input<typeof gpminresOptions> & z.input<typeof mprgpOptions> = {}) {
  const ctx = testContext();
  const solver = name === 'gpminres'
    ? gpminres.create(gpminresOptions.parse(opts), ctx)
    : mprgp.create(mprgpOptions.parse(opts), ctx);
  return { solver, events: ctx.events };
}

export const catchError = (f: () => unknown): unknown => {
  try {
    f();
  } catch (e) {
    return e;
  }
  return undefined;
};

/** A frictionless problem built around a known solution, and what bounds its error. */
export interface PlantedProblem {
  problem: FrictionContactProblem;
  /** The solution r_N* (0 at the active contacts). */
  x: number[];
  /** κ of the error bound ‖x − x*‖ ≤ κ ‖min(x, N x + b)‖ (see `planted`). */
  kappa: number;
}

/**
 * A frictionless problem of `nc` contacts with a known, strictly complementary solution:
 * N = B Bᵀ + δ I (B uniform in [−1, 1]), about half the contacts active (x* = 0, g* in
 * [0.5, 2]), the others free (x* in [0.5, 2], g* = 0), b = g* − N x*. Then λ_min(N) ≥ δ and
 * λ_max(N) ≤ ‖B‖_F² + δ, so every r obeys ‖x − x*‖ ≤ κ ‖min(x, N x + b)‖ with κ = (1 + λ_max)/λ_min
 * (the natural-map error bound of a strongly monotone problem).
 */
export function planted(seed: number, nc: number, delta = 0.1): PlantedProblem {
  const rng = new Rng(seed);
  const B = Array.from({ length: nc * nc }, () => rng.uniform(-1, 1));
  const N: number[] = [];
  for (let i = 0; i < nc; i++) {
    for (let j = 0; j < nc; j++) {
      let s = i === j ? delta : 0;
      for (let k = 0; k < nc; k++) s += B[i * nc + k] * B[j * nc + k];
      N.push(s);
    }
  }
  const x: number[] = [], g: number[] = [];
  for (let i = 0; i < nc; i++) {
    const active = rng.next() < 0.5;
    x.push(active ? 0 : rng.uniform(0.5, 2));
    g.push(active ? rng.uniform(0.5, 2) : 0);
  }
  const b = g.map((gi, i) => gi - x.reduce((s, xj, j) => s + N[i * nc + j] * xj, 0));
  const frob = B.reduce((s, v) => s + v * v, 0);
  return { problem: frictionlessProblem(N, b, 0.25, `planted seed ${seed}`), x, kappa: (1 + frob + delta) / delta };
}
