import { MoreauError, type ContactBufferLike, type ContactDetector, type DetectorBody, type PreviousContacts, type Shape } from '@moreau/core/contracts';
import { bruteForcePairs } from './brute-force.js';
import { NarrowPhase } from './narrow-phase.js';
import { PairList } from './pair-list.js';
import { PairOrderScratch, sortPairs } from './pair-order.js';
import { hullPolytope } from './polytope.js';
import { collectPlanePairs } from './plane-pairs.js';
import { SweepAndPrune } from './sweep-and-prune.js';
import { WorldBodies } from './world-bodies.js';

export interface ContactDetectionOptions {
  /** Contacts with gap at most this are reported (≥ 0); when absent, `relativeMargin` sets it. */
  margin?: number;
  /** Without `margin`: the margin as a fraction of the smallest free body's size (default 0.01). */
  relativeMargin?: number;
  broadPhase: 'sweep-and-prune' | 'brute-force';
  /** 'full' (default): up to 4 points per face pair; 'one-per-face': one, at the overlap's centroid (FacePatch). */
  manifold?: 'full' | 'one-per-face';
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

/** The size of a shape that sets the default margin (Infinity for a plane). */
function shapeSize(s: Shape, i: number): number {
  switch (s?.type) {
    case 'sphere': return s.radius;
    case 'capsule': return s.radius;
    case 'cylinder': return Math.min(s.radius, s.halfLength);
    case 'box': return Math.min(...s.halfExtents);
    case 'ellipsoid': return Math.min(...s.semiAxes);
    case 'hull': return hullPolytope(s, `contact-detection: body ${i} (hull) points`).halfWidth;
    default: return Infinity;
  }
}

/**
 * Contact detection for spheres, capsules, ellipsoids, cylinders, boxes, hulls and planes: a broad phase (sweep and prune, or all
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
  private readonly pairOrder = new PairOrderScratch();
  private readonly narrow = new NarrowPhase();

  /** The margin in use, and the bodies array it was derived from (shapes never change). */
  private currentMargin = 0;
  private marginFor: readonly DetectorBody[] | undefined;

  constructor(readonly options: ContactDetectionOptions) {
    for (const key of ['margin', 'relativeMargin'] as const) {
      const v = options[key];
      if (v !== undefined && (!(v >= 0) || !Number.isFinite(v))) {
        throw new MoreauError('E_CONFIG', `contact-detection: ${key} must be a finite number ≥ 0, got ${v}.`, { path: [key] });
      }
    }
    if (options.margin !== undefined) this.currentMargin = options.margin;
    if (options.manifold === 'one-per-face') this.narrow.onePerFace();
    else if (options.manifold !== undefined && options.manifold !== 'full') {
      throw new MoreauError('E_CONFIG', `contact-detection: manifold must be 'full' or 'one-per-face', got ${String(options.manifold)}.`, { path: ['manifold'] });
    }
  }

  /**
   * The margin: the given one, or `relativeMargin` × the smallest free body (sphere or capsule
   * radius, smallest box half extent or ellipsoid semi-axis, a hull's half width). A margin of
   * 0 lets rounding drop and find resting contacts at gap 0 from step to step (a box on a
   * plane rocks on 3 or 4 corners); a small positive one keeps them, and the quasi-inelastic
   * law lets a contact that is still apart close freely. Sizes are the reference shape's:
   * the margin stays fixed while a body deforms.
   */
  margin(bodies: readonly DetectorBody[]): number {
    if (this.options.margin !== undefined || bodies === this.marginFor) return this.currentMargin;
    let smallest = Infinity;
    bodies.forEach((b, i) => {
      if (b.free) smallest = Math.min(smallest, shapeSize(b.shape, i));
    });
    this.currentMargin = Number.isFinite(smallest) ? (this.options.relativeMargin ?? 0.01) * smallest : 0;
    this.marginFor = bodies;
    return this.currentMargin;
  }

  detect(bodies: readonly DetectorBody[], out: ContactBufferLike, previous?: PreviousContacts): void {
    out.clear();
    const w = this.world, pairs = this.pairs, stats = this.stats;
    w.update(bodies, this.margin(bodies));
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
    sortPairs(w.kind, w.count, pairs, this.pairOrder);
    this.narrow.reset(previous);
    const d = pairs.data;
    // Each pair is tested within the margin widened by its bodies' reach (predictive activation).
    const { reach, baseMargin } = w;
    for (let k = 0; k < pairs.count; k++) {
      const i = d[2 * k], j = d[2 * k + 1];
      w.margin = baseMargin + reach[i] + reach[j];
      this.narrow.test(w, i, j, out);
    }
    w.margin = baseMargin;
    out.sort();
    stats.bodies = bodies.length;
    stats.pairTests = this.narrow.tests;
    stats.contacts = out.count;
  }
}
