import fc from 'fast-check';
import { BlockSparseMatrix, FrictionContactProblem } from '@moreau/core';
import { Rng } from './rng.js';

/**
 * Small problems whose solution is known in closed form, normal first. Every W is
 * symmetric positive definite with eigenvalues in s·[1/2, 2] for a scale s, so each
 * problem has exactly one solution:
 *
 *  - one contact with W decoupled (W_NT = 0, W_TT SPD): the normal part is a scalar
 *    complementarity problem and the tangential one the minimisation of a strictly convex
 *    quadratic over the disc ‖r_T‖ <= μ r_N. Separation (q_N > 0: r = 0), sticking
 *    (q = −W r* with r* inside K: u = 0) and sliding (r* on the boundary, u* = [0, −γ t̂]
 *    with t̂ = r*_T/‖r*_T‖: the slip opposes the friction force) follow;
 *  - frictionless (μ = 0, so r_T = 0): the normal LCP 0 <= r_N ⟂ W_NN r_N + q_N >= 0,
 *    in closed form for one contact and for block-diagonal W, and by enumerating the
 *    four active sets for two coupled contacts (W_NN is then a 2x2 P-matrix).
 */

export type AnalyticKind = 'separation' | 'stick' | 'slide' | 'lcp-one' | 'lcp-two' | 'lcp-diagonal';

export interface AnalyticCase {
  kind: AnalyticKind;
  label: string;
  problem: FrictionContactProblem;
  r: Float64Array;
  u: Float64Array;
  /** λ_min and λ_max of W. */
  lambdaMin: number;
  lambdaMax: number;
}

/** Scale of W and of the reactions: 10^e for e drawn in [-2, 2]. */
const logScale = (rng: Rng): number => 10 ** rng.uniform(-2, 2);

/** A rotation of R^n as n x n row-major (Gram-Schmidt on a Gaussian matrix). */
function randomOrthogonal(rng: Rng, n: number): Float64Array {
  const Q = new Float64Array(n * n);
  for (let i = 0; i < n; i++) {
    for (;;) {
      for (let j = 0; j < n; j++) Q[i * n + j] = rng.normal();
      for (let k = 0; k < i; k++) {
        let d = 0;
        for (let j = 0; j < n; j++) d += Q[i * n + j] * Q[k * n + j];
        for (let j = 0; j < n; j++) Q[i * n + j] -= d * Q[k * n + j];
      }
      let len = 0;
      for (let j = 0; j < n; j++) len += Q[i * n + j] ** 2;
      len = Math.sqrt(len);
      if (len > 1e-3) {
        for (let j = 0; j < n; j++) Q[i * n + j] /= len;
        break;
      }
    }
  }
  return Q;
}

/** Qᵀ diag(lambda) Q, n x n row-major (exactly symmetric). */
function spd(Q: Float64Array, lambda: number[]): Float64Array {
  const n = lambda.length, A = new Float64Array(n * n);
  for (let i = 0; i < n; i++) for (let j = i; j < n; j++) {
    let s = 0;
    for (let k = 0; k < n; k++) s += Q[k * n + i] * lambda[k] * Q[k * n + j];
    A[i * n + j] = A[j * n + i] = s;
  }
  return A;
}

function mul(A: Float64Array, x: Float64Array, n: number): Float64Array {
  const y = new Float64Array(n);
  for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) y[i] += A[i * n + j] * x[j];
  return y;
}

function eigenvalues(rng: Rng, n: number, s: number): number[] {
  return Array.from({ length: n }, () => s * 2 ** rng.uniform(-1, 1));
}

function finish(kind: AnalyticKind, seed: number, W: BlockSparseMatrix, q: Float64Array, mu: Float64Array, r: Float64Array, lambda: number[]): AnalyticCase {
  const u = mul(W.toDense(), r, W.size);
  for (let i = 0; i < u.length; i++) u[i] += q[i];
  const label = `analytic ${kind} seed=${seed} contacts=${W.blockRows}`;
  return { kind, label, problem: new FrictionContactProblem(W, q, mu, label), r, u, lambdaMin: Math.min(...lambda), lambdaMax: Math.max(...lambda) };
}

/** One contact with W = s·diag(w_N, W_TT), W_TT a rotated diag(a, b). */
function oneContact(kind: 'separation' | 'stick' | 'slide', seed: number, friction: boolean): AnalyticCase {
  const rng = new Rng(seed);
  const s = logScale(rng), lambda = eigenvalues(rng, 3, s);
  const th = rng.uniform(0, Math.PI), c = Math.cos(th), d = Math.sin(th);
  const [wn, a, b] = lambda;
  const block = Float64Array.of(wn, 0, 0, 0, c * c * a + d * d * b, c * d * (a - b), 0, c * d * (a - b), d * d * a + c * c * b);
  const W = BlockSparseMatrix.fromBlocks(1, [{ row: 0, col: 0, values: block }]);
  const mu = friction ? (kind === 'separation' && rng.next() < 0.2 ? 0 : rng.uniform(0.05, 1.2)) : 0;
  const phi = rng.uniform(0, 2 * Math.PI), t1 = Math.cos(phi), t2 = Math.sin(phi);
  const scaleR = logScale(rng);
  const r = new Float64Array(3), q = new Float64Array(3);
  if (kind === 'separation') {
    // q_N > μ‖q_T‖: r = 0 solves both the Coulomb and the relaxed problem.
    const qn = scaleR * rng.uniform(0.1, 1);
    const qt = mu > 0 ? rng.uniform(0, 0.95) * qn / mu : scaleR * rng.uniform(0, 1);
    q[0] = qn; q[1] = qt * t1; q[2] = qt * t2;
  } else {
    r[0] = scaleR * rng.uniform(0.1, 1);
    const f = kind === 'stick' ? rng.uniform(0, 0.9) : 1;
    r[1] = f * mu * r[0] * t1; r[2] = f * mu * r[0] * t2;
    const Wr = mul(block, r, 3);
    const gamma = kind === 'slide' ? s * scaleR * rng.uniform(0.01, 1) : 0;
    q[0] = -Wr[0]; q[1] = -gamma * t1 - Wr[1]; q[2] = -gamma * t2 - Wr[2];
  }
  return finish(kind, seed, W, q, Float64Array.of(mu), r, lambda);
}

/** Frictionless problems with a closed-form or enumerated LCP solution. */
function frictionless(kind: 'lcp-one' | 'lcp-two' | 'lcp-diagonal', seed: number): AnalyticCase {
  const rng = new Rng(seed);
  const s = logScale(rng), scaleQ = logScale(rng);
  const nc = kind === 'lcp-one' ? 1 : kind === 'lcp-two' ? 2 : rng.int(2, 12);
  const q = Float64Array.from({ length: 3 * nc }, () => scaleQ * rng.normal());
  const r = new Float64Array(3 * nc);
  const lambdaAll: number[] = [];
  let W: BlockSparseMatrix;
  if (kind === 'lcp-two') {
    const lambda = eigenvalues(rng, 6, s);
    lambdaAll.push(...lambda);
    const A = spd(randomOrthogonal(rng, 6), lambda);
    W = BlockSparseMatrix.fromDense(6, A);
    const [rn0, rn1] = solveLcp2(A[0], A[3], A[18], A[21], q[0], q[3]);
    r[0] = rn0; r[3] = rn1;
  } else {
    const blocks = [];
    for (let a = 0; a < nc; a++) {
      const lambda = eigenvalues(rng, 3, s);
      lambdaAll.push(...lambda);
      const B = spd(randomOrthogonal(rng, 3), lambda);
      blocks.push({ row: a, col: a, values: B });
      r[3 * a] = Math.max(0, -q[3 * a] / B[0]);
    }
    W = BlockSparseMatrix.fromBlocks(nc, blocks);
  }
  return finish(kind, seed, W, q, new Float64Array(nc), r, lambdaAll);
}

/**
 * The solution of the 2x2 LCP 0 <= x ⟂ M x + b >= 0, M = [[m00, m01], [m10, m11]] a P-matrix,
 * by trying the active sets {}, {0}, {1}, {0, 1}: exactly one satisfies both signs.
 */
export function solveLcp2(m00: number, m01: number, m10: number, m11: number, b0: number, b1: number): [number, number] {
  const det = m00 * m11 - m01 * m10;
  const candidates: [number, number][] = [
    [0, 0],
    [-b0 / m00, 0],
    [0, -b1 / m11],
    [(-b0 * m11 + m01 * b1) / det, (-m00 * b1 + m10 * b0) / det],
  ];
  let best: [number, number] = candidates[0], bestViolation = Infinity;
  for (const x of candidates) {
    const w0 = m00 * x[0] + m01 * x[1] + b0, w1 = m10 * x[0] + m11 * x[1] + b1;
    // Rounding can leave the right candidate a hair negative: pick the least violating.
    const violation = Math.max(0, -x[0], -x[1], -w0, -w1);
    if (violation < bestViolation) { best = x; bestViolation = violation; }
  }
  return [Math.max(0, best[0]), Math.max(0, best[1])];
}

/** fast-check arbitrary of analytic cases of the given kinds (built from a seed, so a case replays from its label). */
export function arbAnalyticCase(kinds: readonly AnalyticKind[], options: { friction?: boolean } = {}): fc.Arbitrary<AnalyticCase> {
  const friction = options.friction ?? true;
  return fc.tuple(fc.constantFrom(...kinds), fc.integer({ min: 0, max: 0x7fffffff })).map(([kind, seed]) =>
    kind === 'separation' || kind === 'stick' || kind === 'slide' ? oneContact(kind, seed, friction) : frictionless(kind, seed));
}
