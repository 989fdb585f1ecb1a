import fc from 'fast-check';
import { convexHull, solidMass, type DetectorBody, type Shape, type ShapeType, type Vec3 } from '@moreau/core';
import { add, mulMM, mulMV, randomDirection, randomRotation, reach, scale, type V3 } from './detector-geometry.js';
import { Rng } from './rng.js';

/** The shape pairs a detector is asked about: every pair of the declared shapes but plane-plane. */
export type ShapePair = readonly [ShapeType, ShapeType];

export function shapePairs(shapes: readonly ShapeType[]): ShapePair[] {
  const order: ShapeType[] = ['sphere', 'capsule', 'ellipsoid', 'cylinder', 'box', 'hull', 'plane'];
  const declared = order.filter((s) => shapes.includes(s));
  const pairs: ShapePair[] = [];
  for (let i = 0; i < declared.length; i++) {
    for (let j = i; j < declared.length; j++) if (!(declared[i] === 'plane' && declared[j] === 'plane')) pairs.push([declared[i], declared[j]]);
  }
  return pairs;
}

/** A scene for one property run; its label replays it (the generator seed and what was drawn). */
export interface DetectorCase {
  bodies: DetectorBody[];
  label: string;
}

/** Options of the case generators. */
export interface CaseOptions {
  /** The detector's margin: gaps are drawn around 0 and around it. */
  margin: number;
  /** Draw non-plane bodies not free with this probability (a body of each pair stays free). Default 0.2. */
  notFree?: number;
  /** Shapes drawn half the time under a general linear map (det > 0) instead of a rotation. Default none. */
  affine?: readonly ShapeType[];
}

/** A random shape of the given type, its sizes within [0.15, 1.5]. */
function randomShape(type: ShapeType, rng: Rng): Shape {
  if (type === 'sphere') return { type, radius: rng.uniform(0.2, 1.5) };
  if (type === 'box') return { type, halfExtents: [rng.uniform(0.15, 1.2), rng.uniform(0.15, 1.2), rng.uniform(0.15, 1.2)] };
  if (type === 'ellipsoid') return { type, semiAxes: [rng.uniform(0.2, 1.2), rng.uniform(0.2, 1.2), rng.uniform(0.2, 1.2)] };
  if (type === 'capsule') return { type, radius: rng.uniform(0.15, 0.8), halfLength: rng.uniform(0.1, 1.2) };
  if (type === 'cylinder') return { type, radius: rng.uniform(0.15, 1), halfLength: rng.uniform(0.1, 1.2) };
  if (type === 'hull') return { type, points: randomHullPoints(rng) };
  // A reference normal of any length: the detector must normalise linear·n.
  return { type, normal: scale(randomDirection(rng), rng.uniform(0.5, 2)) };
}

/**
 * 5 to 10 points at random directions and distances in [0.3, 1.2], moved so the solid
 * centroid of their hull is the origin (the contract's reference frame for a hull).
 */
function randomHullPoints(rng: Rng): Vec3[] {
  const n = rng.int(5, 10);
  const points = Array.from({ length: n }, () => scale(randomDirection(rng), rng.uniform(0.3, 1.2)));
  const { centroid } = solidMass(convexHull(points.flat(), 'randomHullPoints'));
  return points.map((p) => [p[0] - centroid[0], p[1] - centroid[1], p[2] - centroid[2]] as Vec3);
}

/** The rotation R, or for a shape in `affine`, half the time R·S with S symmetric positive definite (stretches in [0.6, 1.5]). */
function linearFor(type: ShapeType, R: number[], rng: Rng, options: CaseOptions): number[] {
  if (!options.affine?.includes(type) || rng.next() < 0.5) return R;
  const Q = randomRotation(rng), s = [rng.uniform(0.6, 1.5), rng.uniform(0.6, 1.5), rng.uniform(0.6, 1.5)];
  // S = Q diag(s) Qᵀ.
  const S = [0, 1, 2].flatMap((i) => [0, 1, 2].map((j) => s[0] * Q[3 * i] * Q[3 * j] + s[1] * Q[3 * i + 1] * Q[3 * j + 1] + s[2] * Q[3 * i + 2] * Q[3 * j + 2]));
  return mulMM(R, S);
}

const body = (shape: Shape, position: readonly number[], linear: readonly number[], free: boolean): DetectorBody => ({
  shape, pose: { position: Float64Array.from(position), linear: Float64Array.from(linear) }, free,
});

/** A signed gap to aim at: a third overlapping, a third within the margin (or just touching), a third beyond. */
function targetGap(rng: Rng, size: number, margin: number): number {
  const u = rng.next();
  if (u < 1 / 3) return -rng.uniform(0, 0.4 * size);
  if (u < 2 / 3) return rng.uniform(0, margin > 0 ? margin : 0.05 * size);
  return margin + rng.uniform(0, 0.5 * size);
}

/**
 * Two bodies of the given shapes near contact: body P at a random pose, body Q placed along a
 * random direction u at the distance where their support planes along u are `gap` apart
 * (exactly the gap for spheres and planes, roughly for boxes). Which comes first in the
 * array is drawn too; planes are never free.
 */
export function randomDetectorPair(seed: number, pair: ShapePair, options: CaseOptions): DetectorCase {
  const rng = new Rng(seed);
  // A plane, when there is one, is P: the other body is placed above it.
  const [typeP, typeQ] = pair[1] === 'plane' ? [pair[1], pair[0]] : rng.next() < 0.5 ? [pair[1], pair[0]] : [pair[0], pair[1]];
  const sp = randomShape(typeP, rng), sq = randomShape(typeQ, rng);
  const Rp = linearFor(typeP, randomRotation(rng), rng, options), Rq = linearFor(typeQ, randomRotation(rng), rng, options);
  const cp: V3 = [rng.uniform(-2, 2), rng.uniform(-2, 2), rng.uniform(-2, 2)];
  const size = Math.min(sizeOf(sp), sizeOf(sq));
  const gap = targetGap(rng, size, options.margin);
  let cq: V3;
  if (sp.type === 'plane') {
    const n = mulMV(Rp, sp.normal), u = scale(n, 1 / Math.hypot(...n));
    // Anywhere above the plane's point, then lifted so its lowest point is `gap` above the plane.
    const drift = add(cp, [rng.uniform(-2, 2), rng.uniform(-2, 2), rng.uniform(-2, 2)]);
    const height = u[0] * (drift[0] - cp[0]) + u[1] * (drift[1] - cp[1]) + u[2] * (drift[2] - cp[2]);
    cq = add(drift, scale(u, reach(sq, Rq, u) + gap - height));
  } else {
    const u = randomDirection(rng);
    cq = add(cp, scale(u, reach(sp, Rp, u) + reach(sq, Rq, scale(u, -1)) + gap));
  }
  const notFree = options.notFree ?? 0.2;
  const stillP = sp.type === 'plane' || rng.next() < notFree, stillQ = !stillP && rng.next() < notFree;
  const P = body(sp, cp, Rp, !stillP), Q = body(sq, cq, Rq, !stillQ);
  const bodies = rng.next() < 0.5 ? [P, Q] : [Q, P];
  return { bodies, label: `${pair[0]}-${pair[1]} seed=${seed} aimed gap=${gap.toPrecision(4)}` };
}

function sizeOf(s: Shape): number {
  if (s.type === 'sphere' || s.type === 'capsule') return s.radius;
  if (s.type === 'cylinder') return Math.min(s.radius, s.halfLength);
  if (s.type === 'box') return Math.min(...s.halfExtents);
  if (s.type === 'ellipsoid') return Math.min(...s.semiAxes);
  if (s.type === 'hull') return 0.3;
  return Infinity;
}

/** fast-check arbitrary of `randomDetectorPair` over the given shape pairs. */
export function arbDetectorPair(pairs: readonly ShapePair[], options: CaseOptions): fc.Arbitrary<DetectorCase> {
  // No pair: a placeholder for properties that are skipped anyway.
  if (pairs.length === 0) return fc.constant({ bodies: [], label: 'no shape pair' });
  return fc.record({ pair: fc.constantFrom(...pairs), seed: fc.integer({ min: 0, max: 0x7fffffff }) })
    .map(({ pair, seed }) => randomDetectorPair(seed, pair, options));
}

/**
 * A small scene: 3 to 6 bodies of the declared non-plane shapes in a cube of side 3 (so some
 * touch), plus a plane under them when planes are declared; 1 in 5 not free.
 */
export function randomDetectorScene(seed: number, shapes: readonly ShapeType[], options: CaseOptions): DetectorCase {
  const rng = new Rng(seed);
  const solids = shapes.filter((s) => s !== 'plane');
  const bodies: DetectorBody[] = [];
  const n = rng.int(3, 6);
  for (let i = 0; i < n && solids.length; i++) {
    const type = solids[rng.int(0, solids.length - 1)];
    const shape = randomShape(type, rng), at = [rng.uniform(0, 3), rng.uniform(0, 3), rng.uniform(0, 3)];
    bodies.push(body(shape, at, linearFor(type, randomRotation(rng), rng, options), rng.next() >= (options.notFree ?? 0.2)));
  }
  if (shapes.includes('plane')) {
    const at = rng.int(0, bodies.length);
    bodies.splice(at, 0, body({ type: 'plane', normal: [rng.uniform(-0.3, 0.3), rng.uniform(-0.3, 0.3), 1] }, [1.5, 1.5, rng.uniform(0, 1)], [1, 0, 0, 0, 1, 0, 0, 0, 1], false));
  }
  return { bodies, label: `scene seed=${seed} bodies=${bodies.length}` };
}

/** fast-check arbitrary of `randomDetectorScene`. */
export function arbDetectorScene(shapes: readonly ShapeType[], options: CaseOptions): fc.Arbitrary<DetectorCase> {
  return fc.integer({ min: 0, max: 0x7fffffff }).map((seed) => randomDetectorScene(seed, shapes, options));
}
