import fc from 'fast-check';
import { BlockSparseMatrix, FrictionContactProblem } from '@moreau/core';
import { contactVelocities, randomContactSystem, type ContactLink, type ProblemOptions, type RigidBody } from './rigid-system.js';
import { Rng } from './rng.js';

/** Options of the generators of problems with rolling pairs: those of `randomContactSystem`, and how many contacts resist rolling. */
export interface RollingProblemOptions extends ProblemOptions {
  /** Fraction in [0, 1] of contacts with rolling and spinning resistance (at least one has it). Default 0.5. */
  rolling?: number;
}

/**
 * A random problem with rolling pairs (docs/rolling-resistance.md), deterministic in `seed`:
 * the rigid multibody system of `randomContactSystem` (same bodies, contacts and free
 * velocities for the same seed and options), where a fraction of the contacts also get a
 * torque block, the relative angular velocity of their two bodies in the contact frame,
 * w = F (ω_A − ω_B), F's rows (t1, t2, n) — the angular Jacobian [0 | F] of each body, with
 * the force rows' signs. W = H A⁻¹ Hᵀ over all block rows is exactly symmetric and positive
 * semidefinite, q = H b. The contacts keep block rows 0..nc−1, the torque blocks follow in
 * contact order (the engine's layout), each with μ 0 and ρ, σ lengths drawn from
 * [0, 0.3] and [0, 0.2] (a sixth of them exactly 0, a group forced to zero).
 */
export function randomRollingProblem(seed: number, options: RollingProblemOptions = {}): FrictionContactProblem {
  const system = randomContactSystem(seed, options);
  const nc = system.contacts.length;
  const rng = new Rng((seed ^ 0x5bd1e995) >>> 0);
  const fraction = options.rolling ?? 0.5;
  const force: number[] = [], rho: number[] = [], sigma: number[] = [];
  const links: ContactLink[] = [...system.contacts];
  for (let a = 0; a < nc; a++) {
    if (!(rng.next() < fraction) && !(a === nc - 1 && force.length === 0)) continue;
    const c = system.contacts[a];
    links.push({ ...c, HA: angularOperator(c.frame), HB: c.HB === null ? null : angularOperator(c.frame), duplicateOf: -1 });
    force.push(a);
    rho.push(rng.next() < 1 / 6 ? 0 : rng.uniform(0, 0.3));
    sigma.push(rng.next() < 1 / 6 ? 0 : rng.uniform(0, 0.2));
  }
  const rows = links.length;
  const q = contactVelocities({ contacts: links }, system.b);
  const mu = new Float64Array(rows);
  mu.set(system.problem.mu);
  const torque = Int32Array.from(force, (_, p) => nc + p);
  const name = `random-rolling seed=${seed} contacts=${nc} pairs=${force.length} bodies=${system.bodies.length}`;
  return new FrictionContactProblem(assemble(links, system.bodies), q, mu, name, {
    force: Int32Array.from(force), torque, rho: Float64Array.from(rho), sigma: Float64Array.from(sigma),
  });
}

/** fast-check arbitrary of `randomRollingProblem`s: the contact count drawn by fast-check (so a failure shrinks towards fewer), the rest from the seed. */
export function arbRollingProblem(options: RollingProblemOptions = {}): fc.Arbitrary<FrictionContactProblem> {
  const c = options.contacts ?? [1, 12];
  const contacts = typeof c === 'number' ? fc.constant(c) : fc.integer({ min: c[0], max: c[1] });
  return fc.tuple(contacts, fc.integer({ min: 0, max: 0x7fffffff }))
    .map(([n, seed]) => randomRollingProblem(seed, { ...options, contacts: n }));
}

/**
 * The torque block's 3×6 operator [0 | F'] on a body's [v, ω], F' the frame's rows in the
 * torque block's order (t1, t2, n): the frame is stored normal first.
 */
function angularOperator(frame: Float64Array): Float64Array {
  const H = new Float64Array(18);
  const order = [1, 2, 0];
  for (let i = 0; i < 3; i++) for (let k = 0; k < 3; k++) H[6 * i + 3 + k] = frame[3 * order[i] + k];
  return H;
}

/** W = Σ over bodies of s_a s_b H_a A⁻¹ H_bᵀ over block rows sharing a body, each pair computed once and transposed. */
function assemble(links: ContactLink[], bodies: RigidBody[]): BlockSparseMatrix {
  const n = links.length;
  const sums = new Map<number, Float64Array>();
  const touching = (l: ContactLink) => [[l.bodyA, l.HA, 1], [l.bodyB, l.HB, -1]] as const;
  for (let a = 0; a < n; a++) {
    for (let b = a; b < n; b++) {
      for (const [ba, Ha, sa] of touching(links[a])) for (const [bb, Hb, sb] of touching(links[b])) {
        if (ba < 0 || ba !== bb || Ha === null || Hb === null) continue;
        const Ai = bodies[ba].inverseMass;
        let acc = sums.get(a * n + b);
        if (!acc) sums.set(a * n + b, (acc = new Float64Array(9)));
        // a diagonal block's lower triangle is mirrored below, so W is symmetric to the bit
        for (let i = 0; i < 3; i++) for (let j = a === b ? i : 0; j < 3; j++) {
          let s = 0;
          for (let k = 0; k < 6; k++) for (let m = 0; m < 6; m++) s += Ha[6 * i + k] * Ai[6 * k + m] * Hb[6 * j + m];
          acc[3 * i + j] += sa * sb * s;
        }
      }
    }
  }
  const blocks: { row: number; col: number; values: Float64Array }[] = [];
  for (const [key, v] of sums) {
    const row = Math.floor(key / n), col = key % n;
    if (row === col) { v[3] = v[1]; v[6] = v[2]; v[7] = v[5]; }
    blocks.push({ row, col, values: v });
    if (row !== col) blocks.push({ row: col, col: row, values: Float64Array.of(v[0], v[3], v[6], v[1], v[4], v[7], v[2], v[5], v[8]) });
  }
  return BlockSparseMatrix.fromBlocks(n, blocks);
}
