import { hypot2, isSafeSumOfSquares, norm2Scaled } from '../cone/hypot2.js';
import { bsrMul } from '../linalg/bsr-matvec.js';
import type { FrictionContactProblem } from '../problem/friction-contact-problem.js';
import type { AnswerCheckFailure, MeritFunction, SolveResult } from '../contracts/solver.js';
import type { RollingPairs } from '../problem/rolling-pairs.js';
import { rollingConeBreach, torqueColumnRaises } from './rolling-answer-check.js';

/**
 * The constants of the answer check; docs/convergence.md says why each has its value.
 */
export const ANSWER_CHECK = Object.freeze({
  /** r_a ∈ K_a up to this times (1 + μ_a)² max_i |r_i| (rounding of a projection). */
  coneTolerance: 1e-9,
  /** The recomputed merit may exceed the solver's tolerance by this relative amount (rounding of W r + q). */
  meritSlack: 1e-6,
  /** A converged answer leaves no contact approaching faster than this fraction of the normal velocity scale V_N. */
  approach: 0.5,
  /** 'diverged': an active contact approaching faster than this fraction of the free velocity scale V_q ... */
  divergenceApproach: 1e-3,
  /** ... while ‖r‖ exceeds the natural impulse scale ‖q‖ / min W_NN by this factor. */
  divergenceFactor: 1e3,
  /** V_q = max(‖q‖, this × ‖W r‖): the second term only keeps rounding in W r (~1e-16 ‖W r‖) from reading as an approach. */
  roundingFloor: 1e-9,
});

/**
 * The contact that proves the problem has no solution, or −1 (a sufficient test, O(blocks)).
 *
 * At every solution u_N ≥ 0 at every contact (ũ ∈ K* gives u_N + μ‖u_T‖ ≥ μ‖u_T‖; the
 * relaxed problem asks u ∈ K*, so u_N ≥ μ‖u_T‖). Contact a has u_N = q_N + Σ_b w_ab · r_b with w_ab the
 * normal row of block W_ab. When every w_ab lies in the polar cone K_b° (w · r ≤ 0 for all
 * r ∈ K_b, which a zero row satisfies), no admissible r raises u_N above q_N: with
 * q_N < 0 there is no solution, and contact a proves it.
 *
 * With rolling pairs (docs/convergence.md) a torque block row is no contact and proves nothing;
 * a column that is a torque block raises u_N unless its normal row meets no admissible torque.
 */
export function infeasibleContact(problem: FrictionContactProblem): number {
  if (problem.rolling !== undefined) return infeasibleRollingContact(problem, problem.rolling);
  const { W, q, mu } = problem;
  const { rowPtr, colIdx, values, diagIdx } = W;
  for (let a = 0; a < problem.contacts; a++) {
    if (!(q[3 * a] < 0)) continue;
    // The diagonal block first: its W_NN > 0 settles almost every contact in one test.
    let raises = raisesNormal(values, diagIdx[a], mu[a]);
    for (let k = rowPtr[a]; k < rowPtr[a + 1] && !raises; k++) raises = raisesNormal(values, k, mu[colIdx[k]]);
    if (!raises) return a;
  }
  return -1;
}

/** `infeasibleContact` on a problem with rolling pairs. */
function infeasibleRollingContact(problem: FrictionContactProblem, pairs: RollingPairs): number {
  const { W, q, mu } = problem;
  const { rowPtr, colIdx, values } = W;
  for (let a = 0; a < problem.contacts; a++) {
    if (pairs.isTorque[a] === 1 || !(q[3 * a] < 0)) continue;
    let raises = false;
    for (let k = rowPtr[a]; k < rowPtr[a + 1] && !raises; k++) {
      const b = colIdx[k];
      raises = pairs.isTorque[b] === 1 ? torqueColumnRaises(values, k, pairs, pairs.pairOf[b]) : raisesNormal(values, k, mu[b]);
    }
    if (!raises) return a;
  }
  return -1;
}

/**
 * Whether the normal row of block k (row 0, row-major) lies outside the polar cone of K_μ.
 * A positive first entry settles it without the root: μ‖w_T‖ >= 0 (or NaN) is never <= a negative.
 */
function raisesNormal(values: Float64Array, k: number, mu: number): boolean {
  const v = 9 * k;
  return values[v] > 0 || !(mu * hypot2(values[v + 1], values[v + 2]) <= -values[v]);
}

/** The message of an infeasibility proved by contact `a`. */
export function infeasibleMessage(problem: FrictionContactProblem, a: number): string {
  return `no solution: contact ${a} approaches (q_N = ${fmt(problem.q[3 * a])}) and no reaction can slow it `
    + `(every block of its normal row of W lies in the polar cone, e.g. is zero), so u_N <= q_N < 0 for every r`;
}

/** What a result is checked against: the merit and tolerance the solver was configured with. */
export interface AnswerExpectation {
  /** The merit core recomputes, and its registered name. */
  merit: MeritFunction;
  meritName: string;
  /** The solver's stopping tolerance; without one, the solver's own claimed error is the bar. */
  tolerance?: number;
  /** Set when the solver measured its error in a merit core does not know: its claim cannot be checked. */
  unknownMerit?: string;
  /** Set when the problem has rolling pairs and the solver measured its error in this merit, not defined on them. */
  notOnRolling?: string;
}

/**
 * Checks a solver's result against the problem (docs/convergence.md): recomputes
 * u = W r + q and the configured merit, so no number a solver reports is trusted;
 * refuses a claimed convergence whose r leaves a cone, whose merit is above the
 * tolerance, or that leaves a contact approaching; and labels 'diverged' a result whose
 * ‖r‖ ran away while an active contact still approaches. r itself is never changed.
 */
export class AnswerChecker {
  /** The problem `scale` was computed for; weakly held, so a checker does not keep a past step's buffers alive. */
  private scaleFor: WeakRef<FrictionContactProblem> | undefined;
  private scale: ProblemScales = { qNorm: 0, qNormalNorm: 0, naturalImpulse: Infinity, roundingPerImpulse: 0, roundingContact: 0 };

  check(problem: FrictionContactProblem, res: SolveResult, expect: AnswerExpectation): SolveResult {
    const n = problem.size, r = res.r;
    const u = bsrMul(problem.W, r, new Float64Array(n));
    if (this.scaleFor?.deref() !== problem) {
      this.scale = problemScales(problem);
      this.scaleFor = new WeakRef(problem);
    }
    const torque = problem.rolling?.isTorque;
    const V = velocityScales(this.scale, u, torque);
    for (let i = 0; i < n; i++) u[i] += problem.q[i];
    const error = expect.merit.evaluate(problem, r, u);
    const base = { ...res, u, error, merit: expect.meritName };

    const mayRelabel = res.converged || (res.reason !== 'time-budget' && res.reason !== 'breakdown');
    const diverged = mayRelabel ? divergenceFailure(r, u, V.free, this.scale.naturalImpulse, torque) : undefined;
    if (diverged) return { ...base, converged: false, reason: 'diverged', check: diverged };
    if (!res.converged) return base;

    const failure = coneFailure(r, problem.mu, problem.rolling) ?? meritFailure(error, expect, res.error) ?? approachFailure(u, V.normal, torque)
      ?? roundingFailure(r, V.normal, this.scale);
    return failure ? { ...base, converged: false, reason: 'rejected', check: failure } : { ...base, reason: 'converged' };
  }
}

/**
 * For a solver's own last word before it claims convergence (its merit already below its
 * tolerance): the reason the answer must still not be called converged, or undefined —
 * 'infeasible' when a contact proves there is no solution, 'diverged' under the divergence
 * rule, 'rejected' when r leaves a cone or a contact still approaches (docs/convergence.md).
 * `u` is W r + q, and `wr`, when the solver has it, W r (else it is computed). These are the
 * solver's own numbers: the chain's check recomputes both from r, whatever is passed here.
 * The chain applies the same rules to every answer; a plugin that applies
 * them too passes the conformance property "problems without a solution are never called
 * converged" on its own.
 */
export function claimRefusal(
  problem: FrictionContactProblem, r: Float64Array, u: Float64Array, wr?: Float64Array,
): 'infeasible' | 'diverged' | 'rejected' | undefined {
  if (infeasibleContact(problem) >= 0) return 'infeasible';
  const scale = problemScales(problem);
  const torque = problem.rolling?.isTorque;
  const V = velocityScales(scale, wr ?? bsrMul(problem.W, r, new Float64Array(problem.size)), torque);
  if (divergenceFailure(r, u, V.free, scale.naturalImpulse, torque)) return 'diverged';
  return coneFailure(r, problem.mu, problem.rolling) ?? approachFailure(u, V.normal, torque) ?? roundingFailure(r, V.normal, scale) ? 'rejected' : undefined;
}

interface ProblemScales {
  qNorm: number;
  /** ‖q_N‖: the normal components of q only. */
  qNormalNorm: number;
  /** ‖q‖ / (smallest positive W_NN): the impulse that stops the fastest approach at the stiffest contact. */
  naturalImpulse: number;
  /**
   * k ε max_i Σ_j |W_ij|, with k the most entries in a row of W: times ‖r‖∞, a bound on the
   * rounding of any entry of W r (Higham, Accuracy and Stability, §3.1) — and the contact whose row it is.
   */
  roundingPerImpulse: number;
  roundingContact: number;
}

/** The velocity scales an answer is judged by (docs/convergence.md, "Approach" and "Divergence"). */
interface VelocityScales {
  /**
   * V_q = max(‖q‖, roundingFloor × ‖W r‖): the free velocity. A reaction that runs away makes
   * ‖W r‖ run away with it, so a scale that followed ‖W r‖ would hide the very approach that
   * shows the divergence.
   */
  free: number;
  /**
   * V_N = max(‖q_N‖, ‖(W r)_N‖): the normal velocities, free and imposed. A sliding speed is no
   * licence to penetrate: with q_T large, a scale that counted it let u_N ≈ q_N pass.
   */
  normal: number;
}

/** `torque` (with rolling pairs): 1 at the torque block rows, which are no contacts. */
function velocityScales(scale: ProblemScales, Wr: Float64Array, torque?: Uint8Array): VelocityScales {
  return {
    free: Math.max(scale.qNorm, ANSWER_CHECK.roundingFloor * norm2Scaled(Wr)),
    normal: Math.max(scale.qNormalNorm, torque === undefined ? normalNorm(Wr) : contactNormalNorm(Wr, torque)),
  };
}

/**
 * ‖(x_N)‖ over the contacts, overflow-proof: the plain sum of squares, in place; the normals are
 * copied out for the scaled norm only when that sum is not safe (no array a call at scale).
 */
function normalNorm(x: Float64Array): number {
  const nc = x.length / 3;
  let s = 0;
  for (let a = 0; a < nc; a++) s += x[3 * a] * x[3 * a];
  if (isSafeSumOfSquares(s)) return Math.sqrt(s);
  const normals = new Float64Array(nc);
  for (let a = 0; a < nc; a++) normals[a] = x[3 * a];
  return norm2Scaled(normals);
}

/** `normalNorm` over the block rows that are contacts (not torque blocks). */
function contactNormalNorm(x: Float64Array, torque: Uint8Array): number {
  const normals: number[] = [];
  for (let a = 0; a < torque.length; a++) if (torque[a] === 0) normals.push(x[3 * a]);
  return norm2Scaled(normals);
}

function problemScales(problem: FrictionContactProblem): ProblemScales {
  const { W } = problem;
  const torque = problem.rolling?.isTorque;
  let wmin = Infinity;
  for (let a = 0; a < problem.contacts; a++) {
    if (torque !== undefined && torque[a] === 1) continue;
    const wnn = W.values[9 * W.diagIdx[a]];
    if (wnn > 0 && wnn < wmin) wmin = wnn;
  }
  const qNorm = norm2Scaled(problem.q);
  const { rowPtr, values } = W;
  let rowMax = 0, roundingContact = 0, mostEntries = 0;
  for (let a = 0; a < problem.contacts; a++) {
    const start = rowPtr[a], end = rowPtr[a + 1];
    mostEntries = Math.max(mostEntries, 3 * (end - start));
    // The block row's three scalar rows in one pass over its blocks, each summed in block order.
    let s0 = 0, s1 = 0, s2 = 0;
    for (let v = 9 * start; v < 9 * end; v += 9) {
      s0 += Math.abs(values[v]) + Math.abs(values[v + 1]) + Math.abs(values[v + 2]);
      s1 += Math.abs(values[v + 3]) + Math.abs(values[v + 4]) + Math.abs(values[v + 5]);
      s2 += Math.abs(values[v + 6]) + Math.abs(values[v + 7]) + Math.abs(values[v + 8]);
    }
    if (s0 > rowMax) { rowMax = s0; roundingContact = a; }
    if (s1 > rowMax) { rowMax = s1; roundingContact = a; }
    if (s2 > rowMax) { rowMax = s2; roundingContact = a; }
  }
  return {
    qNorm,
    qNormalNorm: torque === undefined ? normalNorm(problem.q) : contactNormalNorm(problem.q, torque),
    naturalImpulse: wmin < Infinity ? qNorm / wmin : Infinity,
    roundingPerImpulse: mostEntries * Number.EPSILON * rowMax, roundingContact,
  };
}

/** ‖r‖ beyond the natural impulse scale while an active contact still approaches. */
function divergenceFailure(r: Float64Array, u: Float64Array, V: number, naturalImpulse: number, torque?: Uint8Array): AnswerCheckFailure | undefined {
  const rNorm = norm2Scaled(r);
  if (!(rNorm > ANSWER_CHECK.divergenceFactor * naturalImpulse)) return undefined;
  let contact = -1, approach = ANSWER_CHECK.divergenceApproach * V;
  for (let o = 0; o < r.length; o += 3) {
    if (torque !== undefined && torque[o / 3] === 1) continue;
    if (r[o] > 0 && -u[o] > approach) { approach = -u[o]; contact = o / 3; }
  }
  if (contact < 0) return undefined;
  const message = `diverged: ‖r‖ = ${fmt(rNorm)} is ${fmt(rNorm / naturalImpulse)} times the natural impulse scale `
    + `‖q‖ / min W_NN = ${fmt(naturalImpulse)} while contact ${contact} still approaches (u_N = ${fmt(-approach)}, r_N = ${fmt(r[3 * contact])})`;
  return { failed: 'diverged', contact, message };
}

/** With rolling pairs, a pair's six reactions are held to Z and its two block rows skipped here. */
function coneFailure(r: Float64Array, mu: Float64Array, pairs?: RollingPairs): AnswerCheckFailure | undefined {
  let rmax = 0;
  for (let i = 0; i < r.length; i++) rmax = Math.max(rmax, Math.abs(r[i]));
  for (let a = 0; a < mu.length; a++) {
    if (pairs !== undefined && pairs.pairOf[a] >= 0) continue;
    const o = 3 * a, m = mu[a];
    const violation = Math.max(hypot2(r[o + 1], r[o + 2]) - m * r[o], -r[o]);
    if (violation > ANSWER_CHECK.coneTolerance * (1 + m) * (1 + m) * rmax) {
      return { failed: 'cone', contact: a, message: `r of contact ${a} = [${fmt(r[o])}, ${fmt(r[o + 1])}, ${fmt(r[o + 2])}] is outside its friction cone (μ = ${fmt(m)})` };
    }
  }
  return pairs === undefined ? undefined : rollingConeFailure(r, mu, pairs, rmax);
}

function rollingConeFailure(r: Float64Array, mu: Float64Array, pairs: RollingPairs, rmax: number): AnswerCheckFailure | undefined {
  const six = new Float64Array(6);
  const p = rollingConeBreach(r, mu, pairs, rmax, ANSWER_CHECK.coneTolerance, six);
  if (p < 0) return undefined;
  const a = pairs.force[p];
  return {
    failed: 'cone', contact: a,
    message: `r of contact ${a} with its torque block ${pairs.torque[p]} = [${Array.from(six, fmt).join(', ')}] is outside its cone Z `
      + `(μ = ${fmt(mu[a])}, ρ = ${fmt(pairs.rho[p])}, σ = ${fmt(pairs.sigma[p])})`,
  };
}

/** The contact approaching fastest, when it approaches faster than the approach fraction of V_N. */
function approachFailure(u: Float64Array, VN: number, torque?: Uint8Array): AnswerCheckFailure | undefined {
  let contact = -1, approach = ANSWER_CHECK.approach * VN;
  for (let o = 0; o < u.length; o += 3) {
    if (torque !== undefined && torque[o / 3] === 1) continue;
    if (-u[o] > approach) { approach = -u[o]; contact = o / 3; }
  }
  if (contact < 0) return undefined;
  return {
    failed: 'approach', contact,
    message: `contact ${contact} still approaches at u_N = ${fmt(-approach)}, more than ${ANSWER_CHECK.approach} of the normal velocity scale ${fmt(VN)}: not a solution, whatever the merit says`,
  };
}

/**
 * When the rounding of W r can exceed the approach bar, u = W r + q does not show whether a contact
 * approaches: an answer whose reactions are so large that W r cancels to 1e-16 of itself is not
 * known to be one. (A rank-one W of 1e-20 with μ = 1e6 gave r ≈ 1e38, W r ≈ 1e17, and a u of
 * rounding noise that passed every other check.)
 */
function roundingFailure(r: Float64Array, VN: number, scale: ProblemScales): AnswerCheckFailure | undefined {
  let rmax = 0;
  for (let i = 0; i < r.length; i++) rmax = Math.max(rmax, Math.abs(r[i]));
  const rounding = scale.roundingPerImpulse * rmax;
  if (!(rounding > ANSWER_CHECK.approach * VN)) return undefined;
  return {
    failed: 'approach', contact: scale.roundingContact,
    message: `u = W r + q is not known to within the approach bar: with ‖r‖∞ = ${fmt(rmax)} the rounding of W r may reach ${fmt(rounding)}, `
      + `more than ${ANSWER_CHECK.approach} of the normal velocity scale ${fmt(VN)} (worst at contact ${scale.roundingContact}'s row)`,
  };
}

function meritFailure(error: number, expect: AnswerExpectation, claimed: number): AnswerCheckFailure | undefined {
  if (expect.unknownMerit !== undefined) {
    return { failed: 'merit', message: `the error is measured in merit "${expect.unknownMerit}", which is not registered, so the claim cannot be checked` };
  }
  if (expect.notOnRolling !== undefined) {
    return { failed: 'merit', message: `the error is measured in merit "${expect.notOnRolling}", which is not defined on contacts with rolling and spinning resistance, so the claim cannot be checked` };
  }
  const bar = expect.tolerance ?? claimed;
  if (error <= bar * (1 + ANSWER_CHECK.meritSlack)) return undefined;
  return {
    failed: 'merit',
    message: `the ${expect.meritName} merit of r, recomputed from u = W r + q, is ${fmt(error)}, above the ${expect.tolerance === undefined ? 'claimed error' : 'tolerance'} ${fmt(bar)}`,
  };
}

function fmt(x: number): string {
  return Number.isFinite(x) && x !== 0 && (Math.abs(x) < 1e-3 || Math.abs(x) >= 1e4) ? x.toExponential(3) : String(x);
}
