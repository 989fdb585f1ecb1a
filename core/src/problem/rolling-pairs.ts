import { MoreauError } from '../contracts/errors.js';

/**
 * The largest rolling or spinning resistance (ρ, σ, a length) a problem may have. The bound
 * and its reason are MAX_FRICTION's: De Saxcé's shift ρ‖w_r‖ + σ|w_n| plays the part of
 * μ‖u_T‖, so above 1/tolerance the `siconos` error of r = 0 on a contact held still is below
 * any tolerance. Real resistances are a fraction of a contact radius; in any consistent units
 * they are far below 1e6.
 */
export const MAX_RESISTANCE = 1e6;

/**
 * What a caller gives for the contacts with rolling and spinning resistance: one entry per
 * contact (a *pair* of block rows of W), index p.
 */
export interface RollingPairsInput {
  /** Block row of pair p's force block [N, T1, T2] (its μ is `mu[force[p]]`). */
  readonly force: Int32Array;
  /** Block row of pair p's torque block [τ_u, τ_w, τ_n]. */
  readonly torque: Int32Array;
  /** Rolling resistance ρ of pair p (a length, ≥ 0). */
  readonly rho: Float64Array;
  /** Spinning resistance σ of pair p (a length, ≥ 0). */
  readonly sigma: Float64Array;
}

/**
 * The contacts with rolling and spinning resistance of a `FrictionContactProblem`, checked
 * (see there for why each takes two 3×3 block rows of W). Pair p's six entries are its force
 * block followed by its torque block, which is exactly the layout `ROLLING_CONTACT` of the
 * cone kernels: γ_n, γ_t (2), τ_r (2), τ_n; velocities alike (u_n, u_t, w_r, w_n).
 *
 * Checks, in order, each a MoreauError naming the pair or block row in `where.index`, and the
 * field in `where.path` (`['rho', p]`; `['mu', row]` for a torque block's μ), so a reader can
 * name the place in its file:
 * the four arrays of one length (E_PROBLEM_SHAPE); every row an integer in 0..nc−1, used by at
 * most one pair and in one role (E_PROBLEM_SHAPE); ρ, σ finite (E_NOT_FINITE) and in
 * [0, MAX_RESISTANCE] (E_INVALID_MU); μ of a torque block 0 (E_INVALID_MU: it is unused, and a
 * nonzero value would say the block were a contact).
 */
export class RollingPairs implements RollingPairsInput {
  /** Number of contacts with resistance. */
  readonly count: number;
  readonly force: Int32Array;
  readonly torque: Int32Array;
  readonly rho: Float64Array;
  readonly sigma: Float64Array;
  /** Per block row: the pair it belongs to (as its force or its torque block), or −1 for an ordinary contact. */
  readonly pairOf: Int32Array;
  /** Per block row: 1 for a torque block, else 0. */
  readonly isTorque: Uint8Array;

  constructor(input: RollingPairsInput, blockRows: number, mu: Float64Array) {
    const { force, torque, rho, sigma } = checkArrays(input);
    const count = force.length;
    const pairOf = new Int32Array(blockRows).fill(-1);
    const isTorque = new Uint8Array(blockRows);
    for (let p = 0; p < count; p++) {
      for (const [row, role] of [[force[p], 'force'], [torque[p], 'torque']] as const) {
        if (!Number.isInteger(row) || row < 0 || row >= blockRows) {
          throw new MoreauError('E_PROBLEM_SHAPE', `rolling pair ${p}: its ${role} block row ${row} is outside 0..${blockRows - 1}`, { index: p, path: [role, p] });
        }
        if (pairOf[row] >= 0) {
          const other = pairOf[row];
          throw new MoreauError('E_PROBLEM_SHAPE',
            `rolling pair ${p}: block row ${row} is already the ${isTorque[row] ? 'torque' : 'force'} block of pair ${other}; each block row belongs to at most one pair, in one role`,
            { index: p, path: [role, p] });
        }
        pairOf[row] = p;
        if (role === 'torque') isTorque[row] = 1;
      }
      checkResistance('rho', p, rho[p]);
      checkResistance('sigma', p, sigma[p]);
      if (mu[torque[p]] !== 0) {
        throw new MoreauError('E_INVALID_MU',
          `mu[${torque[p]}] = ${mu[torque[p]]}, but block row ${torque[p]} is the torque block of rolling pair ${p}: its μ is unused and must be 0 (the pair's μ is mu[${force[p]}])`,
          { index: torque[p], path: ['mu', torque[p]] });
      }
    }
    this.count = count;
    this.force = force;
    this.torque = torque;
    this.rho = rho;
    this.sigma = sigma;
    this.pairOf = pairOf;
    this.isTorque = isTorque;
  }

  /** The same pairs with ρ = σ = 0 (no rolling or spinning resistance: the torques are forced to 0). */
  withoutResistance(): RollingPairsInput {
    return { force: this.force, torque: this.torque, rho: new Float64Array(this.count), sigma: new Float64Array(this.count) };
  }
}

function checkArrays(input: RollingPairsInput): RollingPairsInput {
  if (typeof input !== 'object' || input === null) {
    throw new MoreauError('E_PROBLEM_SHAPE', 'rolling must be { force, torque, rho, sigma }');
  }
  const { force, torque, rho, sigma } = input;
  if (!(force instanceof Int32Array)) throw new MoreauError('E_PROBLEM_SHAPE', 'rolling.force must be an Int32Array (the force block row of each pair)');
  const count = force.length;
  const same = (name: string, a: unknown, type: typeof Int32Array | typeof Float64Array): void => {
    if (!(a instanceof type) || a.length !== count) {
      throw new MoreauError('E_PROBLEM_SHAPE',
        `rolling.${name} must be a ${type.name} of length ${count} (one per pair, as rolling.force), got ${(a as { length?: number } | undefined)?.length}`);
    }
  };
  same('torque', torque, Int32Array);
  same('rho', rho, Float64Array);
  same('sigma', sigma, Float64Array);
  return input;
}

function checkResistance(name: 'rho' | 'sigma', p: number, v: number): void {
  const where = { index: p, path: [name, p] };
  if (!Number.isFinite(v)) throw new MoreauError('E_NOT_FINITE', `rolling.${name}[${p}] = ${v} is not finite`, where);
  if (v < 0) throw new MoreauError('E_INVALID_MU', `rolling.${name}[${p}] = ${v} is negative: a resistance is a length >= 0`, where);
  if (v > MAX_RESISTANCE) {
    throw new MoreauError('E_INVALID_MU',
      `rolling.${name}[${p}] = ${v} is above ${MAX_RESISTANCE}, the largest resistance accepted: beyond it the siconos measure cannot tell a contact held still from one left to move`,
      where);
  }
}

/**
 * Copies pair p's six entries of x (its force block, then its torque block) to out[o..o+5]:
 * the `ROLLING_CONTACT` layout the cone kernels read. @returns out
 */
export function gatherPair(out: Float64Array, o: number, x: Readonly<Float64Array>, pairs: RollingPairs, p: number): Float64Array {
  const f = 3 * pairs.force[p], t = 3 * pairs.torque[p];
  out[o] = x[f]; out[o + 1] = x[f + 1]; out[o + 2] = x[f + 2];
  out[o + 3] = x[t]; out[o + 4] = x[t + 1]; out[o + 5] = x[t + 2];
  return out;
}

/** Writes v[o..o+5] (the `ROLLING_CONTACT` layout) back to pair p's two blocks of x. @returns x */
export function scatterPair(x: Float64Array, pairs: RollingPairs, p: number, v: Readonly<Float64Array>, o: number): Float64Array {
  const f = 3 * pairs.force[p], t = 3 * pairs.torque[p];
  x[f] = v[o]; x[f + 1] = v[o + 1]; x[f + 2] = v[o + 2];
  x[t] = v[o + 3]; x[t + 1] = v[o + 4]; x[t + 2] = v[o + 5];
  return x;
}
