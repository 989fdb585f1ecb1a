import type { ContactSet } from '../contracts/dynamics.js';
import type { BodyTable } from './body-table.js';

/**
 * Config `sleep` (docs/simulation.md, "Sleeping bodies"): islands of bodies at rest leave the
 * step's problem until an awake body touches them. Off when the config has no `sleep`.
 */
export interface SleepSettings {
  /** A body is at rest while every point of its bounding box moves slower than this (m/s). */
  speed: number;
  /** An island falls asleep once every body in it has been at rest this long (s). */
  time: number;
}

/**
 * Which bodies sleep, and for how long each awake one has been at rest. An island is a set of
 * free bodies joined by the step's contacts (static bodies join nothing); it falls asleep whole,
 * after a step at whose end every body in it has rested `time` seconds, and wakes whole, in the
 * detection of a step that finds one of its bodies touching an awake free body. A sleeping body
 * is, for the steps it sleeps, a static body: velocity zero, no forces, no contacts with other
 * static or sleeping bodies, so the detector skips its pairs and the problem leaves it out.
 *
 * Not put to sleep: an island that touches a driven body (its motion is prescribed and may
 * start at any time), and any body while a load callback is given (loads may change with time;
 * the scene's constant loads are balanced at rest like gravity).
 */
export class SleepTable {
  /** 1 while the body sleeps. */
  readonly sleeping: Uint8Array;
  /** The island a sleeping body fell asleep with (the index of one of its bodies); −1 when awake. */
  readonly island: Int32Array;
  /** Seconds each awake body has been at rest (reset when it moves or wakes). */
  readonly rest: Float64Array;
  /** Bodies asleep now. */
  asleep = 0;
  /** The bodies the last `wakeTouched` woke. */
  readonly woken: number[] = [];
  private readonly parent: Int32Array;
  /** 1 for an island root whose island may not sleep this step. */
  private readonly blocked: Uint8Array;

  constructor(
    private readonly bodies: BodyTable,
    readonly settings: SleepSettings,
    /** 1 for a driven body (prescribed motion). */
    private readonly driven: Uint8Array,
    /** Whether a load callback is given: then nothing sleeps. */
    private readonly loadCallback: boolean,
  ) {
    const n = bodies.count;
    this.sleeping = new Uint8Array(n);
    this.island = new Int32Array(n).fill(-1);
    this.rest = new Float64Array(n);
    this.parent = new Int32Array(n);
    this.blocked = new Uint8Array(n);
  }

  /**
   * The end of a step: each awake free body's rest time grows by h while its speed is at most
   * `settings.speed`, else starts again; then every island of this step's contacts whose bodies
   * have all rested `settings.time` falls asleep. `speed(b)` is the fastest point of body b.
   * @returns bodies that fell asleep
   */
  afterStep(contacts: ContactSet, h: number, speed: (b: number) => number): number {
    const { bodies, rest, parent, blocked, settings } = this;
    for (let b = 0; b < bodies.count; b++) {
      parent[b] = b;
      blocked[b] = 0;
      if (!this.awakeFree(b)) continue;
      rest[b] = speed(b) <= settings.speed ? rest[b] + h : 0;
    }
    if (this.loadCallback) return 0;
    for (let a = 0; a < contacts.count; a++) {
      const A = contacts.bodyA[a], B = contacts.bodyB[a];
      const freeA = this.awakeFree(A), freeB = this.awakeFree(B);
      if (freeA && freeB) this.union(A, B);
      else if (freeA && this.driven[B]) blocked[this.find(A)] = 1;
      else if (freeB && this.driven[A]) blocked[this.find(B)] = 1;
    }
    for (let b = 0; b < bodies.count; b++) {
      if (this.awakeFree(b) && !(rest[b] >= settings.time)) blocked[this.find(b)] = 1;
    }
    let fell = 0;
    for (let b = 0; b < bodies.count; b++) {
      if (!this.awakeFree(b)) continue;
      const root = this.find(b);
      if (blocked[root]) continue;
      this.fallAsleep(b, root);
      fell++;
    }
    this.asleep += fell;
    return fell;
  }

  /**
   * In a step's detection: wakes, whole, the island of every sleeping body that a contact pairs
   * with an awake free body; `woken` lists them.
   * @returns bodies woken (0: the detection stands)
   */
  wakeTouched(contacts: ContactSet): number {
    const { sleeping, island, bodies, woken } = this;
    woken.length = 0;
    for (let a = 0; a < contacts.count; a++) {
      const A = contacts.bodyA[a], B = contacts.bodyB[a];
      const s = sleeping[A] ? A : sleeping[B] ? B : -1;
      if (s < 0 || !this.awakeFree(s === A ? B : A)) continue;
      const id = island[s];
      for (let b = 0; b < bodies.count; b++) {
        if (!sleeping[b] || island[b] !== id) continue;
        this.wake(b);
        woken.push(b);
      }
    }
    this.asleep -= woken.length;
    return woken.length;
  }

  /** Sets the sleeping bodies from a checkpoint's island list (−1: awake) and rest times. */
  load(island: readonly number[], rest: readonly number[]): void {
    this.asleep = 0;
    for (let b = 0; b < this.bodies.count; b++) {
      this.rest[b] = rest[b];
      if (this.sleeping[b]) this.wake(b);
      if (island[b] >= 0) {
        this.fallAsleep(b, island[b]);
        this.asleep++;
      }
    }
  }

  private awakeFree(b: number): boolean {
    return this.bodies.free[b] === 1 && this.bodies.present[b] === 1;
  }

  private fallAsleep(b: number, id: number): void {
    this.sleeping[b] = 1;
    this.island[b] = id;
    this.bodies.kin[b].velocity(this.bodies.local[b]).fill(0);
    this.bodies.setFree(b, false);
  }

  private wake(b: number): void {
    this.sleeping[b] = 0;
    this.island[b] = -1;
    this.rest[b] = 0;
    this.bodies.setFree(b, true);
  }

  private find(b: number): number {
    const { parent } = this;
    while (parent[b] !== b) {
      parent[b] = parent[parent[b]];
      b = parent[b];
    }
    return b;
  }

  private union(a: number, b: number): void {
    const ra = this.find(a), rb = this.find(b);
    if (ra === rb) return;
    // The smaller index is the root, so an island's id does not depend on the order of contacts.
    if (ra < rb) { this.parent[rb] = ra; this.blocked[ra] |= this.blocked[rb]; }
    else { this.parent[ra] = rb; this.blocked[rb] |= this.blocked[ra]; }
  }
}
