import type { ShapeType } from './dynamics.js';
import type { DetectorPlugin, DrivenMotionKind, KinematicsCapabilities, KinematicsPlugin } from './plugin.js';

/**
 * The capabilities a kinematics or detector plugin declares, with the contract's defaults filled
 * in: one reading for the engine (which refuses a scene asking for more) and the conformance
 * suites (which skip what a plugin does not claim).
 */

/** The shapes a detector that declares none is taken to handle. */
export const DEFAULT_DETECTOR_SHAPES: readonly ShapeType[] = ['sphere', 'box', 'plane'];

/** Every part of a driven motion, in the scene's order. */
export const DRIVEN_MOTION_KINDS: readonly DrivenMotionKind[] = ['velocity', 'angularVelocity'];

/**
 * `supports` of a kinematics plugin with the defaults: not deformable, with rotations, every
 * driven part its rotations allow (a model without rotations has no driven rotation either, even
 * if its list names one), and no angular velocity rows (`rolling`; never without rotations).
 */
export function kinematicsCapabilities(plugin: Pick<KinematicsPlugin, 'supports'>): Required<KinematicsCapabilities> {
  const s = plugin.supports ?? {};
  const rotations = s.rotations ?? true;
  const declared = s.driven ?? DRIVEN_MOTION_KINDS;
  const driven = DRIVEN_MOTION_KINDS.filter((k) => declared.includes(k) && (rotations || k !== 'angularVelocity'));
  return { deformable: s.deformable ?? false, rotations, driven, rolling: rotations && s.rolling === true };
}

/** `supports` of a detector plugin with the defaults: sphere, box and plane; no deformed shape. */
export function detectorCapabilities(plugin: Pick<DetectorPlugin, 'supports'>): { shapes: readonly ShapeType[]; affine: readonly ShapeType[] } {
  return { shapes: plugin.supports?.shapes ?? DEFAULT_DETECTOR_SHAPES, affine: plugin.supports?.affine ?? [] };
}

/**
 * What is wrong with the `supports` a kinematics or detector plugin declares, one line each
 * (none: nothing), for the registry's contract check: the engine and the suites read them.
 */
export function supportsProblems(plugin: { kind?: unknown; supports?: unknown }): string[] {
  const s = plugin.supports as Record<string, unknown> | undefined;
  if (s === undefined || (plugin.kind !== 'kinematics' && plugin.kind !== 'detector')) return [];
  if (typeof s !== 'object' || s === null) return [`supports must be an object (got ${JSON.stringify(s)})`];
  const problems: string[] = [];
  const list = (key: string, allowed?: readonly string[]): void => {
    const v = s[key];
    if (v === undefined) return;
    if (!Array.isArray(v) || !v.every((x) => typeof x === 'string' && (!allowed || allowed.includes(x)))) {
      problems.push(`supports.${key} must be a list of ${allowed ? allowed.map((a) => `'${a}'`).join(', ') : 'shape types'} (got ${JSON.stringify(v)})`);
    }
  };
  if (plugin.kind === 'kinematics') {
    for (const key of ['deformable', 'rotations', 'rolling']) {
      if (s[key] !== undefined && typeof s[key] !== 'boolean') problems.push(`supports.${key} must be a boolean (got ${JSON.stringify(s[key])})`);
    }
    list('driven', DRIVEN_MOTION_KINDS);
  } else {
    list('shapes');
    list('affine');
  }
  return problems;
}
