import {
  BlockSparseMatrix, FrictionContactProblem,
  type NormalBias, type PositionCorrection, type SolveResult, type StepSystem,
} from '@moreau/core';

/** One point mass of the fake system: position, velocity, mass. */
export interface PointMassInit {
  x: [number, number, number];
  v: [number, number, number];
  m: number;
}

/** A fake system's set-up, as the properties draw it. */
export interface FakeSystemCase {
  label: string;
  h: number;
  bodies: PointMassInit[];
  /** Friction coefficient of every contact with the ground. */
  mu: number;
  /** Radius of every body; the ground is the plane z = 0. */
  radius: number;
  /** Detection margin: contacts with gap up to this are reported. */
  margin: number;
}

/** One call an integrator made on the fake system. */
export type SystemCall =
  | { kind: 'advance'; dt: number; t: number }
  | { kind: 'zeroVelocities' }
  | { kind: 'prepareOperator'; c: number }
  | { kind: 'freeVelocities'; dt: number; t: number }
  | { kind: 'detect'; contacts: number }
  | { kind: 'assemble' }
  | { kind: 'solve'; ownProblem: boolean }
  | { kind: 'applyReactions'; length: number };

export const GRAVITY = -9.81;

/**
 * A `StepSystem` of non-rotating point masses above the ground plane z = 0 under gravity,
 * each contact between one body and the ground (so W is block diagonal with blocks
 * (1/m) I (r: impulses), and its one-contact Coulomb problems are solved exactly). It records every
 * call, so properties can check what an integrator does, not only where it ends.
 * Mistakes an integrator could make (assemble before detect, reactions of the wrong
 * length, solving a problem it did not assemble) are recorded, not thrown.
 */
export class PointMassSystem implements StepSystem {
  readonly h: number;
  time = 0;
  readonly calls: SystemCall[] = [];
  readonly x: Float64Array;
  readonly v: Float64Array;
  private readonly b: Float64Array;
  private readonly m: Float64Array;
  private readonly n: number;
  private contacts: number[] = [];
  private problem: FrictionContactProblem | undefined;
  private detected = false;
  /** Per body, the position correction the last assembly found (applied by the next advance). */
  private readonly shift: Float64Array;
  private shifted = false;

  constructor(private readonly c: FakeSystemCase) {
    this.h = c.h;
    this.n = c.bodies.length;
    this.x = Float64Array.from(c.bodies.flatMap((b) => b.x));
    this.v = Float64Array.from(c.bodies.flatMap((b) => b.v));
    this.m = Float64Array.from(c.bodies, (b) => b.m);
    this.b = new Float64Array(3 * this.n);
    this.shift = new Float64Array(this.n);
  }

  /** Starts the next step: the integrator reads `time`. */
  beginStep(stepIndex: number): void {
    this.time = stepIndex * this.h;
    this.detected = false;
    this.problem = undefined;
    this.shifted = false;
  }

  advance(dt: number, t: number): void {
    this.calls.push({ kind: 'advance', dt, t });
    for (let k = 0; k < 3 * this.n; k++) this.x[k] += dt * this.v[k];
    if (this.shifted) for (let i = 0; i < this.n; i++) this.x[3 * i + 2] += this.shift[i];
    this.shifted = false;
  }

  zeroVelocities(): void {
    this.calls.push({ kind: 'zeroVelocities' });
    this.v.fill(0);
  }

  prepareOperator(c: number): void {
    this.calls.push({ kind: 'prepareOperator', c });
  }

  freeVelocities(dt: number, t: number): void {
    this.calls.push({ kind: 'freeVelocities', dt, t });
    for (let k = 0; k < 3 * this.n; k++) this.b[k] = this.v[k] + (k % 3 === 2 ? dt * GRAVITY : 0);
  }

  /** With a look-ahead, a body is also reported while it could reach the ground within it (the engine's reach). */
  detect(lookAhead = 0): number {
    this.contacts = [];
    for (let i = 0; i < this.n; i++) {
      const speed = Math.max(Math.hypot(this.v[3 * i], this.v[3 * i + 1], this.v[3 * i + 2]), Math.hypot(this.b[3 * i], this.b[3 * i + 1], this.b[3 * i + 2]));
      if (this.gap(i) <= this.c.margin + lookAhead * speed) this.contacts.push(i);
    }
    this.detected = true;
    this.calls.push({ kind: 'detect', contacts: this.contacts.length });
    return this.contacts.length;
  }

  /** Frame rows n = e_z, t1 = e_x, t2 = e_y: U = [v_z, v_x, v_y]. */
  assemble(bias: NormalBias, correction?: PositionCorrection): FrictionContactProblem {
    this.calls.push({ kind: 'assemble' });
    if (!this.detected) this.calls.push({ kind: 'detect', contacts: -1 });
    const nc = this.contacts.length;
    const q = new Float64Array(3 * nc);
    this.shift.fill(0);
    const blocks = this.contacts.map((i, a) => {
      // Each body has one contact, with the ground: the projection moves it up by fraction·depth.
      let gap = this.gap(i);
      if (correction && -gap > correction.slop) {
        this.shift[i] = -correction.fraction * gap;
        gap += this.shift[i];
        this.shifted = true;
      }
      q[3 * a] = this.b[3 * i + 2] + bias(gap, this.v[3 * i + 2], this.h, undefined, this.b[3 * i + 2]);
      q[3 * a + 1] = this.b[3 * i];
      q[3 * a + 2] = this.b[3 * i + 1];
      const w = 1 / this.m[i];
      return { row: a, col: a, values: [w, 0, 0, 0, w, 0, 0, 0, w] };
    });
    this.problem = new FrictionContactProblem(BlockSparseMatrix.fromBlocks(nc, blocks), q, new Float64Array(nc).fill(this.c.mu), 'fake');
    return this.problem;
  }

  /** The exact solution of each isotropic one-contact Coulomb problem. */
  solve(problem: FrictionContactProblem): SolveResult {
    this.calls.push({ kind: 'solve', ownProblem: problem === this.problem });
    const nc = problem.contacts;
    const r = new Float64Array(3 * nc), u = new Float64Array(3 * nc);
    for (let a = 0; a < nc; a++) {
      const w = problem.W.values[9 * problem.W.diagIdx[a]];
      const qn = problem.q[3 * a], q1 = problem.q[3 * a + 1], q2 = problem.q[3 * a + 2];
      if (qn >= 0) {
        u.set([qn, q1, q2], 3 * a);
        continue;
      }
      const rn = -qn / w, t = Math.hypot(q1, q2) / w, mu = problem.mu[a];
      const f = t <= mu * rn ? 1 : (mu * rn) / t;
      r.set([rn, -f * q1 / w, -f * q2 / w], 3 * a);
      u.set([0, (1 - f) * q1, (1 - f) * q2], 3 * a);
    }
    return { r, u, converged: true, reason: 'converged', iterations: 1, error: 0, merit: 'exact', answeredBy: 'exact', ms: 0 };
  }

  applyReactions(r: Float64Array): void {
    this.calls.push({ kind: 'applyReactions', length: r.length });
    this.v.set(this.b);
    if (r.length !== 3 * this.contacts.length) return;
    this.contacts.forEach((i, a) => {
      const s = 1 / this.m[i];
      this.v[3 * i + 2] += s * r[3 * a];
      this.v[3 * i] += s * r[3 * a + 1];
      this.v[3 * i + 1] += s * r[3 * a + 2];
    });
  }

  gap(i: number): number {
    return this.x[3 * i + 2] - this.c.radius;
  }
}
