import type { ShapeType, Vec3 } from '../contracts/dynamics.js';
import { MoreauError } from '../contracts/errors.js';
import type { DrivenMotionKind, KinematicsCapabilities } from '../contracts/plugin.js';
import { materialWords, ResistanceReach, type ResistedLaw } from './resistance-reach.js';
import type { Scene, SceneBody } from './scene.js';

/**
 * What a scene may ask of its plugins, checked when the simulation is created rather than found
 * at the first step (where a detector meets a shape it has no routine for, or a model silently
 * drops a spin it cannot hold): every body against the capabilities its kinematics and the
 * configured detector declare (`supports`, read with the contract's defaults).
 */

/** What a detector declares it handles, defaults filled in. */
export interface DetectorSupport {
  shapes: readonly ShapeType[];
  affine: readonly ShapeType[];
}

/** The capabilities of the plugins a simulation runs with, and of the others registered (to suggest one). */
export interface PluginSupport {
  /** Every registered kinematics plugin by name. */
  kinematics: ReadonlyMap<string, Required<KinematicsCapabilities>>;
  /** Every registered detector by name. */
  detectors: ReadonlyMap<string, DetectorSupport>;
  /** The configured detector's name (a key of `detectors`). */
  detector: string;
}

/** One line per thing a body asks for that its plugins do not declare, each naming the body and the field. */
export function unsupportedSceneProblems(scene: Scene, support: PluginSupport): string[] {
  const problems: string[] = [];
  // Built only when some body's model lacks angular velocity rows (the table costs materials²).
  const lacksRows = scene.bodies.some((b) => support.kinematics.get(b.kinematics)?.rolling === false);
  const reach = lacksRows ? new ResistanceReach(scene) : undefined;
  scene.bodies.forEach((body, i) => {
    const where = (field: string): string => `bodies[${i}] ("${body.spec.name}").${field}`;
    const caps = support.kinematics.get(body.kinematics);
    const resisted = reach?.lawOf(i);
    const fits = (c: Required<KinematicsCapabilities>): boolean => kinematicsProblems(body, c, resisted).length === 0;
    if (caps) for (const [field, why] of kinematicsProblems(body, caps, resisted)) problems.push(`${where(field)}: kinematics "${body.kinematics}" ${why}${alternatives('kinematics', support.kinematics, fits)}`);
    const detector = support.detectors.get(support.detector);
    if (detector) {
      const why = shapeProblem(body, caps, detector, support.detector);
      const fits = (d: DetectorSupport): boolean => shapeProblem(body, caps, d, '') === undefined;
      if (why) problems.push(`${where('shape')}: ${why}${alternatives('detectors', support.detectors, fits)}`);
    }
  });
  return problems;
}

/** Throws E_UNSUPPORTED listing every problem `unsupportedSceneProblems` finds; returns when there is none. */
export function assertSceneSupported(scene: Scene, support: PluginSupport): void {
  const problems = unsupportedSceneProblems(scene, support);
  if (!problems.length) return;
  const where = scene.source ? ` in ${scene.source}` : '';
  const err = new MoreauError(
    'E_UNSUPPORTED',
    `The scene${where} asks for what its plugins do not support (${problems.length} problem${problems.length === 1 ? '' : 's'}):\n${problems.map((l) => `  ${l}`).join('\n')}`,
    scene.source ? { file: scene.source } : undefined,
  );
  err.issues = problems;
  throw err;
}

const isZero = (v: Vec3): boolean => v[0] === 0 && v[1] === 0 && v[2] === 0;

/**
 * [field, what the model lacks] for each thing the body asks of a model with capabilities `caps`;
 * `resisted` is the law that may give the body a contact with rolling or spinning resistance, if any.
 */
function kinematicsProblems(body: SceneBody, caps: Required<KinematicsCapabilities>, resisted?: ResistedLaw): [string, string][] {
  const { spec, load } = body;
  const out: [string, string][] = [];
  const noRotations = 'has no rotations (supports.rotations: false)';
  if (!caps.rotations && !isZero(spec.angularVelocity)) out.push(['angularVelocity', `${noRotations}, so a body cannot start turning; give [0, 0, 0]`]);
  if (!caps.rotations && load && !isZero(load.torque)) out.push(['torque', `${noRotations}, so a torque has nothing to turn`]);
  if (spec.motion.kind === 'driven') {
    const m = spec.motion;
    const uses: [DrivenMotionKind, boolean][] = [['velocity', !isZero(m.velocity)], ['angularVelocity', !isZero(m.angularVelocity)]];
    if (!caps.driven.length) out.push(['motion', `holds no driven bodies (supports.driven: []); make the body static or free`]);
    else {
      for (const [kind, used] of uses) {
        if (!used || caps.driven.includes(kind)) continue;
        const why = kind === 'angularVelocity' && !caps.rotations ? `${noRotations}, so it cannot drive a rotation`
          : `cannot drive a body's ${kind} (supports.driven: ${JSON.stringify(caps.driven)})`;
        out.push([`motion.driven.${kind}`, why]);
      }
    }
  }
  const notDeformable = 'is not deformable (supports.deformable is not true), so a body cannot start';
  if (!caps.deformable && spec.initialDeformation) out.push(['initialDeformation', `${notDeformable} deformed`]);
  if (!caps.deformable && spec.initialVelocityGradient) out.push(['initialVelocityGradient', `${notDeformable} with a velocity gradient`]);
  if (!caps.rolling && resisted) {
    const { path, rho, sigma, other } = resisted;
    out.push(['kinematics', `gives no angular velocity rows (supports.rolling is not true), so its contacts can have no rolling or spinning resistance, but ${path} gives its contacts with ${materialWords(other)} rollingResistance ${rho} and spinningResistance ${sigma}; give that pair none`]);
  }
  return out;
}

/**
 * Why the detector cannot see the body's shape, or undefined: a shape it does not declare, or a
 * free body of a deformable model (its pose is a general linear map) in a shape it does not
 * declare under such a map (`supports.affine`).
 */
function shapeProblem(body: SceneBody, caps: Required<KinematicsCapabilities> | undefined, d: DetectorSupport, name: string): string | undefined {
  const type = body.spec.shape.type;
  if (!d.shapes.includes(type)) return `detector "${name}" does not support a ${type}; it supports ${d.shapes.join(', ')}`;
  if (caps?.deformable && body.spec.motion.kind === 'free' && !d.affine.includes(type)) {
    return `detector "${name}" does not support a deformed ${type}, and kinematics "${body.kinematics}" deforms a free body; it supports deformed ${d.affine.length ? d.affine.join(', ') : '(none)'}`;
  }
  return undefined;
}

/** `; <kind> that do: a, b` from the registered plugins that would take the body, or a plain end. */
function alternatives<T>(kind: string, all: ReadonlyMap<string, T>, fits: (c: T) => boolean): string {
  const names = [...all].filter(([, c]) => fits(c)).map(([n]) => n).sort();
  return names.length ? `; registered ${kind} that do: ${names.join(', ')}` : '';
}
