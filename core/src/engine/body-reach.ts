import type { Shape } from '../contracts/dynamics.js';
import { MoreauError } from '../contracts/errors.js';
import { boxCornerSpeed, CornerSpeedScratch } from '../kinematics/box-corner-speed.js';
import type { BodyTable } from './body-table.js';

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
 * (the larger of the two). The speed is the model's `boxCornerSpeed` where it has one, else
 * core's from `contactOperator` (the same function): the corners of the box, from the velocity
 * field at four points.
 */
export class BodyReach {
  private readonly half: Float64Array;
  private readonly scratch: CornerSpeedScratch;

  constructor(private readonly bodies: BodyTable) {
    this.half = new Float64Array(3 * bodies.count);
    bodies.detectorBodies.forEach((d, b) => this.half.set(boundingHalfExtents(d.shape), 3 * b));
    this.scratch = new CornerSpeedScratch(bodies.maxDofs);
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
    const { bodies } = this;
    const kin = bodies.kin[i], local = bodies.local[i], dofs = bodies.dofs[i], bo = bodies.offset[i];
    const free = b !== undefined && bodies.free[i] === 1;
    // A body at rest (every static one) reaches nowhere: no operator to build.
    if (isZero(kin.velocity(local), 0, dofs) && (!free || isZero(b, bo, dofs))) return 0;
    const v = free ? b : undefined;
    if (kin.boxCornerSpeed) return kin.boxCornerSpeed(local, this.half, 3 * i, v, bo);
    return boxCornerSpeed(kin, local, bodies.detectorBodies[i].pose, this.half, 3 * i, this.scratch, v, bo);
  }
}

/** Whether v[o..o+n) is all zeros. */
function isZero(v: Float64Array, o: number, n: number): boolean {
  for (let d = 0; d < n; d++) if (v[o + d] !== 0) return false;
  return true;
}
