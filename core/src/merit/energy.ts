import { z } from 'zod';
import { bsrMul } from '../linalg/bsr-matvec.js';
import { invert3 } from '../linalg/block3.js';
import { growF64 } from '../linalg/grow.js';
import { cOmegaContact } from '../cone/c-omega.js';
import { isSafeSumOfSquares } from '../cone/hypot2.js';
import type { FrictionContactProblem } from '../problem/friction-contact-problem.js';
import type { MeritFunction } from '../contracts/solver.js';
import { defineMerit } from '../contracts/define.js';
import { DBL_EPSILON } from '../linalg/constants.js';

/**
 * The spurious-energy merit of paper 000 eq 40:
 *
 *     g(R) = Σ_a <W_aa⁻¹ C_a(R), C_a(R)>  /  Σ_a <W_aa⁻¹ q_a, q_a>,
 *
 * with C(R) = F(U) + proj_K°(R − F(U)), U = W R + q, the **unsmoothed** constraint
 * function of eq 15 (C_ω of eq 41 with ω = 0). Paper 000 §5 defines g with C, not
 * C_ω, and Algorithm 1 stops on g(R) < γ whatever ω the iteration uses, so the merit
 * is zero exactly at a solution and is comparable across solvers.
 * The denominator is the kinetic energy of the free relative motion (q is "B" there).
 *
 * Choices where the paper assumes a well-posed problem:
 * - A diagonal block whose symmetric part is not positive definite (a contact nothing
 *   moves, or a malformed file) is weighted by (1/max|diag|) I instead of its inverse,
 *   the rule of `invertDiagonalBlocks`, so every term stays >= 0 and zero only for C_a = 0.
 * - When the denominator is at most `floor` (0 unless given; q = 0, where r = 0 solves the
 *   problem, always qualifies) the numerator is returned unnormalised, as Solfec's
 *   MERIT_Function divides by 1 when its free energy is 0 and Siconos's error is absolute
 *   when its scale is at most DBL_EPSILON; the value is still >= 0 and zero exactly at a
 *   solution, never NaN. The registered plugin sets floor = DBL_EPSILON: a free energy
 *   that small is rounding (bodies in contact moving together, where Solfec's free
 *   velocity is exactly 0), and dividing by it asks a solver for 1e-8 of the rounding,
 *   which an absolute smoothing width (PQN's ω) cannot give. Without a floor the value
 *   is homogeneous of degree 0 in (q, r).
 * - Sums that overflow or underflow are redone on C and q scaled by max(|C|, |q|), so the
 *   value is the same at |q| = 1e200 (and, without a floor, 1e-300) as at |q| = 1.
 * - A `u` passed in is trusted to be W r + q (it saves a mat-vec); a non-finite r or u gives
 *   Infinity.
 */
/** `EnergyMerit.evaluateUnlessAbove`'s answer for a merit certainly above the bound (a merit is never negative). */
export const MERIT_ABOVE = -1;

export class EnergyMerit implements MeritFunction {
  readonly name = 'energy';
  // Views of the problem's length on buffers that grow and never shrink: fresh arrays at every
  // new contact count (every step of a simulation) set off full garbage collections at scale.
  private u: Float64Array = new Float64Array(0);
  private c: Float64Array = new Float64Array(0);
  private winv: Float64Array = new Float64Array(0);
  /** The diagonal blocks `winv` was computed from (NaN: none yet). */
  private weighed: Float64Array = new Float64Array(0);
  private uStore: Float64Array = new Float64Array(0);
  private cStore: Float64Array = new Float64Array(0);
  private winvStore: Float64Array = new Float64Array(0);
  private weighedStore: Float64Array = new Float64Array(0);

  /** @param floor free energies at or below this give the absolute numerator (see above); read by solvers that compute the merit themselves */
  constructor(readonly floor = 0) {}

  evaluate(problem: FrictionContactProblem, r: Float64Array, uIn?: Float64Array): number {
    return this.evaluateUnlessAbove(problem, r, uIn, Infinity);
  }

  /**
   * The merit, or MERIT_ABOVE as soon as the first terms of its numerator prove it is above
   * `bound`: every term <W_aa⁻¹ C_a, C_a> is >= 0, so a partial sum bounds the numerator from
   * below, and the free energy, summed first, fixes the divisor. Far from convergence a few
   * contacts settle it (Gauss–Seidel's stopping screen asks this at every sweep). Any other
   * answer is `evaluate`'s value, to the bit: the same sums in the same order. Where the free
   * energy needs rescaling (see above) there is no early answer.
   */
  evaluateUnlessAbove(problem: FrictionContactProblem, r: Float64Array, uIn: Float64Array | undefined, bound: number): number {
    const n = problem.size, nc = problem.contacts;
    if (this.c.length !== n || this.winv.length !== 9 * nc) this.resize(n, nc);
    const { W, q, mu } = problem;
    let u = uIn;
    if (u === undefined || u.length !== n) {
      u = bsrMul(W, r, this.u);
      for (let i = 0; i < n; i++) u[i] += q[i];
    }
    const { c, winv } = this;
    this.weigh(W, nc);
    let den = 0;
    for (let a = 0; a < nc; a++) den += quadraticForm(winv, 9 * a, q, 3 * a, 1);
    const stop = bound < Infinity && isSafeSumOfSquares(den) ? bound * (den > this.floor ? den : 1) : Infinity;
    let num = 0;
    for (let a = 0; a < nc; a++) {
      cOmegaContact(u, r, a, mu[a], 0, c, null, null);
      num += quadraticForm(winv, 9 * a, c, 3 * a, 1);
      if (num > stop) return MERIT_ABOVE;
    }
    // The ratio does not change when C and q are scaled together: where a sum overflowed
    // (|q| ≳ 1e154) or may have underflowed (≲ 1e-145, or 0), sum again on C/m and q/m,
    // m = max(|C|, |q|); m = 0 means both are truly zero.
    let absolute = !(den > this.floor);
    if (!isSafeSumOfSquares(num) || !isSafeSumOfSquares(den)) {
      const m = Math.max(maxAbs(c), maxAbs(q));
      if (m > 0 && m < Infinity) {
        num = 0; den = 0;
        for (let a = 0; a < nc; a++) {
          num += quadraticForm(winv, 9 * a, c, 3 * a, 1 / m);
          den += quadraticForm(winv, 9 * a, q, 3 * a, 1 / m);
        }
        // the true free energy is den m² (compared without forming it, which may overflow);
        // below the floor, or q = 0 (no scale of its own), the numerator is returned as it is
        absolute = den === 0 || den <= this.floor / (m * m);
        if (absolute) num *= m * m;
      }
    }
    const value = absolute ? num : num / den;
    if (Number.isNaN(value)) return Infinity;
    // Each term is >= 0 in exact arithmetic; rounding must not make the sum negative.
    return value > 0 ? value : 0;
  }

  /**
   * Views of n and 9 nc numbers. The weights kept from an earlier problem stay with the values
   * they were computed from, which `weigh` compares before it reuses any.
   */
  private resize(n: number, nc: number): void {
    this.uStore = growF64(this.uStore, n);
    this.cStore = growF64(this.cStore, n);
    if (this.winvStore.length < 9 * nc) {
      this.winvStore = growF64(this.winvStore, 9 * nc);
      this.weighedStore = new Float64Array(this.winvStore.length).fill(NaN);
    }
    this.u = this.uStore.subarray(0, n);
    this.c = this.cStore.subarray(0, n);
    this.winv = this.winvStore.subarray(0, 9 * nc);
    this.weighed = this.weighedStore.subarray(0, 9 * nc);
  }

  /**
   * The weights W_aa⁻¹ (or the identity rule) into `winv`, recomputed only for blocks that
   * differ from those of the last call: a solver evaluates the merit at every iteration on
   * one W, and Solfec likewise inverts the diagonal blocks once per assembly (its dia->A)
   * for all merit evaluations. A block is reused only when its 9 values are identical
   * (NaN never is), so the weights are those a fresh computation gives, to the bit.
   */
  private weigh(W: FrictionContactProblem['W'], nc: number): void {
    const { winv, weighed } = this;
    const v = W.values;
    const diagIdx = W.diagIdx;
    for (let a = 0; a < nc; a++) {
      const b = 9 * a, w = 9 * diagIdx[a];
      // Unrolled: this test runs at every evaluation, the inversion rarely.
      if (v[w] === weighed[b] && v[w + 1] === weighed[b + 1] && v[w + 2] === weighed[b + 2]
        && v[w + 3] === weighed[b + 3] && v[w + 4] === weighed[b + 4] && v[w + 5] === weighed[b + 5]
        && v[w + 6] === weighed[b + 6] && v[w + 7] === weighed[b + 7] && v[w + 8] === weighed[b + 8]) continue;
      if (invert3(winv, b, v, w) === 0 || !symmetricPartIsPositiveDefinite(v, w)) identityWeight(winv, b, v, w);
      for (let i = 0; i < 9; i++) weighed[b + i] = v[w + i];
    }
  }
}

/** <M f x, f x> for the 3x3 block M = m[mo..mo+8] and x = x[xo..xo+2]. */
function quadraticForm(m: Float64Array, mo: number, x: Float64Array, xo: number, f: number): number {
  const x0 = f * x[xo], x1 = f * x[xo + 1], x2 = f * x[xo + 2];
  return x0 * (m[mo] * x0 + m[mo + 1] * x1 + m[mo + 2] * x2)
    + x1 * (m[mo + 3] * x0 + m[mo + 4] * x1 + m[mo + 5] * x2)
    + x2 * (m[mo + 6] * x0 + m[mo + 7] * x1 + m[mo + 8] * x2);
}

// <A⁻¹x, x> = <A y, y> with y = A⁻¹x, so W_aa⁻¹ weighs positively exactly when ½(W_aa + W_aaᵀ) is
// positive definite: Sylvester's leading minors.
function symmetricPartIsPositiveDefinite(a: Float64Array, o: number): boolean {
  const s00 = a[o], s11 = a[o + 4], s22 = a[o + 8];
  const s01 = 0.5 * (a[o + 1] + a[o + 3]);
  const s02 = 0.5 * (a[o + 2] + a[o + 6]);
  const s12 = 0.5 * (a[o + 5] + a[o + 7]);
  if (!(s00 > 0)) return false;
  const m2 = s00 * s11 - s01 * s01;
  if (!(m2 > 0)) return false;
  const det = s00 * (s11 * s22 - s12 * s12) - s01 * (s01 * s22 - s12 * s02) + s02 * (s01 * s12 - s11 * s02);
  return det > 0;
}

function maxAbs(x: Float64Array): number {
  let m = 0;
  for (let i = 0; i < x.length; i++) m = Math.max(m, Math.abs(x[i]));
  return m;
}

function identityWeight(out: Float64Array, oo: number, a: Float64Array, o: number): void {
  const d = Math.max(Math.abs(a[o]), Math.abs(a[o + 4]), Math.abs(a[o + 8]));
  const s = d > 0 ? 1 / d : 1;
  out.fill(0, oo, oo + 9);
  out[oo] = out[oo + 4] = out[oo + 8] = s;
}

export default defineMerit({
  name: 'energy',
  summary: 'paper 000 eq 40: spurious energy Σ<W_aa⁻¹C_a, C_a> / Σ<W_aa⁻¹q_a, q_a> of the unsmoothed C(R)',
  options: z.object({
    floor: z.number().nonnegative().optional()
      .describe('free energies at or below this (default DBL_EPSILON) are rounding: the merit is then the absolute numerator'),
  }),
  create: (opts) => new EnergyMerit(opts.floor ?? DBL_EPSILON),
});
