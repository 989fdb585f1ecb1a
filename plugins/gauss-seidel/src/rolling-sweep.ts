import { gatherPair, projectOntoCone, projectOntoRollingCone, scatterPair, type FrictionContactProblem, type RollingPairs } from '@moreau/core/kernels';
import { lu3 } from './lu3.js';
import { FAILED, LocalSolver, SEPARATED, SLIDING, STICKING, type LocalOutcome, type LocalSolverOptions } from './local-solver.js';
import { RollingBlock, RollingLocalSolver } from './rolling-local-solver.js';

/**
 * One Gauss–Seidel sweep over a problem with rolling pairs (see FrictionContactProblem): the
 * units are its ordinary contacts and its pairs, visited in turn. An ordinary contact is
 * solved as in sweep.ts (LocalSolver, exact); a pair p, with force block row f and torque
 * block row t, as one six-component contact: its 6×6 block W_zz is the four blocks
 * (f, t) × (f, t), q̂ = (q_f, q_t) + Σ_{b ∉ {f, t}} (W_fb, W_tb) r_b, and r ∈ Z
 * (RollingLocalSolver). Each new answer is relaxed, r ← r + ω (r̂ − r), and projected back
 * onto its cone when ω > 1, as sweep.ts does.
 *
 * q̂ is formed from the block rows of the current r (the form `Sweeper.sweep` takes with
 * src = r), not from a kept u: this branch runs only on problems with pairs, and leaves the
 * sweeps of every other problem as they were.
 */
export class RollingSweeper {
  readonly contact: LocalSolver;
  readonly pair: RollingLocalSolver;
  /** Outcome counts since `prepare`, pairs and contacts together. */
  separated = 0;
  sticking = 0;
  sliding = 0;
  failed = 0;
  /** ‖r_new − r_old‖² of the last sweep. */
  change2 = 0;
  /** Units: an ordinary contact's block row, or −1 − p for pair p; in order of their first block row. */
  units = new Int32Array(0);

  private blocks: RollingBlock[] = [];
  private lu = new Float64Array(0);
  private perm = new Uint8Array(0);
  private luOk = new Uint8Array(0);
  private readonly qh = new Float64Array(6);
  private readonly old = new Float64Array(6);
  private readonly next = new Float64Array(6);

  constructor(local: LocalSolverOptions, rollingMaxIterations: number) {
    this.contact = new LocalSolver(local);
    this.pair = new RollingLocalSolver({ tolerance: local.tolerance, maxIterations: rollingMaxIterations });
  }

  /** Lists the units, factors the ordinary contacts' diagonal blocks, assembles each pair's W_zz; resets the counts. */
  prepare(problem: FrictionContactProblem): void {
    const pairs = problem.rolling!;
    const nc = problem.contacts;
    const { values, diagIdx } = problem.W;
    const units: number[] = [];
    this.lu = new Float64Array(9 * nc);
    this.perm = new Uint8Array(3 * nc);
    this.luOk = new Uint8Array(nc);
    for (let a = 0; a < nc; a++) {
      const p = pairs.pairOf[a];
      if (p < 0) {
        units.push(a);
        this.luOk[a] = lu3(values, 9 * diagIdx[a], this.lu, 9 * a, this.perm, 3 * a) ? 1 : 0;
      } else if (Math.min(pairs.force[p], pairs.torque[p]) === a) {
        units.push(-1 - p);
      }
    }
    this.units = Int32Array.from(units);
    this.blocks = Array.from({ length: pairs.count }, (_, p) => pairBlock(problem, pairs, p));
    this.separated = this.sticking = this.sliding = this.failed = 0;
    this.pair.totalIterations = 0;
  }

  /**
   * Updates r unit by unit in `order` (indices into `units`; backwards when `reverse`). A local
   * answer that is not finite stops the sweep before it is written, so r stays finite.
   * @returns false on such a breakdown
   */
  sweep(problem: FrictionContactProblem, r: Float64Array, omega: number, order: Int32Array, reverse: boolean): boolean {
    const pairs = problem.rolling!;
    const { qh, old, next, units } = this;
    const n = units.length;
    let ch2 = 0;
    for (let i = 0; i < n; i++) {
      const unit = units[order[reverse ? n - 1 - i : i]];
      let size: number;
      if (unit >= 0) {
        size = 3;
        const o = 3 * unit;
        old[0] = r[o]; old[1] = r[o + 1]; old[2] = r[o + 2];
        addRowProducts(qh, 0, problem, unit, r, unit, unit);
        this.count(this.solveContact(problem, unit));
        relax(next, this.contact.r, old, 3, omega);
        if (omega > 1) projectOntoCone(next, 0, next, 0, problem.mu[unit]);
      } else {
        size = 6;
        const p = -1 - unit, f = pairs.force[p], t = pairs.torque[p];
        gatherPair(old, 0, r, pairs, p);
        addRowProducts(qh, 0, problem, f, r, f, t);
        addRowProducts(qh, 3, problem, t, r, f, t);
        const block = this.blocks[p];
        this.count(this.pair.solve(block, qh, 0, old, 0));
        relax(next, this.pair.r, old, 6, omega);
        if (omega > 1) projectOntoRollingCone(next, 0, next, 0, block.mu, block.rho, block.sigma);
      }
      let dd = 0;
      for (let k = 0; k < size; k++) dd += (next[k] - old[k]) ** 2;
      // NaN fails the comparison; an infinite entry makes dd infinite or NaN.
      if (!(dd < Infinity)) { this.change2 = ch2; return false; }
      ch2 += dd;
      if (unit >= 0) {
        const o = 3 * unit;
        r[o] = next[0]; r[o + 1] = next[1]; r[o + 2] = next[2];
      } else {
        scatterPair(r, pairs, -1 - unit, next, 0);
      }
    }
    this.change2 = ch2;
    return true;
  }

  /** Fixed-point steps of the pairs' local solves since `prepare`. */
  get pairIterations(): number {
    return this.pair.totalIterations;
  }

  private solveContact(problem: FrictionContactProblem, a: number): LocalOutcome {
    const kd = problem.W.diagIdx[a];
    return this.contact.solveFactored(problem.W.values, 9 * kd, this.lu, 9 * a, this.perm, 3 * a, this.luOk[a] === 1, this.qh, 0, problem.mu[a], this.old, 0);
  }

  private count(outcome: LocalOutcome): void {
    if (outcome === SEPARATED) this.separated++;
    else if (outcome === STICKING) this.sticking++;
    else if (outcome === SLIDING) this.sliding++;
    else if (outcome === FAILED) this.failed++;
  }
}

/**
 * out[o..o+2] = q_a + Σ_b W_ab r_b over block row a, leaving out the columns `skip1` and
 * `skip2` (the unit's own blocks).
 */
function addRowProducts(out: Float64Array, o: number, problem: FrictionContactProblem, a: number, r: Float64Array, skip1: number, skip2: number): void {
  const { rowPtr, colIdx, values } = problem.W;
  const q = problem.q;
  let q0 = q[3 * a], q1 = q[3 * a + 1], q2 = q[3 * a + 2];
  for (let k = rowPtr[a], end = rowPtr[a + 1]; k < end; k++) {
    const b = colIdx[k];
    if (b === skip1 || b === skip2) continue;
    const j = 3 * b, v = 9 * k;
    const x0 = r[j], x1 = r[j + 1], x2 = r[j + 2];
    q0 += values[v] * x0 + values[v + 1] * x1 + values[v + 2] * x2;
    q1 += values[v + 3] * x0 + values[v + 4] * x1 + values[v + 5] * x2;
    q2 += values[v + 6] * x0 + values[v + 7] * x1 + values[v + 8] * x2;
  }
  out[o] = q0; out[o + 1] = q1; out[o + 2] = q2;
}

/** out = old + ω (answer − old) over n entries (out = answer when ω = 1). */
function relax(out: Float64Array, answer: Float64Array, old: Float64Array, n: number, omega: number): void {
  for (let k = 0; k < n; k++) out[k] = omega === 1 ? answer[k] : old[k] + omega * (answer[k] - old[k]);
}

/** Pair p's W_zz: the blocks (f, f), (f, t), (t, f), (t, t) of W, zero where W stores none. */
function pairBlock(problem: FrictionContactProblem, pairs: RollingPairs, p: number): RollingBlock {
  const { rowPtr, colIdx, values } = problem.W;
  const f = pairs.force[p], t = pairs.torque[p];
  const block = new RollingBlock();
  const rows = [f, t];
  for (let bi = 0; bi < 2; bi++) {
    const a = rows[bi];
    for (let k = rowPtr[a]; k < rowPtr[a + 1]; k++) {
      const bj = colIdx[k] === f ? 0 : colIdx[k] === t ? 1 : -1;
      if (bj < 0) continue;
      for (let i = 0; i < 3; i++) for (let j = 0; j < 3; j++) block.w[6 * (3 * bi + i) + 3 * bj + j] = values[9 * k + 3 * i + j];
    }
  }
  block.prepare(problem.mu[f], pairs.rho[p], pairs.sigma[p]);
  return block;
}
