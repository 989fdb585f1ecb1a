import fc from 'fast-check';
import type { BodySpec, Shape, Vec3 } from '@moreau/core';
import { quaternionRotation } from './kinematics-math.js';
import { Rng } from './rng.js';

/**
 * Sample bodies and geometry for the kinematics suite. Counterexample labels print every
 * number of a case at full precision; the seed and path of a failure replay it.
 */

/** Material numbers the samples carry for deformable models (a rigid model ignores them). */
export const SAMPLE_MATERIAL: Readonly<Record<string, number>> = { young: 1e6, poisson: 0.3 };

/** Largest seed drawn. */
const SEED_MAX = 0x7fffffff;

/**
 * A seed drawn uniformly, without fast-check's bias towards small and extreme values.
 * Physical samples come from seeds rather than from fc.double, which draws uniformly over
 * the representable doubles (most of them tiny) and favours 0 and the bounds, so it would
 * seldom produce a body that moves and turns at a meaningful speed.
 */
export const arbSeed = (): fc.Arbitrary<number> => fc.noBias(fc.integer({ min: 0, max: SEED_MAX }));

/** Uniform in [min, max] (on a grid of 2³¹ points). */
export const arbUniform = (min: number, max: number): fc.Arbitrary<number> => arbSeed().map((k) => min + (max - min) * (k / SEED_MAX));

/** Log-uniform in [lo, hi]. */
export const arbMagnitude = (lo: number, hi: number): fc.Arbitrary<number> => arbUniform(Math.log10(lo), Math.log10(hi)).map((e) => 10 ** e);

/** A 3-vector with entries uniform in [−bound, bound]. */
export const arbVec3 = (bound: number): fc.Arbitrary<Vec3> => fc.tuple(arbUniform(-bound, bound), arbUniform(-bound, bound), arbUniform(-bound, bound));

/** A rotation uniform on SO(3) (row-major 3×3, det +1): the quaternion of four normal deviates. */
export function randomRotation(rng: Rng): number[] {
  return quaternionRotation(rng.normal(), rng.normal(), rng.normal(), rng.normal());
}

/** A uniformly random rotation. */
export const arbRotation = (): fc.Arbitrary<number[]> => arbSeed().map((seed) => randomRotation(new Rng(seed)));

/** A unit 3-vector, uniform on the sphere. */
export const arbUnit = (): fc.Arbitrary<Vec3> => arbRotation().map((r) => [r[0], r[1], r[2]]);

/** A sphere of radius or a box of half extents log-uniform in [0.05, 2], with equal odds. */
export function randomSolidShape(rng: Rng): Shape {
  const size = (): number => rng.logUniform(Math.log10(0.05), Math.log10(2));
  return rng.next() < 0.5 ? { type: 'sphere', radius: size() } : { type: 'box', halfExtents: [size(), size(), size()] };
}

/**
 * The default sample body: a free sphere or box (see `randomSolidShape`), density
 * log-uniform in [100, 10⁴], centre uniform in [−5, 5]³, a uniform random rotation,
 * velocity uniform in [−3, 3]³ and angular velocity uniform in [−4, 4]³.
 */
export function randomBodySpec(rng: Rng): BodySpec {
  const vec = (b: number): Vec3 => [rng.uniform(-b, b), rng.uniform(-b, b), rng.uniform(-b, b)];
  return {
    name: 'sample',
    shape: randomSolidShape(rng),
    density: rng.logUniform(2, 4),
    position: vec(5),
    rotation: randomRotation(rng),
    velocity: vec(3),
    angularVelocity: vec(4),
    motion: { kind: 'free' },
    material: SAMPLE_MATERIAL,
  };
}

/** Sample bodies (see `randomBodySpec`), each from a uniformly drawn seed. */
export const arbBodySpec = (): fc.Arbitrary<BodySpec> => arbSeed().map((seed) => randomBodySpec(new Rng(seed)));

/** 1..max sample bodies named body-0, body-1, ... */
export function arbScene(bodies: fc.Arbitrary<BodySpec>, max = 3): fc.Arbitrary<BodySpec[]> {
  return fc.array(bodies, { minLength: 1, maxLength: max }).map(named);
}

/** The specs named body-0, body-1, ... in order. */
export const named = (specs: readonly BodySpec[]): BodySpec[] => specs.map((s, k) => ({ ...s, name: `body-${k}` }));

/**
 * A point of the body in reference coordinates (relative to the reference centre), from
 * ξ ∈ [−1, 1]³: inside the sphere or box of the shape, and within a unit cube for a plane.
 */
export function referencePoint(shape: Shape, xi: Vec3): Vec3 {
  switch (shape.type) {
    case 'sphere': {
      const s = shape.radius / Math.sqrt(3);
      return [s * xi[0], s * xi[1], s * xi[2]];
    }
    case 'box':
      return [shape.halfExtents[0] * xi[0], shape.halfExtents[1] * xi[1], shape.halfExtents[2] * xi[2]];
    case 'ellipsoid': {
      const [a, b, c] = shape.semiAxes;
      const s = 1 / Math.sqrt(3);
      return [s * a * xi[0], s * b * xi[1], s * c * xi[2]];
    }
    case 'capsule': {
      // Within r·√(2/3) of the axis, over the segment's length: inside.
      const s = shape.radius / Math.sqrt(3);
      return [s * xi[0], s * xi[1], shape.halfLength * xi[2]];
    }
    case 'cylinder': {
      // Within r·√(2/3) of the axis, over the length: inside.
      const s = shape.radius / Math.sqrt(3);
      return [s * xi[0], s * xi[1], shape.halfLength * xi[2]];
    }
    case 'hull': {
      // t·p on the segment from the centroid (inside) to a vertex p, t ∈ [0, ½]: inside by convexity.
      const n = shape.points.length;
      const p = shape.points[Math.min(n - 1, Math.floor(((xi[0] + 1) / 2) * n))];
      const t = (xi[1] + 1) / 4;
      return [t * p[0], t * p[1], t * p[2]];
    }
    case 'plane':
      return xi;
  }
}

/** Bodies described for counterexample labels, every number at full precision. */
export function describeBodies(specs: readonly BodySpec[]): string {
  return specs.map((s) => {
    const m = s.motion.kind === 'driven' ? `driven v=${JSON.stringify(s.motion.velocity)} ω=${JSON.stringify(s.motion.angularVelocity)} from=${s.motion.from}` : s.motion.kind;
    return `${s.name}: ${JSON.stringify(s.shape)} ${m} ρ=${s.density} x=${JSON.stringify(s.position)} R=${JSON.stringify(s.rotation)} v=${JSON.stringify(s.velocity)} ω=${JSON.stringify(s.angularVelocity)}`;
  }).join('; ');
}

/**
 * A sample body made physical for a deformable model, which the suite steps with the explicit
 * midpoint scheme (A = M) at h up to 1e-2. An elastic body's fastest mode has
 * ω² ≤ 5 (3λ + 2μ)/(ρ a²), a its least half size (the dilatation mode against the Euler tensor),
 * and the explicit scheme is stable only for h ω < 2: the sample material E = 1e6 Pa breaks that
 * bound by up to a thousandfold. So the body gets E = 100 ρ a² (ν = 0.3), h ω ≤ 0.36. A body that
 * soft stretches when it spins (centrifugal strain about ρ |ω|² b² / E, b its largest half size,
 * hundreds for the slender samples at |ω| ≈ 4), so the spin is scaled down to |ω| ≤ a / b, which
 * keeps that strain below 1 %.
 */
export function deformableSample(spec: BodySpec): BodySpec {
  const [a, b] = halfSizeRange(spec.shape);
  const w = spec.angularVelocity;
  const size = Math.hypot(w[0], w[1], w[2]);
  const scale = size > a / b ? a / b / size : 1;
  return {
    ...spec,
    angularVelocity: [w[0] * scale, w[1] * scale, w[2] * scale],
    material: { young: 100 * spec.density * a * a, poisson: 0.3 },
  };
}

/**
 * A sample body for a model without rotations (`supports.rotations: false`): the same body with
 * no angular velocity. Its orientation stays: such a model keeps a body's initial orientation.
 */
export function withoutSpin(spec: BodySpec): BodySpec {
  return { ...spec, angularVelocity: [0, 0, 0] };
}

/**
 * The least and largest half size of a solid shape: a capsule's radius and radius + half length,
 * a cylinder's lesser and greater of radius and half length, a hull's least and largest half
 * extent of its bounding box about the centre.
 */
export function halfSizeRange(shape: Shape): [number, number] {
  switch (shape.type) {
    case 'sphere': return [shape.radius, shape.radius];
    case 'box': return [Math.min(...shape.halfExtents), Math.max(...shape.halfExtents)];
    case 'ellipsoid': return [Math.min(...shape.semiAxes), Math.max(...shape.semiAxes)];
    case 'capsule': return [shape.radius, shape.radius + shape.halfLength];
    case 'cylinder': return [Math.min(shape.radius, shape.halfLength), Math.max(shape.radius, shape.halfLength)];
    case 'hull': {
      const half = [0, 1, 2].map((j) => Math.max(...shape.points.map((p) => Math.abs(p[j]))));
      return [Math.min(...half), Math.max(...half)];
    }
    default: throw new Error(`halfSizeRange: a ${shape.type} has no size`);
  }
}
