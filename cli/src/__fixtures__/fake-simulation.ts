import { BlockSparseMatrix, ContactBuffer, EventBus, FrictionContactProblem, MoreauError } from '@moreau/core';
import type { ContactSet, Pose, RunOptions, RunSummary, Simulation, SimulationBody, SimulationCheckpoint, StepStats } from '@moreau/core';

/** What a fake scene file holds (JSON). */
export interface FakeScene {
  name?: string;
  /** Initial [x, y, z, vx, vy, vz] of each sphere; a static plane z = 0 is body 0. */
  spheres: number[][];
  radius?: number;
  mass?: number;
  mu?: number;
  timeStep?: number;
  duration?: number;
  /** Simulated time between output frames. */
  frameEvery?: number;
  /** Steps whose index is a multiple of this report `converged: false` (0: none). */
  failEvery?: number;
  /** The step that throws E_NOT_FINITE, as an engine meeting a NaN would. */
  throwAt?: number;
}

/**
 * A small deterministic Simulation for testing `moreau simulate` without the engine:
 * point-mass spheres falling on the plane z = 0 under gravity, with an exact
 * Coulomb contact law per sphere. Each sphere touching the plane is one contact
 * whose W block is (h/m)·I, so the frictional problem has the closed-form answer
 * used here (stick when ‖q_T‖ ≤ μ(−q_N), else slide) — which a real solver must
 * reproduce from a dumped problem file.
 */
export class FakeSimulation implements Simulation {
  readonly events = new EventBus();
  readonly timeStep: number;
  readonly duration: number;
  readonly bodies: SimulationBody[];
  time = 0;
  steps = 0;
  private readonly state: Float64Array;
  private readonly n: number;
  private readonly r: number;
  private readonly m: number;
  private readonly mu: number;
  private readonly failEvery: number;
  private readonly buffer = new ContactBuffer();
  private reactionsLast = new Float64Array(0);
  private problem: FrictionContactProblem | undefined;
  private readonly fingerprint: string;
  /** Every step's problem and reactions, so tests can compare dumped files against them. */
  readonly history = new Map<number, { problem: FrictionContactProblem; r: Float64Array }>();

  constructor(readonly scene: FakeScene) {
    this.n = scene.spheres.length;
    this.r = scene.radius ?? 0.1;
    this.m = scene.mass ?? 1;
    this.mu = scene.mu ?? 0.5;
    this.timeStep = scene.timeStep ?? 0.01;
    this.duration = scene.duration ?? 0.2;
    this.failEvery = scene.failEvery ?? 0;
    this.state = Float64Array.from(scene.spheres.flat());
    this.fingerprint = JSON.stringify(scene);
    this.bodies = [
      { name: 'ground', shape: { type: 'plane', normal: [0, 0, 1] }, kinematics: 'fake', free: false, appearsAt: 0 },
      ...scene.spheres.map((_, i) => ({ name: `ball${i}`, shape: { type: 'sphere' as const, radius: this.r }, kinematics: 'fake', free: true, appearsAt: 0 })),
    ];
  }

  pose(b: number, out: Pose = { position: new Float64Array(3), linear: new Float64Array(9) }): Pose {
    out.position.fill(0);
    out.linear.fill(0);
    out.linear[0] = out.linear[4] = out.linear[8] = 1;
    if (b > 0) out.position.set(this.state.subarray(6 * (b - 1), 6 * (b - 1) + 3));
    return out;
  }

  velocity(b: number): Float64Array {
    return b === 0 ? new Float64Array(6) : Float64Array.of(...this.state.subarray(6 * (b - 1) + 3, 6 * b), 0, 0, 0);
  }

  contacts(): ContactSet {
    return this.buffer;
  }

  reactions(): Float64Array {
    return this.reactionsLast;
  }

  lastProblem(): FrictionContactProblem | undefined {
    return this.problem;
  }

  lastWarmStart(): Float64Array | undefined {
    return undefined;
  }

  step(): StepStats {
    if (this.steps + 1 === this.scene.throwAt) throw new MoreauError('E_NOT_FINITE', `velocity of ball0 is NaN at step ${this.steps + 1}`);
    const h = this.timeStep, s = this.state;
    this.buffer.clear();
    const q: number[] = [];
    for (let i = 0; i < this.n; i++) {
      s[6 * i + 5] -= 9.81 * h; // free velocity
      const gap = s[6 * i + 2] - this.r;
      if (gap < 0.02) {
        this.buffer.push(i + 1, 0, 0, s[6 * i], s[6 * i + 1], 0, 0, 0, 1, gap);
        // Frame rows n = e_z, t1, t2 from completeFrame: e_z's smallest component is x, t1 = n × e_x = e_y, t2 = n × t1 = -e_x.
        q.push(s[6 * i + 5] + Math.max(gap, 0) / h, s[6 * i + 1 + 3], -s[6 * i + 3]);
      }
    }
    const nc = this.buffer.count, w = h / this.m;
    const r = new Float64Array(3 * nc);
    for (let c = 0; c < nc; c++) {
      const qN = q[3 * c], qT1 = q[3 * c + 1], qT2 = q[3 * c + 2], qT = Math.hypot(qT1, qT2);
      if (qN >= 0) continue;
      if (qT <= this.mu * -qN) {
        r[3 * c] = -qN / w; r[3 * c + 1] = -qT1 / w; r[3 * c + 2] = -qT2 / w;
      } else {
        r[3 * c] = -qN / w;
        r[3 * c + 1] = (-this.mu * r[3 * c] * qT1) / qT;
        r[3 * c + 2] = (-this.mu * r[3 * c] * qT2) / qT;
      }
      const i = this.buffer.bodyA[c] - 1;
      // v += (h/m) Eᵀ r with E rows (e_z, e_y, -e_x).
      s[6 * i + 5] += w * r[3 * c];
      s[6 * i + 4] += w * r[3 * c + 1];
      s[6 * i + 3] -= w * r[3 * c + 2];
    }
    for (let i = 0; i < this.n; i++) for (let d = 0; d < 3; d++) s[6 * i + d] += h * s[6 * i + 3 + d];
    this.reactionsLast = r;
    this.problem = nc > 0 ? new FrictionContactProblem(
      BlockSparseMatrix.fromBlocks(nc, Array.from({ length: nc }, (_, c) => ({ row: c, col: c, values: [w, 0, 0, 0, w, 0, 0, 0, w] }))),
      Float64Array.from(q), new Float64Array(nc).fill(this.mu), `${this.scene.name ?? 'fake'}-${this.steps + 1}`,
    ) : undefined;
    this.steps++;
    this.time = this.steps * h;
    if (this.problem) this.history.set(this.steps, { problem: this.problem, r });
    const converged = !(this.failEvery > 0 && nc > 0 && this.steps % this.failEvery === 0);
    const { kinetic, potential } = this.energy();
    return {
      step: this.steps, time: this.time, contacts: nc, iterations: nc > 0 ? 1 + (this.steps % 3) : 0,
      answeredBy: nc > 0 ? 'exact' : '', converged, reason: nc === 0 ? 'no-contacts' : converged ? 'converged' : 'max-iterations',
      error: 0, merit: 'siconos', fallbacks: 0, attempts: [], kinetic, potential, penetration: 0, correctionSweeps: 0,
      ms: { detect: 0.1, assemble: 0.2, correct: 0, solve: 0.3, update: 0.4, total: 1 },
    };
  }

  run(o: RunOptions = {}): RunSummary {
    const target = Math.round((o.until ?? this.duration) / this.timeStep);
    let steps = 0, failed = 0;
    while (this.steps < target) {
      if (steps > 0 && o.shouldStop?.()) return { steps, time: this.time, ended: 'requested', failedSteps: failed, wallMs: 0 };
      const s = this.step();
      steps++;
      if (!s.converged) failed++;
      o.onStep?.(s);
    }
    return { steps, time: this.time, ended: 'until', failedSteps: failed, wallMs: 0 };
  }

  energy(): { kinetic: number; potential: number } {
    let kinetic = 0, potential = 0;
    for (let i = 0; i < this.n; i++) {
      const s = this.state.subarray(6 * i, 6 * i + 6);
      kinetic += 0.5 * this.m * (s[3] ** 2 + s[4] ** 2 + s[5] ** 2);
      potential += this.m * 9.81 * s[2];
    }
    return { kinetic, potential };
  }

  checkpoint(): SimulationCheckpoint {
    return {
      format: 'moreau-checkpoint', version: 1, time: this.time, steps: this.steps,
      kinematics: { fake: [...this.state] }, reactions: [], fingerprint: this.fingerprint,
    };
  }

  restore(c: SimulationCheckpoint): void {
    if (c.fingerprint !== this.fingerprint) throw new MoreauError('E_CONFIG', 'the checkpoint belongs to another scene or config');
    this.state.set(c.kinematics.fake);
    this.steps = c.steps;
    this.time = c.time;
  }
}
