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
    const kin = bodies.kin[i], local = bodies.local[i], dofs = bodies.dofs[i];
    const u = kin.velocity(local);
    const free = b !== undefined && bodies.free[i] === 1;
    // A body at rest (every static one) reaches nowhere: no operator to build.
    if (isZero(u, 0, dofs) && (!free || isZero(b, bodies.offset[i], dofs))) return 0;
    const { position, linear } = bodies.detectorBodies[i].pose;
    // field: v(c), then a_0, a_1, a_2 (3 each) under u, and the same under b at 12. A plane has
    // no extent: its four points coincide, each a_k is 0 and every corner is v(c).
    for (let k = 0; k < 4; k++) {
      // k = 0: the centre; k > 0: c + e_{k−1}, the box's half axis along reference axis k − 1.
      const h = k === 0 ? 0 : half[3 * i + k - 1];
      for (let r = 0; r < 3; r++) point[r] = k === 0 ? position[r] : position[r] + linear[3 * r + k - 1] * h;
      kin.contactOperator(local, point, 0, WORLD_FRAME, 0, H);
      pointVelocity(H, u, 0, dofs, field, 3 * k);
      if (free) pointVelocity(H, b, bodies.offset[i], dofs, field, 12 + 3 * k);
    }
    for (let k = 1; k < 4; k++) for (let r = 0; r < 3; r++) {
      field[3 * k + r] -= field[r];
      if (free) field[12 + 3 * k + r] -= field[12 + r];
    }
    let fastest = 0;
    for (let c = 0; c < 8; c++) {
      fastest = Math.max(fastest, cornerSpeed2(field, 0, c & 1, c & 2, c & 4));
      if (free) fastest = Math.max(fastest, cornerSpeed2(field, 12, c & 1, c & 2, c & 4));
    }
    // √ is monotone: the square root of the largest square is the largest speed.
    return Math.sqrt(fastest);
  }
}

/** |v(c) ± a_0 ± a_1 ± a_2|² from field[o..o+12) (a plus where the flag is set). */
function cornerSpeed2(field: Float64Array, o: number, s0: number, s1: number, s2: number): number {
  let total = 0;
  for (let r = 0; r < 3; r++) {
    let v = field[o + r];
    v += s0 ? field[o + 3 + r] : -field[o + 3 + r];
    v += s1 ? field[o + 6 + r] : -field[o + 6 + r];
    v += s2 ? field[o + 9 + r] : -field[o + 9 + r];
    total += v * v;
  }
  return total;
}

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
