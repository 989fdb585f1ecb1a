import { MoreauError } from '../contracts/errors.js';
import { BlockSparseMatrix } from './block-sparse-matrix.js';
import { RollingPairs, type RollingPairsInput } from './rolling-pairs.js';

/**
 * The largest friction coefficient a problem may have. The `siconos` error of r = 0 on a
 * sticking contact is about 1/μ of the problem's scale (De Saxcé's term μ‖u_T‖ swamps u_N),
 * so above 1/tolerance every solver would stop at once on r = 0 and the answer check refuse
 * it: at μ = 1e12 no built-in solver could solve one sticking contact. 1e6 leaves the
 * measure its sight down to tolerance 1e-6; real coefficients are below 10, and "no sliding"
 * is μ = 1e3 as well as 1e300.
 */
export const MAX_FRICTION = 1e6;

/**
 * The local three-dimensional frictional contact problem.
 *
 * For `nc` contacts, find reactions r and velocities u in R^{3nc} with
 *
 *     u = W r + q,
 *     r_a ∈ K_a = { ‖r_T‖ ≤ μ_a r_N },
 *     ũ_a = u_a + μ_a ‖u_{a,T}‖ e_N ∈ K_a*   (De Saxcé's modified velocity),
 *     ũ ⟂ r.
 *
 * Every per-contact 3-vector is in the local frame **normal first**: `[N, T1, T2]`.
 * Papers 000, 001 and 004 write the normal last and call q "B" and r "R";
 * solvers translate their formulas, never the data.
 *
 * Construction validates sizes, the diagonal blocks, finiteness and 0 <= μ <= MAX_FRICTION,
 * so a solver receiving a `FrictionContactProblem` can trust it.
 *
 * **Contacts with rolling and spinning resistance** (paper 002, "Modeling Rolling/Spinning";
 * the cone Z of cone/rolling-cone.ts) have six components, [γ_n, γ_t, τ_r, τ_n]. Such a contact
 * is stored as *two* 3×3 block rows of W: its force block, an ordinary `[N, T1, T2]` contact
 * with its μ, and its torque block `[τ_u, τ_w, τ_n]` (entries 3–5 of `ROLLING_CONTACT`), whose
 * μ is 0 and unused. `rolling` (a `RollingPairs`) says which block rows pair up, and gives ρ and
 * σ per pair; its 6×6 block of W is the four blocks (force, torque) × (force, torque). So W stays
 * a matrix of 3×3 blocks and every kernel on it works unchanged: the BSR mat-vec and its
 * WebAssembly kernel, the LUs, the readers' block layout. Only what reads the cones changes: a
 * pair's r lies in Z (not a K_μ per block row), and the law is Z's De Saxcé form
 * (cone/rolling-de-saxce.ts). `contacts` counts block rows, so a pair counts twice there.
 *
 * `rolling` is a field, not a subclass, so a plugin that loads its own copy of core still
 * sees it (`instanceof` would not), and is absent (not even `undefined`) on a problem without
 * pairs: such a problem is exactly the object it was before pairs existed. A solver sees a
 * problem with pairs only when it declares `supports.rolling` (the solver chain refuses it to
 * any other).
 */
export class FrictionContactProblem {
  /** Number of contacts: 3×3 block rows of W (a contact with rolling resistance takes two). */
  readonly contacts: number;
  readonly W: BlockSparseMatrix;
  readonly q: Float64Array;
  readonly mu: Float64Array;
  /** A label for tables and messages (file name, generator seed...). */
  readonly name: string;
  /** The contacts with rolling and spinning resistance; absent when there are none. */
  declare readonly rolling?: RollingPairs;

  /** `rolling`: the pairs of block rows of contacts with resistance (none when absent or empty). */
  constructor(W: BlockSparseMatrix, q: Float64Array, mu: Float64Array, name = 'problem', rolling?: RollingPairsInput) {
    if (!(W instanceof BlockSparseMatrix)) {
      throw new MoreauError('E_PROBLEM_SHAPE', 'W must be a BlockSparseMatrix');
    }
    const nc = W.blockRows;
    if (!(q instanceof Float64Array) || q.length !== 3 * nc) {
      throw new MoreauError('E_PROBLEM_SHAPE', `q must be a Float64Array of length ${3 * nc} (3 per contact), got ${q?.length}`);
    }
    if (!(mu instanceof Float64Array) || mu.length !== nc) {
      throw new MoreauError('E_PROBLEM_SHAPE', `mu must be a Float64Array of length ${nc} (one per contact), got ${mu?.length}`);
    }
    for (let i = 0; i < q.length; i++) {
      if (!Number.isFinite(q[i])) {
        throw new MoreauError('E_NOT_FINITE', `q[${i}] = ${q[i]} (contact ${Math.floor(i / 3)}) is not finite`, { index: i });
      }
    }
    for (let a = 0; a < nc; a++) {
      if (!Number.isFinite(mu[a])) throw new MoreauError('E_NOT_FINITE', `mu[${a}] = ${mu[a]} is not finite`, { index: a });
      if (mu[a] < 0) throw new MoreauError('E_INVALID_MU', `mu[${a}] = ${mu[a]} is negative`, { index: a });
      if (mu[a] > MAX_FRICTION) throw new MoreauError('E_INVALID_MU', tooMuchFriction(`mu[${a}]`, mu[a]), { index: a });
    }
    this.contacts = nc;
    this.W = W;
    this.q = q;
    this.mu = mu;
    this.name = name;
    if (rolling !== undefined) {
      const pairs = new RollingPairs(rolling, nc, mu);
      if (pairs.count > 0) this.rolling = pairs;
    }
  }

  /** Number of scalar unknowns, 3 per contact. */
  get size(): number {
    return 3 * this.contacts;
  }

  /** The same problem with every μ set to zero (frictionless), and every ρ and σ too when it has pairs. */
  frictionless(): FrictionContactProblem {
    const { rolling } = this;
    if (rolling !== undefined) {
      return new FrictionContactProblem(this.W, this.q, new Float64Array(this.contacts), this.name, rolling.withoutResistance());
    }
    return new FrictionContactProblem(this.W, this.q, new Float64Array(this.contacts), this.name);
  }
}

/** The message for a friction coefficient above MAX_FRICTION, at `place`. */
export function tooMuchFriction(place: string, mu: number): string {
  return `${place} = ${mu} is above ${MAX_FRICTION}, the largest friction coefficient accepted: beyond it the siconos `
    + 'measure cannot tell a sticking contact from one left to approach. For "no sliding" use 1e3';
}
