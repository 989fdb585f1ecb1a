import { z } from 'zod';
import { MAX_FRICTION } from '../problem/friction-contact-problem.js';
import { MAX_RESISTANCE } from '../problem/rolling-pairs.js';

/**
 * The JSON scene format (docs/scene-json.md, kept in step with this file by a test).
 * Structure and ranges live here; cross-references (materials named by bodies and
 * friction pairs, duplicate names, planes set free) are checked in `scene-checks.ts`.
 * zod 4's `z.number()` refuses NaN and ±Infinity, so every number here is finite.
 */

const vec3 = z.tuple([z.number(), z.number(), z.number()]);

/**
 * The largest length (a radius, a half extent, a hull or position coordinate) and density a
 * scene may give. Mass grows as ρ L³ and inertia as ρ L⁵: past ~1e100 m they overflow, and a
 * box of half extent 1e154 failed as "a velocity that is not finite", a hull of 1e200 as "points
 * in one plane". 1e6 (a thousand kilometres, in metres) and 1e9 (kg/m³) keep every mass and
 * inertia finite with room to spare, and are far beyond any granular or masonry scene.
 */
export const MAX_LENGTH = 1e6;
export const MAX_DENSITY = 1e9;
const tooLong = `must be at most ${MAX_LENGTH} in size (the largest length a scene may give: mass and inertia must stay finite)`;
const length = z.number().positive('must be positive').max(MAX_LENGTH, tooLong);
const coordinate = z.number().min(-MAX_LENGTH, tooLong).max(MAX_LENGTH, tooLong);
const point3 = z.tuple([coordinate, coordinate, coordinate]);
const nonZero = (v: readonly number[]): boolean => Math.hypot(...v) > 0;

const sphereSchema = z.strictObject({
  type: z.literal('sphere'),
  radius: length,
});

const boxSchema = z.strictObject({
  type: z.literal('box'),
  halfExtents: z.tuple([length, length, length]),
});

const ellipsoidSchema = z.strictObject({
  type: z.literal('ellipsoid'),
  semiAxes: z.tuple([length, length, length])
    .describe('semi-axes along the body axes'),
});

const capsuleSchema = z.strictObject({
  type: z.literal('capsule'),
  radius: length,
  halfLength: z.number().nonnegative('must be non-negative').max(MAX_LENGTH, tooLong).describe('half the length of the axis segment, along the body z axis'),
});

// The capsule's axis convention: the axis is the body z axis and `halfLength` half the length along it.
const cylinderSchema = z.strictObject({
  type: z.literal('cylinder'),
  radius: length,
  halfLength: length.describe('half the length along the body z axis (the flat ends are at z = ±halfLength)'),
});

// Whether the points span a solid is checked in scene-checks.ts (it needs the hull itself).
const hullSchema = z.strictObject({
  type: z.literal('hull'),
  points: z.array(point3).min(4, 'a hull needs at least 4 points').describe('xyz triples in the body frame, relative to `position`'),
});

const planeSchema = z.strictObject({
  type: z.literal('plane'),
  normal: vec3.refine(nonZero, 'must not be the zero vector'),
});

export const shapeSchema = z.discriminatedUnion('type', [sphereSchema, boxSchema, ellipsoidSchema, capsuleSchema, cylinderSchema, hullSchema, planeSchema]);

const drivenSchema = z.strictObject({
  driven: z.strictObject({
    velocity: vec3.default([0, 0, 0]).describe('world velocity of the pivot (of the reference centre when no pivot is given)'),
    angularVelocity: vec3.default([0, 0, 0]).describe('world angular velocity, about `pivot`'),
    pivot: vec3.optional().describe('world point the rotation is about when the motion starts (default: the reference centre); it moves with `velocity`'),
    from: z.number().nonnegative('must be non-negative').default(0).describe('time from which the motion applies; the body rests before it'),
  }),
});

export const motionSchema = z.union([z.literal('free'), z.literal('static'), drivenSchema], {
  error: 'must be "free", "static" or { "driven": { "velocity", "angularVelocity", "pivot", "from" } }',
});

/** A unit quaternion [w, x, y, z] (normalised on reading) or an axis and an angle in radians. */
export const rotationSchema = z.union([
  z.tuple([z.number(), z.number(), z.number(), z.number()]).refine(nonZero, 'a quaternion must not be zero'),
  z.strictObject({
    axis: vec3.refine(nonZero, 'must not be the zero vector'),
    angle: z.number().describe('radians'),
  }),
], { error: 'must be a quaternion [w, x, y, z] or { "axis": [x, y, z], "angle": radians }' });

/**
 * The largest entry of an initial deformation gradient: a thousandfold stretch is far beyond any
 * homogeneous deformation a pseudo-rigid body describes, and it keeps positions, det F0 and the
 * elastic energy (which grows as |F|⁴) finite.
 */
export const MAX_STRETCH = 1e3;
const stretch = z.number().min(-MAX_STRETCH, `must be within ±${MAX_STRETCH}`).max(MAX_STRETCH, `must be within ±${MAX_STRETCH}`);
/** A 3×3 matrix as three rows [[a, b, c], [d, e, f], [g, h, i]]. */
const matrix3 = (entry: z.ZodNumber) => {
  const row = z.tuple([entry, entry, entry]);
  return z.tuple([row, row, row]);
};

export const bodySchema = z.strictObject({
  name: z.string().min(1).optional(),
  shape: shapeSchema,
  kinematics: z.string().min(1).default('rigid').describe('kinematics plugin name'),
  motion: motionSchema.default('free'),
  material: z.string().min(1).optional().describe('a key of `materials`'),
  density: z.number().positive('must be positive').max(MAX_DENSITY, `must be at most ${MAX_DENSITY}`).optional().describe("overrides the material's density"),
  position: point3,
  rotation: rotationSchema.optional(),
  velocity: vec3.optional(),
  angularVelocity: vec3.optional(),
  force: vec3.optional().describe('constant world force on the mass centre, applied every step besides gravity (free bodies only)'),
  torque: vec3.optional().describe('constant world torque, applied every step (free bodies only)'),
  initialDeformation: matrix3(stretch).optional()
    .describe('deformable kinematics only: the initial deformation gradient F0 as rows, det > 0, applied about the mass centre (F = F0 R)'),
  initialVelocityGradient: matrix3(z.number()).optional()
    .describe('deformable kinematics only: the initial world velocity gradient L0 as rows, added to the angular velocity\'s (Ḟ = (L0 + [ω]×) F)'),
  appearsAt: z.number().nonnegative('must be non-negative').default(0)
    .describe('time at which the body enters the scene (a particle poured in later); before it, the body is held at rest where it is and takes part in no contact'),
});

/** A material: density plus any further named numbers a kinematics model reads (young, poisson, ...). */
export const materialSchema = z.object({
  density: z.number().positive('must be positive').max(MAX_DENSITY, `must be at most ${MAX_DENSITY}`),
  young: z.number().positive('must be positive').optional(),
  poisson: z.number().gt(-1, 'must be in (-1, 0.5)').lt(0.5, 'must be in (-1, 0.5)').optional(),
}).catchall(z.number());

/** μ of a pair or the default: the problem's bound (MAX_FRICTION says why). */
const frictionCoefficient = z.number().nonnegative('must be non-negative')
  .max(MAX_FRICTION, `must be at most ${MAX_FRICTION}: beyond it the siconos measure cannot tell a sticking contact from one left to approach; for "no sliding" use 1e3`);

const restitutionSchema = z.number().min(0, 'must be in [0, 1]').max(1, 'must be in [0, 1]');

/**
 * ρ or σ of a pair or the default (paper 002's cone Z): a length ≥ 0, at most the problem's bound
 * (MAX_RESISTANCE says why); absent or 0, the pair's contacts get no torque block.
 */
const resistance = (what: string) => z.number().nonnegative('must be non-negative (a length)')
  .max(MAX_RESISTANCE, `must be at most ${MAX_RESISTANCE}: beyond it the siconos measure cannot tell a contact held still from one left to move; a real resistance is a fraction of the contact radius`)
  .optional()
  .describe(`${what} resistance (a length): the contact's ${what} torque is at most this times the normal force (default 0: none)`);
const rollingResistance = resistance('rolling');
const spinningResistance = resistance('spinning');

export const frictionPairSchema = z.strictObject({
  between: z.tuple([z.string().min(1), z.string().min(1)]),
  mu: frictionCoefficient,
  restitution: restitutionSchema.optional(),
  rollingResistance,
  spinningResistance,
});

export const outputSchema = z.union([
  z.strictObject({ every: z.number().int().positive('must be a positive integer') }),
  z.strictObject({ interval: z.number().positive('must be positive') }),
], { error: 'must be { "every": steps } or { "interval": seconds }' });

export const sceneSchema = z.strictObject({
  $schema: z.string().optional(),
  description: z.string().optional(),
  gravity: vec3.default([0, 0, -9.81]),
  timeStep: z.number().positive('must be positive'),
  duration: z.number().positive('must be positive'),
  output: outputSchema.default({ every: 1 }),
  materials: z.record(z.string().min(1), materialSchema).default({}),
  friction: z.array(frictionPairSchema).default([]),
  defaultFriction: z.strictObject({
    mu: frictionCoefficient,
    restitution: restitutionSchema.optional(),
    rollingResistance,
    spinningResistance,
  }).default({ mu: 0.5 }),
  bodies: z.array(bodySchema).min(1, 'a scene needs at least one body'),
});

export type SceneJson = z.input<typeof sceneSchema>;
export type ParsedSceneJson = z.output<typeof sceneSchema>;
