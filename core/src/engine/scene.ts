import type { z } from 'zod';
import { toPrincipalFrame } from '../geometry/principal-hull.js';
import { MoreauError } from '../contracts/errors.js';
import { formatIssues, misspeltNames } from '../contracts/format-issues.js';
import type { BodySpec, Motion, Vec3 } from '../contracts/dynamics.js';
import { axisAngleToMatrix, IDENTITY3, quaternionToMatrix } from './rotation.js';
import { crossCheckScene, defaultBodyName } from './scene-checks.js';
import { bodySchema, sceneSchema, type ParsedSceneJson } from './scene-schema.js';
import { flattenUnionIssues } from './union-issues.js';

/** A body of a validated scene: what its kinematics plugin receives, and which plugin that is. */
export interface SceneBody {
  spec: BodySpec;
  /** Kinematics plugin name. */
  kinematics: string;
  /** Material name, when the body names one. */
  material: string | undefined;
  /** Time the body enters the scene (0: from the start). */
  appearsAt: number;
  /** The constant world force on its mass centre and world torque the scene applies every step; undefined: none. */
  load: BodyLoad | undefined;
}

/** A world force on a body's mass centre and a world torque. */
export interface BodyLoad {
  force: Vec3;
  torque: Vec3;
}

export interface FrictionLaw {
  mu: number;
  /** Newton restitution coefficient for this pair; undefined leaves the integrator's impact law. */
  restitution: number | undefined;
  /** Rolling resistance ρ of this pair (a length); absent: 0, no torque block. */
  rollingResistance?: number;
  /** Spinning resistance σ of this pair (a length); absent: 0. */
  spinningResistance?: number;
}

/** A validated scene with every default filled in and bodies converted to `BodySpec`s. */
export interface Scene {
  /** File name or label, for messages. */
  source: string | undefined;
  gravity: Vec3;
  timeStep: number;
  duration: number;
  output: { every: number } | { interval: number };
  materials: Readonly<Record<string, Readonly<Record<string, number>>>>;
  friction: ReadonlyArray<{ between: readonly [string, string]; law: FrictionLaw }>;
  defaultFriction: FrictionLaw;
  bodies: readonly SceneBody[];
}

const parsedScenes = new WeakSet<object>();

/** True for an object `parseScene` returned (so it is not validated twice). */
export function isScene(x: unknown): x is Scene {
  return typeof x === 'object' && x !== null && parsedScenes.has(x);
}

/**
 * Validates a scene (docs/scene-json.md) and converts it: every problem is reported at
 * once, one line per problem with its JSON path, in one `E_SCENE` error.
 * @param source file name or label for the message
 */
export function parseScene(input: unknown, source?: string): Scene {
  if (isScene(input)) return input;
  const parsed = sceneSchema.safeParse(input, { error: misspeltNames });
  const problems = [...(parsed.success ? [] : formatIssues(flattenUnionIssues(parsed.error.issues))), ...crossCheckScene(input)];
  if (problems.length || !parsed.success) throw sceneError(problems, source);
  const scene = convert(parsed.data, source);
  parsedScenes.add(scene);
  return scene;
}

function sceneError(problems: string[], source: string | undefined): MoreauError {
  const where = source ? ` in ${source}` : '';
  const err = new MoreauError(
    'E_SCENE',
    `Invalid scene${where} (${problems.length} problem${problems.length === 1 ? '' : 's'}):\n${problems.map((l) => `  ${l}`).join('\n')}`,
    source ? { file: source } : undefined,
  );
  err.issues = problems;
  return err;
}

function convert(s: ParsedSceneJson, source: string | undefined): Scene {
  return {
    source,
    gravity: s.gravity,
    timeStep: s.timeStep,
    duration: s.duration,
    output: s.output,
    materials: s.materials as Record<string, Record<string, number>>,
    friction: s.friction.map((f) => ({ between: f.between, law: lawOf(f) })),
    defaultFriction: lawOf(s.defaultFriction),
    bodies: s.bodies.map((b, i) => convertBody(b, i, s.materials as Record<string, Record<string, number>>)),
  };
}

/** A pair's law; the resistances only where the scene gives them, so a scene without them converts (and fingerprints) as before. */
function lawOf(f: ParsedSceneJson['defaultFriction']): FrictionLaw {
  const { mu, restitution, rollingResistance, spinningResistance } = f;
  return {
    mu, restitution,
    ...(rollingResistance === undefined ? {} : { rollingResistance }),
    ...(spinningResistance === undefined ? {} : { spinningResistance }),
  };
}

function convertBody(b: z.output<typeof bodySchema>, i: number, materials: Record<string, Record<string, number>>): SceneBody {
  const material = b.material === undefined ? {} : materials[b.material];
  const zero: Vec3 = [0, 0, 0];
  const placed: BodySpec = {
    name: b.name ?? defaultBodyName(i),
    shape: b.shape,
    // Bodies without unknowns need no mass; crossCheckScene ensured free bodies have one.
    density: b.density ?? material.density ?? 0,
    position: b.position,
    rotation: b.rotation === undefined ? IDENTITY3
      : Array.isArray(b.rotation) ? quaternionToMatrix(b.rotation)
        : axisAngleToMatrix((b.rotation as { axis: Vec3 }).axis, (b.rotation as { angle: number }).angle),
    velocity: b.velocity ?? zero,
    angularVelocity: b.angularVelocity ?? zero,
    motion: toMotion(b.motion),
    material: { ...material },
    ...(b.initialDeformation ? { initialDeformation: b.initialDeformation.flat() } : {}),
    ...(b.initialVelocityGradient ? { initialVelocityGradient: b.initialVelocityGradient.flat() } : {}),
  };
  // The contract's reference frame is the principal frame with its origin at the mass centre:
  // a hull is turned there, its position and rotation changed so its world points stay put.
  const spec = toPrincipalFrame(placed, `bodies[${i}].shape.points`);
  const load = b.force || b.torque ? { force: b.force ?? zero, torque: b.torque ?? zero } : undefined;
  return { spec, kinematics: b.kinematics, material: b.material, appearsAt: b.appearsAt, load };
}

function toMotion(m: z.output<typeof bodySchema>['motion']): Motion {
  if (m === 'free') return { kind: 'free' };
  if (m === 'static') return { kind: 'static' };
  const { velocity, angularVelocity, pivot, from } = m.driven;
  return pivot === undefined ? { kind: 'driven', velocity, angularVelocity, from } : { kind: 'driven', velocity, angularVelocity, pivot, from };
}
