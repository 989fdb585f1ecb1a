import type { Shape } from '../contracts/dynamics.js';
import { MoreauError } from '../contracts/errors.js';
import type { BodyTable } from './body-table.js';

/** Rows of the identity: contact operators in this frame give world velocities. */
const WORLD_FRAME = Float64Array.of(1, 0, 0, 0, 1, 0, 0, 0, 1);

/** Half extents of the reference shape's bounding box about its centre (a plane: none, 0). */
export function boundingHalfExtents(shape: Shape): [number, number, number] {
  switch (shape.type) {
    case 'sphere': return [shape.radius, shape.radius, shape.radius];
    case 'box': return [...shape.halfExtents];
    case 'ellipsoid': return [...shape.semiAxes];
    case 'capsule': return [shape.radius, shape.radius, shape.radius + shape.halfLength];
    case 'cylinder': return [shape.radius, shape.radius, shape.halfLength];
    case 'hull': {
      const e: [number, number, number] = [0, 0, 0];
      for (const p of shape.points) for (let k = 0; k < 3; k++) e[k] = Math.max(e[k], Math.abs(p[k]));
      return e;
    }
    default: return [0, 0, 0];
  }
}

/**
 * Each body's reach for predictive activation: lookAhead × the largest speed of a point of its
 * reference bounding box, under the body's velocity u and, where given, its free velocity b
 * (the larger of the two). A pose is an affine map of the reference shape, so the velocity of
 * a material point is affine in it and its length, a convex function, is largest at one of the
 * box's 8 corners. Being affine, the velocity field is known from four points: the centre c
 * and c + e_k (e_k the box's half axis k in the world), v(c ± e_0 ± e_1 ± e_2) =
 * v(c) ± a_0 ± a_1 ± a_2 with a_k = v(c + e_k) − v(c); those four are asked of the kinematics
 * (through `contactOperator` in the world frame) instead of the eight corners. A plane has no
 * extent: its reach is that of its reference point.
 */
export class BodyReach {
  private readonly half: Float64Array;
  private readonly point = new Float64Array(3);
  private readonly H: Float64Array;
  /** The velocity field of the body in hand: v(c), a_0, a_1, a_2 under u, then under b. */
  private readonly field = new Float64Array(24);

  constructor(private readonly bodies: BodyTable) {
    this.half = new Float64Array(3 * bodies.count);
    bodies.detectorBodies.forEach((d, b) => this.half.set(boundingHalfExtents(d.shape), 3 * b));
    this.H = new Float64Array(3 * bodies.maxDofs);
  }

  /** Writes `reach` on every detector body (0 for all when lookAhead is 0). */
  update(lookAhead: number, b?: Float64Array): void {
    const { bodies } = this;
    for (let i = 0; i < bodies.count; i++) {
      const d = bodies.detectorBodies[i];
      d.reach = lookAhead > 0 && bodies.present[i] ? lookAhead * this.speed(i, b) : 0;
      if (!Number.isFinite(d.reach)) {
        throw new MoreauError('E_NOT_FINITE', `Body ${i} has a velocity that is not finite (its reach for contact detection is ${d.reach}); the step before went wrong.`, { index: i });
      }
    }
  }

  /** The largest corner speed of body i, under its velocity and, where given, its free velocity in `b`. */
  speed(i: number, b?: Float64Array): number {
    const { bodies, point, H, half, field } = this;
    const kin = bodies.kin[i], local = bodies.local[i], dofs = bodies.dofs[i], bo = bodies.offset[i];
    const u = kin.velocity(local);
    const free = b !== undefined && bodies.free[i] === 1;
    // A body at rest (every static one) reaches nowhere: no operator to build.
    if (isZero(u, 0, dofs) && (!free || isZero(b, bo, dofs))) return 0;
    const { position, linear } = bodies.detectorBodies[i].pose;
    // field: v(c), then a_0, a_1, a_2 (3 each) under u, and the same under b at 12. A plane has
    // no extent: its four points coincide, each a_k is 0 and every corner is v(c).
    for (let k = 0; k < 4; k++) {
      // k = 0: the centre; k > 0: c + e_{k−1}, the box's half axis along reference axis k − 1.
      if (k === 0) {
        point[0] = position[0]; point[1] = position[1]; point[2] = position[2];
      } else {
        const h = half[3 * i + k - 1];
        point[0] = position[0] + linear[k - 1] * h;
        point[1] = position[1] + linear[3 + k - 1] * h;
        point[2] = position[2] + linear[6 + k - 1] * h;
      }
      kin.contactOperator(local, point, 0, WORLD_FRAME, 0, H);
      pointVelocity(H, u, 0, dofs, field, 3 * k);
      if (free) pointVelocity(H, b, bo, dofs, field, 12 + 3 * k);
    }
    for (let k = 3; k < 12; k++) field[k] -= field[k % 3];
    let fastest = fastestCorner2(field, 0);
    if (free) {
      for (let k = 15; k < 24; k++) field[k] -= field[12 + (k % 3)];
      fastest = Math.max(fastest, fastestCorner2(field, 12));
    }
    // √ is monotone: the square root of the largest square is the largest speed.
    return Math.sqrt(fastest);
  }
}

/**
 * The largest |v(c) ± a_0 ± a_1 ± a_2|² over the 8 sign choices, from field[o..o+12): each
 * component summed as ((v(c) ± a_0) ± a_1) ± a_2, the partial sums shared between corners.
 */
function fastestCorner2(field: Float64Array, o: number): number {
  const corners = CORNERS;
  corners.fill(0);
  for (let r = 0; r < 3; r++) {
    const c = field[o + r], a0 = field[o + 3 + r], a1 = field[o + 6 + r], a2 = field[o + 9 + r];
    const m = c - a0, p = c + a0;
    const mm = m - a1, mp = m + a1, pm = p - a1, pp = p + a1;
    let v = mm - a2; corners[0] += v * v;
    v = pm - a2; corners[1] += v * v;
    v = mp - a2; corners[2] += v * v;
    v = pp - a2; corners[3] += v * v;
    v = mm + a2; corners[4] += v * v;
    v = pm + a2; corners[5] += v * v;
    v = mp + a2; corners[6] += v * v;
    v = pp + a2; corners[7] += v * v;
  }
  let fastest = 0;
  for (let c = 0; c < 8; c++) fastest = Math.max(fastest, corners[c]);
  return fastest;
}

/** Squared speeds of the 8 corners, corner c taking +a_k where bit k of c is set. */
const CORNERS = new Float64Array(8);

/** Whether v[o..o+n) is all zeros. */
function isZero(v: Float64Array, o: number, n: number): boolean {
  for (let d = 0; d < n; d++) if (v[o + d] !== 0) return false;
  return true;
}

/** out[p..p+3) = H v for H 3 × dofs and v[o..o+dofs). */
function pointVelocity(H: Float64Array, v: Float64Array, o: number, dofs: number, out: Float64Array, p: number): void {
  let x = 0, y = 0, z = 0;
  for (let d = 0; d < dofs; d++) {
    const vd = v[o + d];
    x += H[d] * vd;
    y += H[dofs + d] * vd;
    z += H[2 * dofs + d] * vd;
  }
  out[p] = x; out[p + 1] = y; out[p + 2] = z;
}
