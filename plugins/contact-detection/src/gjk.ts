import { closestOnSimplex, SimplexSolver } from './simplex.js';
import { coreSupport } from './support.js';
import type { WorldBodies } from './world-bodies.js';

/** Stop when |v|² − v·w ≤ RELATIVE·|v|²: then |v| exceeds the distance by at most RELATIVE·|v|. */
const RELATIVE = 1e-10;
/** |v|² below this fraction of the simplex's largest |y|² is the origin on the simplex: touching or overlapping. */
const ZERO = 1e-26;
/** Iterations before giving up on more digits (smooth shapes converge linearly; polytopes finish exactly far sooner). */
const MAX_ITERATIONS = 96;

/**
 * The GJK distance algorithm (Gilbert, Johnson, Keerthi 1988) with the termination tests
 * of van den Bergen ("Collision Detection in Interactive 3D Environments", 2003, §4.3): on
 * the Minkowski difference A − B, v is the point of the current simplex closest to the
 * origin; each step adds w = s_A(−v) − s_B(v) and keeps the least sub-simplex holding the
 * new closest point. It stops when v·w comes within RELATIVE of |v|² (v is then as close as
 * it gets), when the new point is already in the simplex, when |v| stops falling, or when
 * the origin is enclosed (overlap). v·w/|v| is a lower bound of the distance all along, so a
 * pair further apart than `cutoff` is dropped after a step or two.
 *
 * Runs on the bodies' cores (`full` false) or on the whole shapes (cores grown by their
 * core radius, for EPA's starting simplex). Not re-entrant: one per detector.
 */
export class Gjk {
  readonly simplex = new SimplexSolver();
  /**
   * The last run's distance: the largest separation v̂·w found along the directions v̂ it
   * tried (a lower bound, within RELATIVE of |v| when converged; the bound at the cutoff when
   * `beyond`), the overlap flag, and whether it stopped at the cutoff.
   */
  distance = 0;
  overlap = false;
  beyond = false;
  iterations = 0;
  /**
   * The unit direction (from B towards A) of that largest separation: the contact normal.
   * Near the end GJK's v turns about the normal by up to the square root of its tolerance
   * while |v| has converged (a thin simplex on a curved shape), so the best separating
   * direction seen is a better normal than the last v.
   */
  nx = 0;
  ny = 0;
  nz = 1;
  /** Closest points of the two cores (or shapes), on A then on B. */
  readonly pa = new Float64Array(3);
  readonly pb = new Float64Array(3);
  private readonly w = new Float64Array(6);
  /** The simplex before the step being tried: put back when that step makes no progress. */
  private readonly previous = new SimplexSolver();

  /**
   * The distance of the last run's closest points pa, pb: an upper bound of the distance (when
   * not overlapping), and the estimate near touching, where the lower bound `distance` loses its
   * digits (a direction from a point that near the origin carries the coordinates' rounding).
   */
  closestDistance(): number {
    const pa = this.pa, pb = this.pb;
    return Math.sqrt((pa[0] - pb[0]) ** 2 + (pa[1] - pb[1]) ** 2 + (pa[2] - pb[2]) ** 2);
  }

  /**
   * Runs GJK on bodies a and b. `cutoff` ≥ 0: stop as soon as the distance is known to
   * exceed it (Infinity: never); `relative`: the termination tolerance, looser for a rough
   * start that another method polishes.
   */
  run(world: WorldBodies, a: number, b: number, cutoff: number, full = false, relative = RELATIVE): void {
    const c = world.centre, s = this.simplex, w = this.w;
    let vx = c[3 * a] - c[3 * b], vy = c[3 * a + 1] - c[3 * b + 1], vz = c[3 * a + 2] - c[3 * b + 2];
    if (vx === 0 && vy === 0 && vz === 0) vx = 1;
    let vv = Infinity, lastA = -1, lastB = -1, best = -Infinity;
    const cutoff2 = cutoff * cutoff;
    const ra = full ? world.coreRadius[a] : 0, rb = full ? world.coreRadius[b] : 0;
    s.count = 0;
    this.overlap = this.beyond = false;
    let k = 0;
    for (; k < MAX_ITERATIONS; k++) {
      lastA = coreSupport(world, a, -vx, -vy, -vz, w, 0, lastA);
      lastB = coreSupport(world, b, vx, vy, vz, w, 3, lastB);
      if (full) grow(w, vx, vy, vz, ra, rb);
      const wx = w[0] - w[3], wy = w[1] - w[4], wz = w[2] - w[5];
      const vw = vx * wx + vy * wy + vz * wz, len = Math.sqrt(vx * vx + vy * vy + vz * vz);
      // v̂·w: the separation of A from B along v̂, a lower bound of the distance.
      if (vw > best * len) { best = vw / len; this.nx = vx / len; this.ny = vy / len; this.nz = vz / len; }
      if (s.count > 0) {
        if (vw > 0 && vw * vw > cutoff2 * vv) { this.beyond = true; this.distance = best; break; }
        if (vv - vw <= relative * vv || s.contains(wx, wy, wz)) break;
      }
      this.previous.copy(s);
      s.add(wx, wy, wz, w, lastA, lastB);
      if (closestOnSimplex(s)) { this.overlap = true; break; }
      const next = s.vx * s.vx + s.vy * s.vy + s.vz * s.vz;
      if (next <= ZERO * s.largest()) { this.overlap = true; break; }
      // No progress: rounding in a thin simplex. The best separation (and its direction) stands,
      // and so does the simplex of |v|: the new one may have dropped to a far vertex, and its
      // witness points with it (an ellipsoid on a hull edge was reported at the edge's end).
      if (next >= vv) { s.copy(this.previous); break; }
      vx = s.vx; vy = s.vy; vz = s.vz; vv = next;
    }
    this.iterations = k;
    if (this.overlap) { this.distance = 0; return; }
    if (!this.beyond) this.distance = best;
    s.witness(this.pa, this.pb);
  }
}

/** Moves the core support points in w (A at 0, B at 3) out to the whole shapes: A's along −v, B's along v. */
function grow(w: Float64Array, vx: number, vy: number, vz: number, ra: number, rb: number): void {
  const len = Math.sqrt(vx * vx + vy * vy + vz * vz);
  if (!(len > 0)) return;
  const ta = -ra / len, tb = rb / len;
  w[0] += ta * vx; w[1] += ta * vy; w[2] += ta * vz;
  w[3] += tb * vx; w[4] += tb * vy; w[5] += tb * vz;
}
