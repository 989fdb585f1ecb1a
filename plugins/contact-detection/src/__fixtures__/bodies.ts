import { ContactBuffer, type DetectorBody, type Vec3 } from '@moreau/core';
import { ConvexContactDetector, type ContactDetectionOptions } from '../contact-detector.js';

/** Test scenes: bodies from plain numbers, and contacts read back as objects. */

export const IDENTITY: readonly number[] = [1, 0, 0, 0, 1, 0, 0, 0, 1];

/** Row-major rotation by `angle` about the unit vector along `axis` (Rodrigues). */
export function rotation(axis: Vec3, angle: number): number[] {
  const len = Math.hypot(...axis);
  const [x, y, z] = axis.map((v) => v / len);
  const c = Math.cos(angle), s = Math.sin(angle), t = 1 - c;
  return [
    t * x * x + c, t * x * y - s * z, t * x * z + s * y,
    t * x * y + s * z, t * y * y + c, t * y * z - s * x,
    t * x * z - s * y, t * y * z + s * x, t * z * z + c,
  ];
}

/** The product of row-major 3×3 matrices. */
export function multiply(A: readonly number[], B: readonly number[]): number[] {
  const C = new Array<number>(9).fill(0);
  for (let i = 0; i < 3; i++) for (let j = 0; j < 3; j++) for (let k = 0; k < 3; k++) C[3 * i + j] += A[3 * i + k] * B[3 * k + j];
  return C;
}

export function apply(R: readonly number[], v: readonly number[]): [number, number, number] {
  return [0, 1, 2].map((i) => R[3 * i] * v[0] + R[3 * i + 1] * v[1] + R[3 * i + 2] * v[2]) as [number, number, number];
}

const pose = (position: readonly number[], linear: readonly number[] = IDENTITY) => ({
  position: Float64Array.from(position), linear: Float64Array.from(linear),
});

export function sphere(position: readonly number[], radius: number, free = true): DetectorBody {
  return { shape: { type: 'sphere', radius }, pose: pose(position), free };
}

export function box(position: readonly number[], halfExtents: Vec3, linear: readonly number[] = IDENTITY, free = true): DetectorBody {
  return { shape: { type: 'box', halfExtents }, pose: pose(position, linear), free };
}

export function ellipsoid(position: readonly number[], semiAxes: Vec3, linear: readonly number[] = IDENTITY, free = true): DetectorBody {
  return { shape: { type: 'ellipsoid', semiAxes }, pose: pose(position, linear), free };
}

export function capsule(position: readonly number[], radius: number, halfLength: number, linear: readonly number[] = IDENTITY, free = true): DetectorBody {
  return { shape: { type: 'capsule', radius, halfLength }, pose: pose(position, linear), free };
}

/** A cylinder of `radius` about its body z axis, from z = −halfLength to halfLength. */
export function cylinder(position: readonly number[], radius: number, halfLength: number, linear: readonly number[] = IDENTITY, free = true): DetectorBody {
  return { shape: { type: 'cylinder', radius, halfLength }, pose: pose(position, linear), free };
}

export function hull(position: readonly number[], points: readonly Vec3[], linear: readonly number[] = IDENTITY, free = true): DetectorBody {
  return { shape: { type: 'hull', points }, pose: pose(position, linear), free };
}

/** The body moved rigidly, x ↦ R x + t. */
export function moved(body: DetectorBody, R: readonly number[], t: readonly number[]): DetectorBody {
  return { ...body, pose: pose(apply(R, Array.from(body.pose.position)).map((v, k) => v + t[k]), multiply(R, Array.from(body.pose.linear))) };
}

/** The 8 corners of a box of half extents h, as hull points. */
export function boxPoints(h: Vec3): Vec3[] {
  return Array.from({ length: 8 }, (_, v) => [v & 1 ? h[0] : -h[0], v & 2 ? h[1] : -h[1], v & 4 ? h[2] : -h[2]] as Vec3);
}

export function plane(position: readonly number[], normal: Vec3, linear: readonly number[] = IDENTITY, free = false): DetectorBody {
  return { shape: { type: 'plane', normal }, pose: pose(position, linear), free };
}

/** One reported contact, as plain numbers. */
export interface Contact {
  bodyA: number;
  bodyB: number;
  feature: number;
  point: number[];
  normal: number[];
  frame: number[];
  gap: number;
}

export function contactsOf(buf: ContactBuffer): Contact[] {
  return Array.from({ length: buf.count }, (_, k) => ({
    bodyA: buf.bodyA[k], bodyB: buf.bodyB[k], feature: buf.feature[k],
    point: Array.from(buf.point.subarray(3 * k, 3 * k + 3)),
    normal: Array.from(buf.frame.subarray(9 * k, 9 * k + 3)),
    frame: Array.from(buf.frame.subarray(9 * k, 9 * k + 9)),
    gap: buf.gap[k],
  }));
}

/** Runs a fresh detector (default options unless given) on `bodies`. */
export function detect(bodies: DetectorBody[], options: Partial<ContactDetectionOptions> = {}): Contact[] {
  const detector = new ConvexContactDetector({ margin: 0, broadPhase: 'sweep-and-prune', ...options });
  const buf = new ContactBuffer();
  detector.detect(bodies, buf);
  return contactsOf(buf);
}

/** max_i |a_i − b_i|. */
export function maxDiff(a: readonly number[], b: readonly number[]): number {
  return Math.max(...a.map((v, i) => Math.abs(v - b[i])));
}
