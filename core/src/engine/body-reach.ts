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
 * box's 8 corners: those are the points asked of the kinematics (through `contactOperator` in
 * the world frame). A plane has no extent: its reach is that of its reference point.
 */
export class BodyReach {
  private readonly half: Float64Array;
  private readonly point = new Float64Array(3);
  private readonly H: Float64Array;

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
    const { bodies, point, H, half } = this;
    const kin = bodies.kin[i], local = bodies.local[i], dofs = bodies.dofs[i];
    const u = kin.velocity(local);
    const free = b !== undefined && bodies.free[i] === 1;
    // A body at rest (every static one) reaches nowhere: no operator to build.
    if (isZero(u, 0, dofs) && (!free || isZero(b, bodies.offset[i], dofs))) return 0;
    const { position, linear } = bodies.detectorBodies[i].pose;
    const ex = half[3 * i], ey = half[3 * i + 1], ez = half[3 * i + 2];
    const corners = ex === 0 && ey === 0 && ez === 0 ? 1 : 8;
    let fastest = 0;
    for (let c = 0; c < corners; c++) {
      const X = c & 1 ? ex : -ex, Y = c & 2 ? ey : -ey, Z = c & 4 ? ez : -ez;
      for (let r = 0; r < 3; r++) point[r] = position[r] + linear[3 * r] * X + linear[3 * r + 1] * Y + linear[3 * r + 2] * Z;
      kin.contactOperator(local, point, 0, WORLD_FRAME, 0, H);
      fastest = Math.max(fastest, pointSpeed(H, u, 0, dofs));
      if (free) fastest = Math.max(fastest, pointSpeed(H, b, bodies.offset[i], dofs));
    }
    return fastest;
  }
}

/** Whether v[o..o+n) is all zeros. */
function isZero(v: Float64Array, o: number, n: number): boolean {
  for (let d = 0; d < n; d++) if (v[o + d] !== 0) return false;
  return true;
}

/** |H v| for H 3 × dofs and v[o..o+dofs). */
function pointSpeed(H: Float64Array, v: Float64Array, o: number, dofs: number): number {
  let x = 0, y = 0, z = 0;
  for (let d = 0; d < dofs; d++) {
    const vd = v[o + d];
    x += H[d] * vd;
    y += H[dofs + d] * vd;
    z += H[2 * dofs + d] * vd;
  }
  return Math.sqrt(x * x + y * y + z * z);
}
