import { MoreauError, type ContactBufferLike, type ContactDetector, type DetectorBody } from '@moreau/core';
import { bruteForcePairs } from './brute-force.js';
import { NarrowPhase } from './narrow-phase.js';
import { PairList } from './pair-list.js';
import { collectPlanePairs } from './plane-pairs.js';
import { SweepAndPrune } from './sweep-and-prune.js';
import { WorldBodies } from './world-bodies.js';

export interface ContactDetectionOptions {
  /** Contacts with gap at most this are reported (≥ 0). */
  margin: number;
  broadPhase: 'sweep-and-prune' | 'brute-force';
}

/** Work done by the last `detect` call: what the scaling tests and benchmarks count. */
export interface DetectionStats {
  bodies: number;
  /** Body pairs whose bounding boxes were compared (sweep and planes); 0 for brute force. */
  boxTests: number;
  /** Pairs handed to a pair routine. */
  pairTests: number;
  /** Insertion-sort moves of the sweep order. */
  sortMoves: number;
  /** Whether the sweep order was sorted from scratch. */
  fullSort: boolean;
  contacts: number;
}

/**
 * Contact detection for spheres, boxes and planes: a broad phase (sweep and prune, or all
 * pairs) proposes body pairs, a pair routine per shape pair writes their contacts, and the
 * result is sorted by (bodyA, bodyB, feature). Not re-entrant: one detector per simulation,
 * since it keeps its sweep order and buffers from call to call.
 */
export class ConvexContactDetector implements ContactDetector {
  readonly name = 'contact-detection';
  readonly stats: DetectionStats = { bodies: 0, boxTests: 0, pairTests: 0, sortMoves: 0, fullSort: false, contacts: 0 };
  private readonly world = new WorldBodies();
  private readonly sweep = new SweepAndPrune();
  private readonly pairs = new PairList();
  private readonly narrow = new NarrowPhase();

  constructor(readonly options: ContactDetectionOptions) {
    if (!(options.margin >= 0) || !Number.isFinite(options.margin)) {
      throw new MoreauError('E_CONFIG', `contact-detection: margin must be a finite number ≥ 0, got ${options.margin}.`, { path: ['margin'] });
    }
  }

  detect(bodies: readonly DetectorBody[], out: ContactBufferLike): void {
    out.clear();
    const w = this.world, pairs = this.pairs, stats = this.stats;
    w.update(bodies, this.options.margin);
    pairs.clear();
    stats.boxTests = 0;
    stats.sortMoves = 0;
    stats.fullSort = false;
    if (this.options.broadPhase === 'brute-force') {
      bruteForcePairs(w, pairs);
    } else {
      this.sweep.collect(w, pairs);
      stats.boxTests = this.sweep.comparisons + collectPlanePairs(w, pairs);
      stats.sortMoves = this.sweep.moves;
      stats.fullSort = this.sweep.fullSort;
    }
    this.narrow.reset();
    const d = pairs.data;
    for (let k = 0; k < pairs.count; k++) this.narrow.test(w, d[2 * k], d[2 * k + 1], out);
    out.sort();
    stats.bodies = bodies.length;
    stats.pairTests = this.narrow.tests;
    stats.contacts = out.count;
  }
}
