import { symmetricEigen3 } from '../linalg/symmetric-eigen3.js';
import type { Vec3 } from '../contracts/dynamics.js';
import { convexHull } from './convex-hull.js';
import { solidMass } from './solid-mass.js';

/** A hull's points moved to its principal frame, and that frame as seen from the given one. */
export interface PrincipalHull {
  /** Qᵀ(p − c) for every given point p (interior ones too: the hull is the same). */
  points: Vec3[];
  /** c: the solid centroid, in the frame the points were given in. */
  centroid: Vec3;
  /** Q row-major: its columns are the principal axes in the given frame; det Q = +1. */
  axes: number[];
  /** Volume and principal moments of inertia (unit density), in the order of Q's columns. */
  volume: number;
  moments: Vec3;
}

/**
 * Moves a hull's points to the frame whose origin is their solid centroid and whose axes are
 * their principal axes of inertia, which is the frame `Shape` asks of a body's reference shape.
 * Throws E_CONFIG naming `where` for a hull without volume (see `convexHull`).
 */
export function principalHull(points: readonly Vec3[], where?: string): PrincipalHull {
  const mass = solidMass(convexHull(points.flat(), where));
  const { values, vectors: Q } = symmetricEigen3(mass.inertia);
  const [cx, cy, cz] = mass.centroid;
  const moved = points.map(([x, y, z]): Vec3 => {
    const dx = x - cx, dy = y - cy, dz = z - cz;
    return [
      Q[0] * dx + Q[3] * dy + Q[6] * dz,
      Q[1] * dx + Q[4] * dy + Q[7] * dz,
      Q[2] * dx + Q[5] * dy + Q[8] * dz,
    ];
  });
  return { points: moved, centroid: [cx, cy, cz], axes: Array.from(Q), volume: mass.volume, moments: [values[0], values[1], values[2]] };
}

/**
 * A body with a hull shape placed so that the world points do not change while its reference
 * frame becomes the principal frame: points' = Qᵀ(points − c), position' = position + R c,
 * rotation' = R Q (R the given rotation). Other shapes are returned as they are.
 */
export function toPrincipalFrame<T extends { shape: { type: string }; position: Vec3; rotation: readonly number[] }>(body: T, where?: string): T {
  const shape = body.shape as { type: string; points?: readonly Vec3[] };
  if (shape.type !== 'hull' || !shape.points) return body;
  const { points, centroid: c, axes: Q } = principalHull(shape.points, where);
  const R = body.rotation, p = body.position;
  const position: Vec3 = [
    p[0] + R[0] * c[0] + R[1] * c[1] + R[2] * c[2],
    p[1] + R[3] * c[0] + R[4] * c[1] + R[5] * c[2],
    p[2] + R[6] * c[0] + R[7] * c[1] + R[8] * c[2],
  ];
  const rotation = new Array<number>(9);
  for (let i = 0; i < 3; i++) {
    for (let j = 0; j < 3; j++) rotation[3 * i + j] = R[3 * i] * Q[j] + R[3 * i + 1] * Q[3 + j] + R[3 * i + 2] * Q[6 + j];
  }
  return { ...body, shape: { ...shape, points }, position, rotation };
}
