import { BlockSparseMatrix, FrictionContactProblem } from '@moreau/core';
import { seededRandom } from '../ordering.js';

export interface RandomProblemOptions {
  contacts: number;
  /** Rigid bodies (6 dofs each); fewer than contacts·3/6 makes W singular, as in real piles. */
  bodies: number;
  seed: number;
  /** Friction range, uniform. */
  mu?: [number, number];
  /** Fraction of contacts against the fixed ground rather than a second body. */
  ground?: number;
  /** Fraction of contacts with an approaching free normal velocity (q_N < 0). */
  approaching?: number;
  /**
   * Bodies in a row, each contact between a body and one of the next `reach` (a long pile,
   * whose contact graph is deep, as a real bed's is); default: any two bodies.
   */
  reach?: number;
}

/**
 * A multibody-like problem: W = Σ_i H_i M_i⁻¹ H_iᵀ over random rigid bodies with
 * random contact Jacobians H (3x6 per contact and body), so W is symmetric PSD,
 * block sparse along the contact graph, and singular when contacts outnumber dofs/3.
 */
export function randomProblem(o: RandomProblemOptions): FrictionContactProblem {
  const rnd = seededRandom(o.seed);
  const gauss = gaussian(rnd);
  const [muLo, muHi] = o.mu ?? [0.1, 0.8];
  const nb = o.bodies, nc = o.contacts;
  const invMass = Array.from({ length: nb }, () => Array.from({ length: 6 }, () => 0.5 + rnd()));
  // Per contact: the bodies touched and their Jacobians (3x6 row-major), sign included.
  const touch: { body: number; H: Float64Array }[][] = [];
  for (let a = 0; a < nc; a++) {
    const A = Math.floor(rnd() * nb);
    const list = [{ body: A, H: Float64Array.from({ length: 18 }, gauss) }];
    if (rnd() >= (o.ground ?? 0.3) && nb > 1) {
      let B: number;
      if (o.reach !== undefined) B = (A + 1 + Math.floor(rnd() * o.reach)) % nb;
      else {
        B = Math.floor(rnd() * (nb - 1));
        if (B >= A) B++;
      }
      list.push({ body: B, H: Float64Array.from({ length: 18 }, () => -gauss()) });
    }
    touch.push(list);
  }
  const blocks = wBlocks(touch, invMass);
  const W = BlockSparseMatrix.fromBlocks(nc, blocks);
  const { q, mu } = randomLoads(rnd, gauss, nc, o.approaching ?? 0.7, muLo, muHi);
  return new FrictionContactProblem(W, q, mu, `random-${o.seed}`);
}

/** Standard normal draws from uniform ones (Box–Muller, the cosine half). */
function gaussian(rnd: () => number): () => number {
  return () => Math.sqrt(-2 * Math.log(1 - rnd())) * Math.cos(2 * Math.PI * rnd());
}

/** q (a share `approaching` with q_N < 0, tangential parts Gaussian) and μ uniform in [muLo, muHi], contact by contact. */
function randomLoads(rnd: () => number, gauss: () => number, nc: number, approaching: number, muLo: number, muHi: number) {
  const q = new Float64Array(3 * nc);
  const mu = new Float64Array(nc);
  for (let a = 0; a < nc; a++) {
    q[3 * a] = rnd() < approaching ? -rnd() : rnd();
    q[3 * a + 1] = gauss() * 0.5;
    q[3 * a + 2] = gauss() * 0.5;
    mu[a] = muLo + (muHi - muLo) * rnd();
  }
  return { q, mu };
}

/** A block row's Jacobians: the bodies it touches, each with its 3×6 block of H (row-major). */
export type BlockRowJacobians = { body: number; H: Float64Array }[];

/** The blocks of W = Σ_i H_i M_i⁻¹ H_iᵀ, with M_i⁻¹ diagonal (`invMass[i]`, 6 entries): block (a, b) wherever rows a and b share a body. */
export function wBlocks(rows: BlockRowJacobians[], invMass: number[][]): { row: number; col: number; values: Float64Array }[] {
  const blocks: { row: number; col: number; values: Float64Array }[] = [];
  for (let a = 0; a < rows.length; a++) {
    for (let b = 0; b < rows.length; b++) {
      const v = new Float64Array(9);
      let shared = false;
      for (const ta of rows[a]) for (const tb of rows[b]) {
        if (ta.body !== tb.body) continue;
        shared = true;
        const m = invMass[ta.body];
        for (let i = 0; i < 3; i++) for (let j = 0; j < 3; j++) {
          let s = 0;
          for (let d = 0; d < 6; d++) s += ta.H[6 * i + d] * m[d] * tb.H[6 * j + d];
          v[3 * i + j] += s;
        }
      }
      if (shared) blocks.push({ row: a, col: b, values: v });
    }
  }
  return blocks;
}

/**
 * Contacts between spheres (radius 1, unit mass, I = 2/5) with random normals and tangent frames,
 * so every diagonal block is diag(a, b, b) up to rounding, as a pile of spheres gives; a third of
 * the contacts are against the fixed ground. q as in `randomProblem`.
 */
export function sphereProblem(o: { contacts: number; bodies: number; seed: number }): FrictionContactProblem {
  const rnd = seededRandom(o.seed);
  const gauss = gaussian(rnd);
  const unit = (v: number[]) => { const l = Math.hypot(...v); return v.map((x) => x / l); };
  const cross = (a: number[], b: number[]) => [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]];
  const rows: BlockRowJacobians[] = [];
  for (let a = 0; a < o.contacts; a++) {
    const n = unit([gauss(), gauss(), gauss()]);
    const t1 = unit(cross(n, Math.abs(n[0]) < 0.9 ? [1, 0, 0] : [0, 1, 0])), t2 = cross(n, t1);
    // Row e (of n, t1, t2) of u_A − u_B: A's point is at +n from its centre, B's at −n, so
    // e·(v + ω × arm) gives [e, n × e] for A and [−e, n × e] for B.
    const jacobian = (side: number) => Float64Array.from([n, t1, t2].flatMap((e) => [...e.map((x) => side * x), ...cross(n, e)]));
    const A = Math.floor(rnd() * o.bodies);
    const row = [{ body: A, H: jacobian(1) }];
    if (rnd() >= 1 / 3 && o.bodies > 1) {
      let B = Math.floor(rnd() * (o.bodies - 1));
      if (B >= A) B++;
      row.push({ body: B, H: jacobian(-1) });
    }
    rows.push(row);
  }
  const invMass = Array.from({ length: o.bodies }, () => [1, 1, 1, 2.5, 2.5, 2.5]);
  const W = BlockSparseMatrix.fromBlocks(o.contacts, wBlocks(rows, invMass));
  const { q, mu } = randomLoads(rnd, gauss, o.contacts, 0.7, 0.1, 0.8);
  return new FrictionContactProblem(W, q, mu, `spheres-${o.seed}`);
}
