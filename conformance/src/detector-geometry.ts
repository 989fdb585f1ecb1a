import type { DetectorBody, Shape } from '@moreau/core';
import type { Rng } from './rng.js';

/**
 * The detector suite's own geometry: reference distances it checks a detector against,
 * computed independently of any detector, and rigid motions of scenes. Plain number
 * arrays; speed does not matter here.
 */

export type V3 = [number, number, number];

export const dot = (a: readonly number[], b: readonly number[]): number => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
export const sub = (a: readonly number[], b: readonly number[]): V3 => [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
export const add = (a: ArrayLike<number>, b: ArrayLike<number>): V3 => [a[0] + b[0], a[1] + b[1], a[2] + b[2]];
export const scale = (a: readonly number[], s: number): V3 => [a[0] * s, a[1] * s, a[2] * s];
export const norm = (a: readonly number[]): number => Math.sqrt(dot(a, a));
export const cross = (a: readonly number[], b: readonly number[]): V3 => [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]];

/** Row-major M·v. */
export function mulMV(M: ArrayLike<number>, v: ArrayLike<number>): V3 {
  return [0, 1, 2].map((i) => M[3 * i] * v[0] + M[3 * i + 1] * v[1] + M[3 * i + 2] * v[2]) as V3;
}

/** Row-major Mᵀ·v. */
export function mulMtV(M: ArrayLike<number>, v: readonly number[]): V3 {
  return [0, 1, 2].map((i) => M[i] * v[0] + M[3 + i] * v[1] + M[6 + i] * v[2]) as V3;
}

/** Row-major A·B. */
export function mulMM(A: ArrayLike<number>, B: ArrayLike<number>): number[] {
  const C = new Array<number>(9).fill(0);
  for (let i = 0; i < 3; i++) for (let j = 0; j < 3; j++) for (let k = 0; k < 3; k++) C[3 * i + j] += A[3 * i + k] * B[3 * k + j];
  return C;
}

/** A uniformly random rotation (row-major), from a normalised Gaussian quaternion. */
export function randomRotation(rng: Rng): number[] {
  let w = 0, x = 0, y = 0, z = 0, n = 0;
  while (n < 1e-6) {
    w = rng.normal(); x = rng.normal(); y = rng.normal(); z = rng.normal();
    n = Math.hypot(w, x, y, z);
  }
  w /= n; x /= n; y /= n; z /= n;
  return [
    1 - 2 * (y * y + z * z), 2 * (x * y - w * z), 2 * (x * z + w * y),
    2 * (x * y + w * z), 1 - 2 * (x * x + z * z), 2 * (y * z - w * x),
    2 * (x * z - w * y), 2 * (y * z + w * x), 1 - 2 * (x * x + y * y),
  ];
}

/** A uniformly random unit vector. */
export function randomDirection(rng: Rng): V3 {
  for (;;) {
    const v: V3 = [rng.normal(), rng.normal(), rng.normal()];
    const n = norm(v);
    if (n > 1e-6) return scale(v, 1 / n);
  }
}

/**
 * How far a body of the given shape and linear map L (a rotation, or any map with det > 0)
 * reaches from its centre along the unit vector u: its support distance h(u) − c·u.
 */
export function reach(shape: Shape, L: ArrayLike<number>, u: readonly number[]): number {
  const l = mulMtV(L, u);
  switch (shape.type) {
    case 'sphere': return shape.radius * norm(l);
    case 'box': return shape.halfExtents[0] * Math.abs(l[0]) + shape.halfExtents[1] * Math.abs(l[1]) + shape.halfExtents[2] * Math.abs(l[2]);
    case 'ellipsoid': return norm([shape.semiAxes[0] * l[0], shape.semiAxes[1] * l[1], shape.semiAxes[2] * l[2]]);
    case 'capsule': return shape.radius * norm(l) + shape.halfLength * Math.abs(l[2]);
    case 'cylinder': return shape.radius * Math.hypot(l[0], l[1]) + shape.halfLength * Math.abs(l[2]);
    case 'hull': return Math.max(...shape.points.map((p) => dot(p, l)));
    default: throw new Error('a plane reaches infinitely far');
  }
}

/** A plane body's world unit normal (linear·n, normalised) and a point of its boundary. */
export function planeOf(body: DetectorBody): { normal: V3; point: V3 } {
  if (body.shape.type !== 'plane') throw new Error('not a plane');
  const n = mulMV(body.pose.linear, body.shape.normal);
  return { normal: scale(n, 1 / norm(n)), point: [...body.pose.position] as V3 };
}

/** The world centre, rotation and half extents of a box body. */
export function boxOf(body: DetectorBody): { c: V3; R: Float64Array; h: V3 } {
  if (body.shape.type !== 'box') throw new Error('not a box');
  return { c: [...body.pose.position] as V3, R: body.pose.linear, h: [...body.shape.halfExtents] as V3 };
}

/**
 * A point against a box: the closest box point, the distance (0 inside), and, inside, the
 * depth below the nearest face with that face's outward world normal.
 */
export function pointBox(p: readonly number[], box: { c: V3; R: ArrayLike<number>; h: V3 }): { closest: V3; distance: number; depth: number; faceNormal: V3 } {
  const l = mulMtV(box.R, sub(p, box.c));
  const q = l.map((v, k) => Math.max(-box.h[k], Math.min(box.h[k], v))) as V3;
  const closest = add(box.c, mulMV(box.R, q));
  const distance = norm(sub(p, closest));
  let k = 0;
  for (let j = 1; j < 3; j++) if (box.h[j] - Math.abs(l[j]) < box.h[k] - Math.abs(l[k])) k = j;
  const axis: V3 = [0, 0, 0];
  axis[k] = l[k] < 0 ? -1 : 1;
  return { closest, distance, depth: box.h[k] - Math.abs(l[k]), faceNormal: mulMV(box.R, axis) };
}

/**
 * The distance between two boxes from their surfaces sampled `k` × `k` per face (a regular
 * grid, edges and corners included), each sample measured exactly against the other box:
 * at least the true distance and at most `resolution` (half the diagonal of the coarser
 * grid cell) above it. `overlap` is true when a sample of one box lies inside the other
 * (the boxes then certainly intersect).
 */
export function sampledBoxDistance(a: { c: V3; R: ArrayLike<number>; h: V3 }, b: { c: V3; R: ArrayLike<number>; h: V3 }, k: number): { distance: number; overlap: boolean; resolution: number } {
  let distance = Infinity, overlap = false;
  for (const [from, to] of [[a, b], [b, a]] as const) {
    // A sample l in `from`'s frame is M l + t in `to`'s frame: M = R_toᵀ R_from, t = R_toᵀ (c_from − c_to).
    const M = new Float64Array(9);
    for (let i = 0; i < 3; i++) for (let j = 0; j < 3; j++) M[3 * i + j] = to.R[i] * from.R[j] + to.R[3 + i] * from.R[3 + j] + to.R[6 + i] * from.R[6 + j];
    const t = mulMtV(to.R, sub(from.c, to.c));
    const h = from.h, g = to.h, l = new Float64Array(3);
    for (let axis = 0; axis < 3; axis++) {
      const u = (axis + 1) % 3, v = (axis + 2) % 3;
      for (const side of [-1, 1]) {
        l[axis] = side * h[axis];
        for (let i = 0; i < k; i++) {
          l[u] = h[u] * (-1 + (2 * i) / (k - 1));
          for (let j = 0; j < k; j++) {
            l[v] = h[v] * (-1 + (2 * j) / (k - 1));
            let d2 = 0;
            for (let r = 0; r < 3; r++) {
              const x = M[3 * r] * l[0] + M[3 * r + 1] * l[1] + M[3 * r + 2] * l[2] + t[r];
              const e = x > g[r] ? x - g[r] : x < -g[r] ? -g[r] - x : 0;
              d2 += e * e;
            }
            if (d2 === 0) overlap = true;
            if (d2 < distance) distance = d2;
          }
        }
      }
    }
  }
  const cell = (h: V3) => Math.max(Math.hypot(h[0], h[1]), Math.hypot(h[1], h[2]), Math.hypot(h[0], h[2])) * (2 / (k - 1));
  return { distance: Math.sqrt(distance), overlap, resolution: 0.5 * Math.max(cell(a.h), cell(b.h)) };
}

/** A body moved by the rigid motion x ↦ Q x + s: position Q p + s, linear Q L. */
export function moveBody(body: DetectorBody, Q: readonly number[], s: readonly number[]): DetectorBody {
  return {
    ...body,
    pose: { position: Float64Array.from(add(mulMV(Q, body.pose.position), s)), linear: Float64Array.from(mulMM(Q, body.pose.linear)) },
  };
}
