import { BlockSparseMatrix, FrictionContactProblem } from '@moreau/core';
import { Rng } from './rng.js';

/** A number, or an inclusive [min, max] range to draw an integer (or a real, for μ) from. */
export type Range = number | readonly [min: number, max: number];

/** Options of the random problem generators. Every field is optional. */
export interface ProblemOptions {
  /** Number of contacts, or a range. Default [1, 60]. */
  contacts?: Range;
  /** Number of 6-dof rigid bodies, or a range. Default [⌈nc/3⌉, nc]: some problems have more constraints than dofs. */
  bodies?: Range;
  /**
   * 'well': masses in [0.5, 2], compact inertia; 'ill': masses log-uniform over 1e-3..1e3 and
   * principal moments spread over three decades (slender bodies), so W spans many orders. Default 'well'.
   */
  conditioning?: 'well' | 'ill';
  /** Fraction in [0, 1] of contacts that duplicate an earlier one (same bodies, point, frame, μ). Default 0. */
  redundant?: number;
  /** Probability that a contact is between a body and the fixed ground. Default 0.3 (always, with one body). */
  ground?: number;
  /** Friction coefficient, or a range drawn uniformly per contact. Default [0, 1.2]. */
  mu?: Range;
}

/** One rigid body: position, mass, principal moments and A⁻¹ for velocities [v, ω] (6x6 row-major). */
export interface RigidBody {
  position: Float64Array;
  mass: number;
  inertia: Float64Array;
  inverseMass: Float64Array;
}

/**
 * One contact: U = H_A u_A − H_B u_B in the local frame (rows normal, t1, t2), where H is
 * 3x6 row-major and maps a body's [v, ω] to the velocity of the contact point in that frame.
 * The ground has bodyB = −1 and HB = null.
 */
export interface ContactLink {
  bodyA: number;
  bodyB: number;
  point: Float64Array;
  frame: Float64Array;
  HA: Float64Array;
  HB: Float64Array | null;
  /** Index of the earlier contact this one duplicates, or −1. */
  duplicateOf: number;
}

/** A random multibody system and its local problem: W = H A⁻¹ Hᵀ, q = H b. */
export interface RigidContactSystem {
  seed: number;
  problem: FrictionContactProblem;
  bodies: RigidBody[];
  contacts: ContactLink[];
  /** Free body velocities, 6 per body; q = H b. */
  b: Float64Array;
}

function pick(rng: Rng, r: Range): number {
  return typeof r === 'number' ? r : rng.int(r[0], r[1]);
}

/** H = F [I, −[r]×]: the point's velocity v + ω × r, in the frame F (rows n, t1, t2). */
function contactOperator(frame: Float64Array, arm: Float64Array): Float64Array {
  const H = new Float64Array(18);
  const [r0, r1, r2] = arm;
  for (let i = 0; i < 3; i++) {
    const f0 = frame[3 * i], f1 = frame[3 * i + 1], f2 = frame[3 * i + 2];
    H[6 * i] = f0; H[6 * i + 1] = f1; H[6 * i + 2] = f2;
    // row i of −F [r]×, with [r]× = [[0, −r2, r1], [r2, 0, −r0], [−r1, r0, 0]]
    H[6 * i + 3] = -(f1 * r2 - f2 * r1);
    H[6 * i + 4] = -(-f0 * r2 + f2 * r0);
    H[6 * i + 5] = -(f0 * r1 - f1 * r0);
  }
  return H;
}

function randomBody(rng: Rng, box: number, conditioning: 'well' | 'ill'): { body: RigidBody; factor: Float64Array } {
  const position = Float64Array.of(rng.uniform(-box, box), rng.uniform(-box, box), rng.uniform(-box, box));
  const mass = conditioning === 'ill' ? rng.logUniform(-3, 3) : rng.uniform(0.5, 2);
  const inertia = new Float64Array(3);
  for (let k = 0; k < 3; k++) inertia[k] = mass * (conditioning === 'ill' ? rng.logUniform(-3, 0) : rng.uniform(0.05, 0.2));
  // A⁻¹ = C Cᵀ with C = diag(I/√m, Q diag(1/√I_k)), Q a random rotation (columns = principal axes).
  const Q = rng.frame();
  const C = new Float64Array(36);
  const sm = 1 / Math.sqrt(mass);
  C[0] = C[7] = C[14] = sm;
  for (let i = 0; i < 3; i++) for (let k = 0; k < 3; k++) C[6 * (3 + i) + 3 + k] = Q[3 * k + i] / Math.sqrt(inertia[k]);
  const inverseMass = new Float64Array(36);
  for (let i = 0; i < 6; i++) for (let j = 0; j < 6; j++) {
    let s = 0;
    for (let k = 0; k < 6; k++) s += C[6 * i + k] * C[6 * j + k];
    inverseMass[6 * i + j] = s;
  }
  return { body: { position, mass, inertia, inverseMass }, factor: C };
}

/**
 * A random well-posed frictional contact problem from a random system of 6-dof rigid bodies,
 * deterministic in `seed`. Each contact joins two bodies (or a body and the fixed ground) at a
 * random point with a random orthonormal frame (normal first); W = H A⁻¹ Hᵀ is assembled block
 * by block with the contact graph's sparsity, exactly symmetric and positive semidefinite (rank
 * deficient when 3·contacts > 6·bodies or with redundant contacts). q = H b for random body
 * velocities b, so q lies in the range of H, and at least one contact approaches (q_N < 0).
 */
export function randomContactSystem(seed: number, options: ProblemOptions = {}): RigidContactSystem {
  const rng = new Rng(seed);
  const nc = Math.max(1, pick(rng, options.contacts ?? [1, 60]));
  const nb = Math.max(1, pick(rng, options.bodies ?? [Math.max(1, Math.ceil(nc / 3)), nc]));
  const conditioning = options.conditioning ?? 'well';
  const redundant = options.redundant ?? 0;
  const groundProb = options.ground ?? 0.3;
  const muRange = options.mu ?? [0, 1.2];
  const box = Math.max(1, Math.cbrt(nb));

  const bodies: RigidBody[] = [];
  const factors: Float64Array[] = [];
  for (let i = 0; i < nb; i++) {
    const { body, factor } = randomBody(rng, box, conditioning);
    bodies.push(body);
    factors.push(factor);
  }

  const contacts: ContactLink[] = [];
  const mu = new Float64Array(nc);
  for (let a = 0; a < nc; a++) {
    if (a > 0 && redundant > 0 && rng.next() < redundant) {
      const k = rng.int(0, a - 1);
      contacts.push({ ...contacts[k], duplicateOf: k });
      mu[a] = mu[k];
      continue;
    }
    const A = rng.int(0, nb - 1);
    const toGround = nb === 1 || rng.next() < groundProb;
    const B = toGround ? -1 : (A + rng.int(1, nb - 1)) % nb;
    const pa = bodies[A].position;
    const point = new Float64Array(3);
    for (let k = 0; k < 3; k++) {
      point[k] = toGround ? pa[k] + 0.5 * rng.normal() : 0.5 * (pa[k] + bodies[B].position[k]) + 0.2 * rng.normal();
    }
    const frame = rng.frame();
    const arm = (i: number): Float64Array => Float64Array.from(point, (p, k) => p - bodies[i].position[k]);
    contacts.push({
      bodyA: A, bodyB: B, point, frame,
      HA: contactOperator(frame, arm(A)),
      HB: toGround ? null : contactOperator(frame, arm(B)),
      duplicateOf: -1,
    });
    mu[a] = typeof muRange === 'number' ? muRange : rng.uniform(muRange[0], muRange[1]);
  }

  const W = assembleW(nc, nb, contacts, factors);
  const b = new Float64Array(6 * nb);
  for (let i = 0; i < b.length; i++) b[i] = rng.normal();
  const q = contactVelocities({ contacts }, b);
  let approaching = false;
  for (let a = 0; a < nc; a++) if (q[3 * a] < 0) approaching = true;
  if (!approaching) {
    for (let i = 0; i < b.length; i++) b[i] = -b[i];
    for (let i = 0; i < q.length; i++) q[i] = -q[i];
  }
  const name = `random seed=${seed} contacts=${nc} bodies=${nb} ${conditioning}${redundant > 0 ? ` redundant=${redundant}` : ''}`;
  return { seed, problem: new FrictionContactProblem(W, q, mu, name), bodies, contacts, b };
}

/** W_ab = Σ over shared bodies i of (s_a H_ai C_i)(s_b H_bi C_i)ᵀ, each off-diagonal pair computed once and transposed. */
function assembleW(nc: number, nb: number, contacts: ContactLink[], factors: Float64Array[]): BlockSparseMatrix {
  const perBody: { contact: number; L: Float64Array }[][] = Array.from({ length: nb }, () => []);
  contacts.forEach((c, a) => {
    for (const [body, H, sign] of [[c.bodyA, c.HA, 1], [c.bodyB, c.HB, -1]] as const) {
      if (body < 0 || H === null) continue;
      const C = factors[body], L = new Float64Array(18);
      for (let i = 0; i < 3; i++) for (let j = 0; j < 6; j++) {
        let s = 0;
        for (let k = 0; k < 6; k++) s += H[6 * i + k] * C[6 * k + j];
        L[6 * i + j] = sign * s;
      }
      perBody[body].push({ contact: a, L });
    }
  });
  const sums = new Map<number, Float64Array>();
  for (const list of perBody) {
    for (const x of list) for (const y of list) {
      if (x.contact > y.contact) continue;
      const key = x.contact * nc + y.contact;
      let acc = sums.get(key);
      if (!acc) sums.set(key, (acc = new Float64Array(9)));
      for (let i = 0; i < 3; i++) for (let j = 0; j < 3; j++) {
        let s = 0;
        for (let k = 0; k < 6; k++) s += x.L[6 * i + k] * y.L[6 * j + k];
        acc[3 * i + j] += s;
      }
    }
  }
  const blocks: { row: number; col: number; values: Float64Array }[] = [];
  for (const [key, v] of sums) {
    const row = Math.floor(key / nc), col = key % nc;
    blocks.push({ row, col, values: v });
    if (row !== col) blocks.push({ row: col, col: row, values: Float64Array.of(v[0], v[3], v[6], v[1], v[4], v[7], v[2], v[5], v[8]) });
  }
  return BlockSparseMatrix.fromBlocks(nc, blocks);
}

/** U_a = H_A u_A − H_B u_B for body velocities u (6 per body). @returns U, 3 per contact */
export function contactVelocities(system: Pick<RigidContactSystem, 'contacts'>, u: Float64Array, out = new Float64Array(3 * system.contacts.length)): Float64Array {
  system.contacts.forEach((c, a) => {
    for (let i = 0; i < 3; i++) {
      let s = 0;
      for (let k = 0; k < 6; k++) {
        s += c.HA[6 * i + k] * u[6 * c.bodyA + k];
        if (c.HB) s -= c.HB[6 * i + k] * u[6 * c.bodyB + k];
      }
      out[3 * a + i] = s;
    }
  });
  return out;
}

/** Body velocities after the impulses r: u = b + A⁻¹ Hᵀ r (paper 000 eq 2). @returns u, 6 per body */
export function bodyVelocities(system: RigidContactSystem, r: Float64Array, out = new Float64Array(system.b.length)): Float64Array {
  const f = new Float64Array(system.b.length);
  system.contacts.forEach((c, a) => {
    for (let k = 0; k < 6; k++) {
      for (let i = 0; i < 3; i++) {
        f[6 * c.bodyA + k] += c.HA[6 * i + k] * r[3 * a + i];
        if (c.HB) f[6 * c.bodyB + k] -= c.HB[6 * i + k] * r[3 * a + i];
      }
    }
  });
  system.bodies.forEach((body, i) => {
    for (let j = 0; j < 6; j++) {
      let s = system.b[6 * i + j];
      for (let k = 0; k < 6; k++) s += body.inverseMass[6 * j + k] * f[6 * i + k];
      out[6 * i + j] = s;
    }
  });
  return out;
}
