import type { FrictionContactProblem, SolveResult } from '@moreau/core';
import { judgeSiconosError } from './siconos-judge.js';

/**
 * What the solver suite computes itself from a problem and a returned r, so that no
 * property trusts the numbers a solver reports. See FrictionContactProblem for the
 * problem statement.
 */

/** Relative tolerance of the cone-membership check. */
export const CONE_RTOL = 1e-12;

/** A failed check: the message says what is wrong, with the numbers, and which contact when it is one. */
export class CheckFailure extends Error {
  override name = 'CheckFailure';

  /** `contact`: the index of the contact the failure is about, in the problem of the failing case. */
  constructor(message: string, readonly contact?: number) {
    super(message);
  }
}

/**
 * Throws a CheckFailure with the message when `ok` is false; `contact` (a number or a
 * function giving it, computed only on failure) is the contact the failure is about.
 */
export function check(ok: boolean, message: () => string, contact?: number | (() => number)): asserts ok {
  if (!ok) throw new CheckFailure(message(), typeof contact === 'function' ? contact() : contact);
}

/** A number for messages: exponent form when very small or large. */
export const fmt = (x: number): string => (Number.isFinite(x) && x !== 0 && (Math.abs(x) < 1e-3 || Math.abs(x) >= 1e4) ? x.toExponential(3) : String(x));

/** Checks that `res` has r and u as Float64Arrays of the problem's size. */
export function checkShape(p: FrictionContactProblem, res: SolveResult): void {
  check(typeof res === 'object' && res !== null, () => `solve returned ${String(res)}, not a result object`);
  for (const key of ['r', 'u'] as const) {
    const v = res[key];
    check(v instanceof Float64Array && v.length === p.size, () => `result.${key} is ${v instanceof Float64Array ? `of length ${v.length}` : typeof v}, expected a Float64Array of length ${p.size}`);
  }
}

/** Absolute slack of the cone check: a few spacings of subnormal numbers. */
const SUBNORMAL_SLACK = 8 * Number.MIN_VALUE;

/**
 * Checks r_a ∈ K_{μ_a} for every contact: r_N >= −t and ‖r_T‖ − μ r_N <= t with
 * t = CONE_RTOL (1 + μ)² ‖r_a‖ (rounding of a projection that lands on the boundary).
 */
export function checkInCones(p: FrictionContactProblem, r: Float64Array): void {
  for (let a = 0; a < p.contacts; a++) {
    const n = r[3 * a], t1 = r[3 * a + 1], t2 = r[3 * a + 2], mu = p.mu[a];
    // Relative to ‖r_a‖, plus a few subnormal spacings: below 2^-1022 numbers are spaced
    // absolutely (Number.MIN_VALUE apart), so no relative bound can hold there.
    const rt = Math.hypot(t1, t2), t = CONE_RTOL * (1 + mu) ** 2 * Math.hypot(n, rt) + SUBNORMAL_SLACK;
    check(n >= -t && rt - mu * n <= t,
      () => `r of contact ${a} = [${fmt(n)}, ${fmt(t1)}, ${fmt(t2)}] is outside K_μ (μ = ${fmt(mu)}): ‖r_T‖ − μ r_N = ${fmt(rt - mu * n)}`, a);
  }
}

/** Index of the first non-finite entry, or −1. */
function firstNonFinite(x: Float64Array): number {
  for (let i = 0; i < x.length; i++) if (!Number.isFinite(x[i])) return i;
  return -1;
}

/** Checks that r, u, error, iterations and ms are finite (iterations a non-negative integer). */
export function checkFinite(res: SolveResult): void {
  for (const key of ['r', 'u'] as const) {
    const i = firstNonFinite(res[key]);
    check(i < 0, () => `result.${key}[${i}] = ${res[key][i]} (contact ${Math.floor(i / 3)}; converged: ${res.converged}, reason: ${res.reason})`, () => Math.floor(i / 3));
  }
  check(Number.isFinite(res.error), () => `result.error = ${res.error} is not finite (converged: ${res.converged}, reason: ${res.reason})`);
  check(Number.isInteger(res.iterations) && res.iterations >= 0, () => `result.iterations = ${res.iterations} is not a non-negative integer`);
  check(Number.isFinite(res.ms), () => `result.ms = ${res.ms} is not finite`);
}

/**
 * Checks u = W r + q entry by entry, to within 1e-12 of the entry's magnitude
 * Σ_j |W_ij r_j| + |q_i| (the rounding of a recomputation in another order).
 */
export function checkVelocity(p: FrictionContactProblem, res: SolveResult): void {
  const { r, u } = res;
  const { rowPtr, colIdx, values } = p.W;
  for (let a = 0; a < p.contacts; a++) {
    for (let i = 0; i < 3; i++) {
      const row = 3 * a + i;
      let s = p.q[row], mag = Math.abs(p.q[row]);
      for (let k = rowPtr[a]; k < rowPtr[a + 1]; k++) {
        const o = 9 * k + 3 * i, c = 3 * colIdx[k];
        for (let j = 0; j < 3; j++) {
          const term = values[o + j] * r[c + j];
          s += term;
          mag += Math.abs(term);
        }
      }
      check(Math.abs(u[row] - s) <= 1e-12 * mag + Number.MIN_VALUE,
        () => `u[${row}] = ${u[row]} but (W r + q)[${row}] = ${s} (contact ${a})`, a);
    }
  }
}

/** The natural-map residual of r and the scale the siconos merit divides it by. */
export interface Residual {
  /** ‖r − P_K(r − F(r))‖, F(r) = u + [μ‖u_T‖, 0, 0] (Coulomb, De Saxcé) or u (relaxed). */
  residual: number;
  /** max(‖q‖, ‖r‖, ‖u‖). */
  scale: number;
  r: number;
}

/**
 * The natural-map residual of r for the Coulomb problem (De Saxcé form, as the siconos
 * merit: residual / scale is the siconos error) or the relaxed cone problem, computed by
 * the suite's own judge (siconos-judge.ts), not by core.
 */
export function naturalMapResidual(p: FrictionContactProblem, r: Float64Array, cone: 'coulomb' | 'relaxed'): Residual {
  const { residual, scale, r: rNorm } = judgeSiconosError(p, r, cone);
  return { residual, scale, r: rNorm };
}

/** ‖x − y‖₂ and the index of the largest entry difference, for messages. */
export function difference(x: Float64Array, y: Float64Array): { norm: number; worst: number } {
  let s = 0, worst = 0, big = -1;
  for (let i = 0; i < x.length; i++) {
    const d = Math.abs(x[i] - y[i]);
    s += d * d;
    if (d > big) { big = d; worst = i; }
  }
  return { norm: Math.sqrt(s), worst };
}

/** True when the two arrays hold the same bits (NaN payloads and −0 included). */
export function sameBits(a: Float64Array, b: Float64Array): boolean {
  if (a.length !== b.length) return false;
  const x = new Uint8Array(a.buffer, a.byteOffset, a.byteLength), y = new Uint8Array(b.buffer, b.byteOffset, b.byteLength);
  for (let i = 0; i < x.length; i++) if (x[i] !== y[i]) return false;
  return true;
}

/** A copy of everything a solve must leave unchanged: W's values and pattern, q, μ. */
export function snapshotInput(p: FrictionContactProblem): () => string | undefined {
  const copy = [Float64Array.from(p.W.values), Float64Array.from(p.q), Float64Array.from(p.mu)] as const;
  const rowPtr = Int32Array.from(p.W.rowPtr), colIdx = Int32Array.from(p.W.colIdx);
  return () => {
    if (!sameBits(copy[0], p.W.values)) return 'W.values';
    if (!sameBits(copy[1], p.q)) return 'q';
    if (!sameBits(copy[2], p.mu)) return 'mu';
    if (rowPtr.some((v, i) => v !== p.W.rowPtr[i]) || colIdx.some((v, i) => v !== p.W.colIdx[i])) return "W's sparsity pattern";
    return undefined;
  };
}
