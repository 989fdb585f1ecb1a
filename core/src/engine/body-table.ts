import type { BodySpec, DetectorBody, Kinematics } from '../contracts/dynamics.js';
import { isMoreauError, MoreauError } from '../contracts/errors.js';
import type { SceneBody } from './scene.js';

/**
 * The engine's view of the bodies (DESIGN §7): body b of the scene is body `local[b]`
 * of kinematics instance `kin[b]`; its velocity slot in the engine's free-velocity
 * array starts at `offset[b]` and is `dofs[b]` long. The engine never reads a body's
 * state except through its kinematics.
 */
export class BodyTable {
  readonly count: number;
  readonly kin: Kinematics[];
  readonly local: Int32Array;
  /** 1 for a body that moves under forces this step: a free body of its kinematics that is not asleep (`setFree`). */
  readonly free: Uint8Array;
  /** 1 for a free body of its kinematics (neither static nor driven), asleep or not. */
  readonly movable: Uint8Array;
  readonly dofs: Int32Array;
  readonly offset: Int32Array;
  /** Sum of dofs over all bodies. */
  readonly totalDofs: number;
  readonly maxDofs: number;
  /** The kinematics instances, one per plugin name, in order of first use. */
  readonly instances: Kinematics[];
  readonly instanceNames: string[];
  /** Shapes and poses as the detector sees them; the pose arrays are refreshed in place. */
  readonly detectorBodies: DetectorBody[];
  /** Time each body enters the scene (`appearsAt`); 1 in `present` once it has. */
  readonly appearsAt: Float64Array;
  readonly present: Uint8Array;
  /** Bodies that enter later, with the velocities they enter with; and those still waiting. */
  private readonly entryVelocity = new Map<number, Float64Array>();
  private readonly waiting = new Set<number>();
  /** The present bodies as the detector sees them, and their scene indices (ascending). */
  private presentBodies: DetectorBody[] = [];
  private presentIndex = new Int32Array(0);
  /** Per scene body: its index among the present bodies, −1 while absent (the inverse of presentIndex). */
  private detectorIndexOf = new Int32Array(0);

  constructor(bodies: readonly SceneBody[], kinematicsByName: ReadonlyMap<string, Kinematics>) {
    const n = bodies.length;
    this.count = n;
    this.kin = [];
    this.local = new Int32Array(n);
    this.free = new Uint8Array(n);
    this.movable = new Uint8Array(n);
    this.dofs = new Int32Array(n);
    this.offset = new Int32Array(n);
    this.instanceNames = [...new Set(bodies.map((b) => b.kinematics))];
    this.instances = this.instanceNames.map((name) => kinematicsByName.get(name)!);
    this.detectorBodies = [];
    let total = 0;
    let maxDofs = 0;
    for (let b = 0; b < n; b++) {
      const k = kinematicsByName.get(bodies[b].kinematics)!;
      this.kin.push(k);
      this.local[b] = addBody(k, bodies[b].spec, b);
      this.free[b] = this.movable[b] = k.isFree(this.local[b]) ? 1 : 0;
      this.dofs[b] = k.dofs;
      this.offset[b] = total;
      total += k.dofs;
      maxDofs = Math.max(maxDofs, k.dofs);
      this.detectorBodies.push({
        shape: bodies[b].spec.shape,
        pose: { position: new Float64Array(3), linear: new Float64Array(9) },
        free: this.free[b] === 1,
      });
    }
    this.totalDofs = total;
    this.maxDofs = maxDofs;
    this.appearsAt = Float64Array.from(bodies, (b) => b.appearsAt);
    this.present = new Uint8Array(n);
    for (let b = 0; b < n; b++) {
      if (this.appearsAt[b] > 0 && this.free[b]) {
        // Held at rest until it enters: zero velocity moves nothing, and the engine skips its forces.
        const u = this.kin[b].velocity(this.local[b]);
        this.entryVelocity.set(b, Float64Array.from(u));
        this.waiting.add(b);
        u.fill(0);
      } else {
        this.present[b] = 1;
      }
    }
    this.collectPresent();
  }

  /**
   * Lets in every waiting body whose time has come (appearsAt ≤ time, up to rounding of the
   * step grid), with its initial velocity. Returns whether any entered.
   */
  admit(time: number, h: number): boolean {
    if (this.waiting.size === 0) return false;
    let entered = false;
    for (const b of this.waiting) {
      if (this.appearsAt[b] > time + 1e-9 * h) continue;
      this.kin[b].velocity(this.local[b]).set(this.entryVelocity.get(b)!);
      this.present[b] = 1;
      this.waiting.delete(b);
      entered = true;
    }
    if (entered) this.collectPresent();
    return entered;
  }

  /**
   * After a checkpoint is restored at `time`: bodies due by then are present (their velocities
   * come from the checkpoint), the others wait again at rest.
   */
  restoreAt(time: number, h: number): void {
    this.waiting.clear();
    this.present.fill(1);
    for (const b of this.entryVelocity.keys()) {
      if (this.appearsAt[b] <= time + 1e-9 * h) continue;
      this.present[b] = 0;
      this.waiting.add(b);
    }
    this.collectPresent();
  }

  /**
   * Makes a movable body free or, while it sleeps, static (`SleepTable`): the assembly, the
   * forces and the detector (through `DetectorBody.free`) then treat it as they treat a static body.
   */
  setFree(b: number, free: boolean): void {
    if (!this.movable[b]) return;
    this.free[b] = free ? 1 : 0;
    this.detectorBodies[b].free = free;
  }

  /** Refreshes the present bodies' poses from their kinematics; what the detector is given. */
  refreshPoses(): readonly DetectorBody[] {
    for (let b = 0; b < this.count; b++) this.kin[b].pose(this.local[b], this.detectorBodies[b].pose);
    return this.presentBodies;
  }

  /**
   * Scene index of the k-th body given to the detector. Ascending in k, so a contact list
   * sorted by detector indices stays sorted in scene indices.
   */
  sceneIndex(k: number): number {
    return k >= 0 && k < this.presentIndex.length ? this.presentIndex[k] : -1;
  }

  /** The index body b has among the bodies given to the detector, −1 when it is not present. */
  detectorIndex(b: number): number {
    return b >= 0 && b < this.detectorIndexOf.length ? this.detectorIndexOf[b] : -1;
  }

  /** True when every body is present (the detector's indices are scene indices). */
  get allPresent(): boolean {
    return this.presentBodies.length === this.count;
  }

  private collectPresent(): void {
    const idx: number[] = [];
    for (let b = 0; b < this.count; b++) if (this.present[b]) idx.push(b);
    this.presentIndex = Int32Array.from(idx);
    this.detectorIndexOf = new Int32Array(this.count).fill(-1);
    idx.forEach((b, k) => { this.detectorIndexOf[b] = k; });
    this.presentBodies = idx.length === this.count ? this.detectorBodies : idx.map((b) => this.detectorBodies[b]);
  }

  energy(gravity: Float64Array): { kinetic: number; potential: number } {
    let kinetic = 0, potential = 0;
    for (const k of this.instances) {
      const e = k.energy(gravity);
      kinetic += e.kinetic;
      potential += e.potential;
    }
    return { kinetic, potential };
  }
}

/** `Kinematics.addBody`, with a refusal located at the scene body it concerns. */
function addBody(k: Kinematics, spec: BodySpec, b: number): number {
  try {
    return k.addBody(spec);
  } catch (e) {
    if (!isMoreauError(e)) throw e;
    const err = new MoreauError(e.code, `bodies[${b}] ("${spec.name}"), kinematics "${k.name}": ${e.message}`, { ...e.where, path: ['bodies', b] }, { cause: e });
    if (e.issues) err.issues = e.issues;
    throw err;
  }
}
